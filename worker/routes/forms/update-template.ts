import { defineRoute } from "../../http/registry";
import {
  companyRoute,
  contextOf,
  jsonBody,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { updateTemplate } from "../../operations/forms/update-template";
import { FormTemplateSchema, TAGS, templateParams, templateView, UpdateTemplateBodySchema } from "./schemas";

export const updateFormTemplate = defineRoute(
  companyRoute("P", "form.edit", {
    method: "patch",
    path: "/forms/{number}",
    operationId: "updateFormTemplate",
    tags: TAGS,
    summary: "Change a form template's name, edition or description",
    description: "Partial update: at least one of `name`, `edition`, `description`; `null` clears the last two.",
    request: { params: templateParams, body: jsonBody(UpdateTemplateBodySchema) },
    responses: {
      200: jsonContent(FormTemplateSchema, "The template."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => {
    const { batchId: _batchId, ...change } = c.req.valid("json");
    return c.json(
      templateView(await updateTemplate(contextOf(c), { number: c.req.valid("param").number, ...change })),
      200,
    );
  },
);
