import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { quoteValues, refuseUnlessEditable, requireQuote } from "./quote-state";
import { type RatingAnswer, ratingAnswer, ratingOf, requireWorkflow } from "./rating";
import type { RecordRatingInput } from "./record-rating";

export interface RateQuoteInput {
  quoteId: string;
  ratingWorkflowName: string;
  /**
   * Records the rate's workflow and time on the quote, serialized in the company object (`recordRating`); null
   * for a retired company, whose data nothing changes (CONTRACT 4, lifecycle access): the rating is answered, `system` stays.
   */
  record: ((rating: RecordRatingInput) => Promise<unknown>) | null;
}

/**
 * `POST P/quotes/{quoteId}/rate` (CONTRACT 5.5): rates the stored quote here, outside the company object,
 * then records only `system.ratingWorkflowName` and `system.ratedAt` there (after the object re-checks that
 * the quote is still editable). The values, exposures, pricing and `updatedAt` stay as they were; any
 * refusal leaves `system` as it was.
 */
export async function rateStoredQuote(ctx: OperationContext, input: RateQuoteInput): Promise<RatingAnswer> {
  const configuration = (await configurationOf(ctx)).document;
  const quote = await requireQuote(ctx, input.quoteId);
  refuseUnlessEditable(quote);
  const workflow = requireWorkflow(configuration, input.ratingWorkflowName);
  const rating = ratingOf(workflow, quoteValues(configuration, quote.row), ctx.now);
  const ratedAt = ctx.now.toISOString();
  await input.record?.({ quoteId: quote.row.id, ratingWorkflowName: workflow.name, ratedAt });
  return ratingAnswer(quote.row.id, workflow.name, ratedAt, rating);
}
