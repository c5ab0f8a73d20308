import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, jsonContent, notFoundResponse, validationErrorResponse } from "../../http/route";
import { readTemplate } from "../../operations/forms/read-template";
import { FormTemplateSchema, TAGS, templateParams, templateView } from "./schemas";

export const readFormTemplate = defineRoute(
  companyRoute("P", "form.view", {
    method: "get",
    path: "/forms/{number}",
    operationId: "getFormTemplate",
    tags: TAGS,
    summary: "Read a form template",
    request: { params: templateParams },
    responses: {
      200: jsonContent(FormTemplateSchema, "The template."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => c.json(templateView(await readTemplate(contextOf(c), c.req.valid("param").number)), 200),
);
