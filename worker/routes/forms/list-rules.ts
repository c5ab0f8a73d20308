import { z } from "@hono/zod-openapi";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonContent, validationErrorResponse } from "../../http/route";
import { listRules } from "../../operations/forms/list-rules";
import { FormLogicRuleSchema, FormNumberFilter, ruleView, TAGS } from "./schemas";

export const listFormLogicRules = defineRoute(
  companyRoute("P", "form.view", {
    method: "get",
    path: "/forms-logic",
    operationId: "listFormLogicRules",
    tags: TAGS,
    summary: "List forms-logic rules, oldest first",
    request: { params: companyParams(), query: z.object({ formNumber: FormNumberFilter, ...pageQuery(50, 500) }) },
    responses: { 200: jsonContent(pageEnvelope(FormLogicRuleSchema), "A page of rules."), ...validationErrorResponse },
  }),
  async (c) => {
    const { formNumber, page, pageSize } = c.req.valid("query");
    const { items, totalCount } = await listRules(contextOf(c), {
      formNumber,
      limit: pageSize,
      offset: offsetOf(page, pageSize),
    });
    return c.json({ items: items.map(ruleView), totalCount, page, pageSize }, 200);
  },
);
