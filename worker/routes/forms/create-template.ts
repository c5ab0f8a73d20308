import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  conflictResponse,
  contextOf,
  jsonBody,
  jsonContent,
  validationErrorResponse,
} from "../../http/route";
import { createTemplate } from "../../operations/forms/create-template";
import { CreateTemplateBodySchema, FormTemplateSchema, TAGS, templateView } from "./schemas";

const TEMPLATE_NOTE =
  "Templates hold no document: generation from templates is planned, not available. `number` identifies the " +
  "form in the company and never changes.";

export const createFormTemplate = defineRoute(
  companyRoute("P", "form.create", {
    method: "post",
    path: "/forms",
    operationId: "createFormTemplate",
    tags: TAGS,
    summary: "Register a form template",
    description: `${TEMPLATE_NOTE} A number already used in the company is 409 \`FormNumberTaken\`.`,
    request: { params: companyParams(), body: jsonBody(CreateTemplateBodySchema) },
    responses: {
      201: jsonContent(FormTemplateSchema, "The template."),
      ...validationErrorResponse,
      ...conflictResponse("The number is already used (`FormNumberTaken`)."),
    },
  }),
  async (c) => {
    const { batchId: _batchId, ...input } = c.req.valid("json");
    return c.json(templateView(await createTemplate(contextOf(c), input)), 201);
  },
);
