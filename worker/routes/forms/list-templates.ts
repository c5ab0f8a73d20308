import { z } from "@hono/zod-openapi";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonContent, validationErrorResponse } from "../../http/route";
import { listTemplates } from "../../operations/forms/list-templates";
import { FormTemplateSchema, TAGS, templateView } from "./schemas";

export const listFormTemplates = defineRoute(
  companyRoute("P", "form.view", {
    method: "get",
    path: "/forms",
    operationId: "listFormTemplates",
    tags: TAGS,
    summary: "List form templates, by number",
    request: { params: companyParams(), query: z.object(pageQuery(50, 500)) },
    responses: {
      200: jsonContent(pageEnvelope(FormTemplateSchema), "A page of templates."),
      ...validationErrorResponse,
    },
  }),
  async (c) => {
    const { page, pageSize } = c.req.valid("query");
    const { items, totalCount } = await listTemplates(contextOf(c), {
      limit: pageSize,
      offset: offsetOf(page, pageSize),
    });
    return c.json({ items: items.map(templateView), totalCount, page, pageSize }, 200);
  },
);
