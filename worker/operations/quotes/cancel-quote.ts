import type { BatchItem } from "drizzle-orm/batch";
import { runBatch } from "../../db/queries/batch";
import { quoteTransition } from "../../domain/quotes/lifecycle";
import { invalidLifecycleTransition } from "../../errors/quote-refusals";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { requireSubmission, saveSubmissionStatements, statusAfter } from "../submissions/submission-state";
import { type QuoteView, quoteView, requireQuote, saveQuoteStatement } from "./quote-state";

/**
 * Serialized in the company object. Cancels an `inProgress` or `complete` quote (CONTRACT 5.3); its
 * submission's status is recomputed in the same batch. A bound or cancelled quote is 409
 * `InvalidLifecycleTransition`.
 */
export async function cancelQuote(ctx: OperationContext, input: { quoteId: string }): Promise<QuoteView> {
  const configuration = (await configurationOf(ctx)).document;
  const quote = await requireQuote(ctx, input.quoteId);
  const to = quoteTransition(quote.status, "cancel");
  if (!to) throw invalidLifecycleTransition("quote", quote.status, "cancel");
  const saved = saveQuoteStatement(ctx, quote.row, { ...quote.row.data, quoteStatus: to }, ctx.now.toISOString());
  const statements: Array<BatchItem<"sqlite">> = [saved.statement];
  if (quote.submissionId) {
    const submission = await requireSubmission(ctx, quote.submissionId);
    // A closed submission keeps its status: only reopen recomputes it.
    if (submission.status !== "closed") {
      const status = await statusAfter(ctx, submission, new Map([[quote.row.id, to]]));
      const data = { ...submission.row.data, submissionStatus: status };
      statements.push(...saveSubmissionStatements(ctx, submission, { data }).statements);
    }
  }
  await runBatch(ctx.db, statements);
  return quoteView(configuration, { ...quote, row: saved.row, status: to });
}
