import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import { readDocument } from "../../domain/configuration/read-document";
import type { AppEnv } from "../../http/context";
import {
  companyParams,
  companyRoute,
  jsonBody,
  jsonContent,
  keyCaller,
  validationErrorResponse,
} from "../../http/route";
import { DocumentInputSchema, ValidationIssueSchema } from "./schemas";

const validateConfiguration = companyRoute("P", "configuration.view", {
  method: "post",
  path: "/configuration/validate",
  operationId: "validateConfiguration",
  tags: ["Configuration"],
  summary: "Validate a configuration document without importing it",
  description:
    "Runs exactly the validation import runs, against the stored configuration. Warnings never make a document invalid.",
  request: { params: companyParams(), body: jsonBody(DocumentInputSchema) },
  responses: {
    200: jsonContent(
      z.object({ isValid: z.boolean(), issues: z.array(ValidationIssueSchema) }).openapi("ConfigurationValidation"),
      "The verdict and every issue found.",
    ),
    ...validationErrorResponse,
  },
});

export function registerConfigurationValidateRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(validateConfiguration, async (c) => {
    const { companyId } = keyCaller(c);
    const stored = await loadConfiguration(database(c.env.DB), companyId);
    const { document, issues } = readDocument(c.req.valid("json"), stored.document);
    return c.json({ isValid: document !== null, issues }, 200);
  });
}
