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
import { createRule } from "../../operations/forms/create-rule";
import { CreateRuleBodySchema, FormLogicRuleSchema, ruleView, TAGS } from "./schemas";

export const createFormLogicRule = defineRoute(
  companyRoute("P", "form.edit", {
    method: "post",
    path: "/forms-logic",
    operationId: "createFormLogicRule",
    tags: TAGS,
    summary: "Add a forms-logic rule",
    description:
      "Form `formNumber` applies to `entityType` (`quote` or `policy`). 404 when the template does not exist. " +
      "While the rule lives, the template cannot be deleted.",
    request: { params: companyParams(), body: jsonBody(CreateRuleBodySchema) },
    responses: { 201: jsonContent(FormLogicRuleSchema, "The rule."), ...validationErrorResponse, ...notFoundResponse },
  }),
  async (c) => {
    const { batchId: _batchId, ...input } = c.req.valid("json");
    return c.json(ruleView(await createRule(contextOf(c), input)), 201);
  },
);
