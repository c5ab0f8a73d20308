import { z } from "@hono/zod-openapi";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { listGeneratedForms } from "../../operations/forms/list-generated-forms";
import { BOTH_OR_NEITHER, bothOrNeither } from "../attachments/schemas";
import { GeneratedFormFilterQuery, GeneratedFormSchema, generatedFormView, TAGS } from "./schemas";

const BOUND = "`bound` is deprecated and always `false`, whatever the state of the quote or policy.";

export const listGeneratedFormsRoute = defineRoute(
  companyRoute("P", "form.view", {
    method: "get",
    path: "/forms/generated",
    operationId: "listGeneratedForms",
    tags: TAGS,
    summary: "List generated forms, newest first",
    description:
      "Filters (optional, combined): `entityType` + `entityId` (404 when the record does not exist), " +
      `\`formNumber\` matched as text (never 404). ${BOUND}`,
    request: {
      params: companyParams(),
      query: z.object({ ...GeneratedFormFilterQuery, ...pageQuery(50, 500) }).refine(bothOrNeither, BOTH_OR_NEITHER),
    },
    responses: {
      200: jsonContent(pageEnvelope(GeneratedFormSchema), "A page of generated forms."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => {
    const { page, pageSize, ...filters } = c.req.valid("query");
    const { items, totalCount } = await listGeneratedForms(contextOf(c), {
      ...filters,
      limit: pageSize,
      offset: offsetOf(page, pageSize),
    });
    return c.json({ items: items.map(generatedFormView), totalCount, page, pageSize }, 200);
  },
);
