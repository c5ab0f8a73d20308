import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import {
  companyRoute,
  contextOf,
  jsonContent,
  NoBody,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { BIND_RULES_DOC } from "./bind-conditions";
import { errorAnswer, QuoteSchema, quoteParams } from "./schemas";

const DESCRIPTION = [
  "Marks an `inProgress` quote `complete` when the bind rules pass, `policy-data` excepted (`policy-invoicing` " +
    "as bind-conditions evaluates it; preconditions that read the clock are evaluated now). A failing rule is 409 " +
    "`BindConditionsFailed` with one `details` entry per failure (`field` is the rule) and one `userMessages` " +
    "sentence per failure (fields named by their labels); `quoteBindErrors` is left " +
    "as it was. A quote that is not `inProgress` is 409 `InvalidLifecycleTransition`. A later data change (PATCH or " +
    "PUT) sets it back to `inProgress`. No body, `{}` or `{batchId}`. Serialized per company.",
  BIND_RULES_DOC,
].join("\n\n");

export const completeQuote = defineRoute(
  companyRoute("P", "quote.edit", {
    method: "post",
    path: "/quotes/{quoteId}/complete",
    operationId: "completeQuote",
    tags: ["Quotes"],
    summary: "Complete a quote",
    description: DESCRIPTION,
    request: { params: quoteParams, body: NoBody },
    responses: {
      200: jsonContent(QuoteSchema, "The quote, now `complete`."),
      ...validationErrorResponse,
      ...notFoundResponse,
      409: errorAnswer("`InvalidLifecycleTransition` (not `inProgress`) or `BindConditionsFailed`."),
    },
  }),
  async (c) => c.json(await companyObject(contextOf(c)).completeQuote({ quoteId: c.req.valid("param").quoteId }), 200),
);
