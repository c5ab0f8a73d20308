import { recordRatingStatement } from "../../db/queries/quotes";
import type { OperationContext } from "../context";
import { refuseUnlessEditable, requireQuote } from "./quote-state";

export interface RecordRatingInput {
  quoteId: string;
  ratingWorkflowName: string;
  ratedAt: string;
}

/**
 * Serialized in the company object. Records a successful rate by id as the quote's `system` metadata, once
 * the quote is found still editable (a bind or cancel may have won meanwhile: 409 `QuoteNotEditable`).
 */
export async function recordRating(ctx: OperationContext, input: RecordRatingInput): Promise<void> {
  refuseUnlessEditable(await requireQuote(ctx, input.quoteId));
  const { ratingWorkflowName, ratedAt } = input;
  await recordRatingStatement(ctx.db, ctx.companyId, input.quoteId, { ratingWorkflowName, ratedAt });
}
