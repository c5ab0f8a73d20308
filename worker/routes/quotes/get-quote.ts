import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, jsonContent, notFoundResponse, validationErrorResponse } from "../../http/route";
import { readQuote } from "../../operations/quotes/read-quote";
import { QuoteSchema, quoteParams } from "./schemas";

export const QUOTE_SHAPE =
  "A Quote: `{id, companyId, submissionId, policyId, data, exposures, system: {ratingWorkflowName, ratedAt}, " +
  "createdAt, updatedAt, createdBy}`. `data` holds the field values with the platform-owned lifecycle fields " +
  "`quoteType` (`newBusiness`, `renewal`, `endorsement`, from the submission's type), `quoteStatus` (`inProgress`, " +
  "`complete`, `bound`, `cancelled`), `quoteNumber` (`Q` + the submission's 8 digits + `-` + the quote's two-digit " +
  "ordinal, `Q00000012-01`), `quoteBindErrors` (the failures of the last refused bind) and `quoteSubmissionId`, " +
  "and the quote platform fields `policyStartDate`, `policyEndDate`, `fullTermPricingInfo`, " +
  "`fullTermPolicyRatingResult`. `exposures` is hoisted out of `data`; `policyId` is null until bound.";

export const getQuote = defineRoute(
  companyRoute("P", "quote.view", {
    method: "get",
    path: "/quotes/{quoteId}",
    operationId: "readQuote",
    tags: ["Quotes"],
    summary: "Read a quote",
    description: `${QUOTE_SHAPE} A malformed id is 400 \`VALIDATION_ERROR\`, an unknown one 404.`,
    request: { params: quoteParams },
    responses: { 200: jsonContent(QuoteSchema, "The quote."), ...validationErrorResponse, ...notFoundResponse },
  }),
  async (c) => c.json(await readQuote(contextOf(c), { quoteId: c.req.valid("param").quoteId }), 200),
);
