import { z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/registry";
import { BODY_LIMITS } from "../../http/request-body";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonBody,
  jsonContent,
  validationErrorResponse,
} from "../../http/route";
import { validateDocument } from "../../operations/configuration/validate-document";
import { DocumentInputSchema, ValidationIssueSchema } from "./schemas";

const ValidationSchema = z
  .object({ isValid: z.boolean(), issues: z.array(ValidationIssueSchema) })
  .openapi("ConfigurationValidation");

const DESCRIPTION =
  "Runs exactly the validation import runs, against the stored configuration. Warnings never make a document " +
  "invalid.";

export const validateConfiguration = defineRoute(
  companyRoute(
    "P",
    "configuration.view",
    {
      method: "post",
      path: "/configuration/validate",
      operationId: "validateConfiguration",
      tags: ["Configuration"],
      summary: "Validate a configuration document without importing it",
      description: DESCRIPTION,
      request: { params: companyParams(), body: jsonBody(DocumentInputSchema) },
      responses: {
        200: jsonContent(ValidationSchema, "The verdict and every issue found."),
        ...validationErrorResponse,
      },
    },
    { readOnly: true, duringSetup: true, bodyLimit: BODY_LIMITS.configurationDocument },
  ),
  async (c) => c.json(await validateDocument(contextOf(c), c.req.valid("json")), 200),
);
