import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, NoBody, notFoundResponse, validationErrorResponse } from "../../http/route";
import { deleteRule } from "../../operations/forms/delete-rule";
import { ruleParams, TAGS } from "./schemas";

export const deleteFormLogicRule = defineRoute(
  companyRoute("P", "form.edit", {
    method: "delete",
    path: "/forms-logic/{ruleId}",
    operationId: "deleteFormLogicRule",
    tags: TAGS,
    summary: "Delete a forms-logic rule",
    request: { params: ruleParams, body: NoBody },
    responses: { 204: { description: "Deleted." }, ...validationErrorResponse, ...notFoundResponse },
  }),
  async (c) => {
    await deleteRule(contextOf(c), c.req.valid("param").ruleId);
    return c.body(null, 204);
  },
);
