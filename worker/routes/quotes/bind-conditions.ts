import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, jsonContent, notFoundResponse, validationErrorResponse } from "../../http/route";
import { readBindConditions } from "../../operations/quotes/read-bind-conditions";
import { BindConditionsSchema, quoteParams } from "./schemas";

/** The rules of CONTRACT 5.6, as every route that evaluates them documents them. */
export const BIND_RULES_DOC =
  "Bind rules, on the persisted quote: `quote-status` (not `inProgress` or `complete`), `quote-type` (not " +
  "`newBusiness`: renewal and endorsement quotes cannot be bound yet), `submission-status` (the submission is " +
  "`closed`, `declined` or `bound`), `required-fields` (a required quote field or embedded exposure field is " +
  "empty), `policy-term` (`policyStartDate` or `policyEndDate` missing, or the end not after the start), " +
  "`rating-present` (`fullTermPricingInfo` empty), `rating-workflow` (the recorded workflow no longer exists), " +
  "`precondition` (one per precondition of the recorded workflow not `true` with `rating` `{}`), `policy-data` " +
  "(new business would refuse a copied value; a dry run of its validation), `policy-invoicing` (policy invoicing " +
  "is configured, features `financials` and `policyFinancials` on and some invoice type applying to `policy`, and the " +
  "bind carries neither `invoicePlan` nor `generateInvoices: true`, or carries the latter and the presets cannot " +
  "be resolved; bind-conditions and complete evaluate it as a bind with `generateInvoices: true`), and the advisory `billing-precondition` (one per " +
  "billing precondition not `true`; `checkScope: endorsement-billing`; never blocks). Stale or unverifiable " +
  "rating is allowed: nothing is re-rated.";

const DESCRIPTION = [
  "Evaluates every bind rule on the stored quote and changes nothing: `failures` block a bind, `advisories` " +
    "never do. A precondition that reads the clock (`today()`, `now()`) cannot be evaluated ahead of time: it is " +
    "listed in `failures` with a message saying it is evaluated when binding.",
  BIND_RULES_DOC,
].join("\n\n");

export const getBindConditions = defineRoute(
  companyRoute("P", "quote.view", {
    method: "get",
    path: "/quotes/{quoteId}/bind-conditions",
    operationId: "getBindConditions",
    tags: ["Quotes"],
    summary: "Check a quote's bind conditions",
    description: DESCRIPTION,
    request: { params: quoteParams },
    responses: {
      200: jsonContent(BindConditionsSchema, "Failures and advisories."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => c.json(await readBindConditions(contextOf(c), { quoteId: c.req.valid("param").quoteId }), 200),
);
