import { z } from "@hono/zod-openapi";
import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, jsonBody, jsonContent, notFoundResponse } from "../../http/route";
import { rateStoredQuote } from "../../operations/quotes/rate-quote";
import { BatchIdMember, errorAnswer, quoteParams, RatingSchema, WorkflowNameMember } from "./schemas";

export const RATING_RULES =
  "A rate runs the workflow's `preconditions` (each must evaluate exactly `true`; otherwise 422 " +
  "`RatingPreconditionFailed`, one `details` entry `preconditions[<i>]` per failure, `userMessages` the configured " +
  "messages), then its `stages` in order (`expression`, `table`, `pricing`; `callOncePerPath` runs a stage once per " +
  "embedded exposure; a stage that cannot be evaluated is 422 `RatingFailed` naming `stages[<i>]`), then builds " +
  "`fullTermPricingInfo` from the emitted components (rollups summed in cents; no components give zeros) and " +
  "`fullTermPolicyRatingResult` (`policyGrandTotal` = premium + taxes + fees), then evaluates the `warnings` " +
  "(`pricing` in scope): each not exactly `true` adds a diagnostic `rating-workflow-warning` and the rate still " +
  "succeeds. `billingPreconditions` are bind advisories, not evaluated here. Expressions see the quote's values by " +
  "referenceId, `exposures`, `exposure` (per-exposure runs) and `rating` (stage outputs so far). `round(x, places)` " +
  "rounds the decimal value half away from zero (`round(1.005, 2)` is 1.01). A `ratingWorkflowName` naming no " +
  "workflow of the company is 400 `VALIDATION_ERROR`.";

const RateBody = z
  .strictObject({ ratingWorkflowName: WorkflowNameMember, batchId: BatchIdMember })
  .openapi("RateQuoteRequest");

const DESCRIPTION = [
  "Rates the stored quote. On 200 only `system.ratingWorkflowName` and `system.ratedAt` change: the values, " +
    "`exposures` and `updatedAt` stay as they were and the pricing is not stored. To bind, copy " +
    "`fullTermPricingInfo` (and, if wanted, `fullTermPolicyRatingResult`) from the answer into the quote with " +
    "`PATCH /api/v1/companies/{companyId}/entities/quote/{quoteId}`. Any refusal leaves `system` as it was. A " +
    "`bound` or `cancelled` quote is 409 `QuoteNotEditable`. The rate computes outside the company object and " +
    "records `system` there after re-checking that the quote is still editable. A retired company's quote is " +
    "rated and nothing is recorded: `system` keeps its values, since a retired company's data cannot change.",
  RATING_RULES,
].join("\n\n");

export const rateQuote = defineRoute(
  companyRoute(
    "P",
    "quote.rate",
    {
      method: "post",
      path: "/quotes/{quoteId}/rate",
      operationId: "rateQuote",
      tags: ["Quotes"],
      summary: "Rate a stored quote",
      description: DESCRIPTION,
      request: { params: quoteParams, body: jsonBody(RateBody) },
      responses: {
        200: jsonContent(RatingSchema, "The rating."),
        400: errorAnswer("`VALIDATION_ERROR`: a malformed id or body, or a workflow name naming no workflow."),
        ...notFoundResponse,
        409: errorAnswer("`QuoteNotEditable`: the quote is bound or cancelled."),
        422: errorAnswer("`RatingPreconditionFailed` or `RatingFailed`."),
      },
    }, // A read-only POST (CONTRACT 8.1): it answers a rating; the `system` stamp it records is bookkeeping.
    { readOnly: true },
  ),
  async (c) => {
    const ctx = contextOf(c);
    const answer = await rateStoredQuote(ctx, {
      quoteId: c.req.valid("param").quoteId,
      ratingWorkflowName: c.req.valid("json").ratingWorkflowName,
      record: c.get("lifecycle") === "retired" ? null : (rating) => companyObject(ctx).recordQuoteRating(rating),
    });
    return c.json(answer, 200);
  },
);
