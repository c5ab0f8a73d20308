import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonBody,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { recordGeneratedForm } from "../../operations/forms/record-generated-form";
import { GeneratedFormSchema, generatedFormView, RecordGeneratedFormBodySchema, TAGS } from "./schemas";

const BOUND = "`bound` is deprecated and always `false`, whatever the state of the quote or policy.";

export const recordGeneratedFormRoute = defineRoute(
  companyRoute("P", "form.create", {
    method: "post",
    path: "/forms/generated",
    operationId: "recordGeneratedForm",
    tags: TAGS,
    summary: "Record a form as generated for a quote or policy",
    description:
      "404 when the template or the record does not exist (a policy by its policy id). The record keeps the " +
      `form's number and current name, also after the template is deleted. ${BOUND}`,
    request: { params: companyParams(), body: jsonBody(RecordGeneratedFormBodySchema) },
    responses: {
      201: jsonContent(GeneratedFormSchema, "The generated form."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => {
    const { batchId: _batchId, ...input } = c.req.valid("json");
    return c.json(generatedFormView(await recordGeneratedForm(contextOf(c), input)), 201);
  },
);
