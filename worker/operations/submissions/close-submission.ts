import { updateEntityStatement } from "../../db/queries/entities";
import { quotesOfSubmission } from "../../db/queries/quotes";
import { entityRecordType } from "../../domain/entities/record-type";
import { quoteStatusOf, quoteTransition } from "../../domain/quotes/lifecycle";
import { invalidLifecycleTransition } from "../../errors/quote-refusals";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { type EntityView, entityView } from "../entities/entity-view";
import { requireSubmission, saveSubmissionStatements } from "./submission-state";

export interface CloseSubmissionInput {
  submissionId: string;
  reason?: string;
  explanation?: string;
}

/**
 * Serialized in the company object. Closes a submission that is not closed (CONTRACT 5.3): in one batch
 * every `inProgress` or `complete` quote of it becomes `cancelled`, the submission becomes `closed` and the
 * close stamps are set. Bound quotes and their policies are untouched. A failure leaves nothing changed.
 */
export async function closeSubmission(ctx: OperationContext, input: CloseSubmissionInput): Promise<EntityView> {
  const configuration = (await configurationOf(ctx)).document;
  const submission = await requireSubmission(ctx, input.submissionId);
  if (submission.status === "closed") throw invalidLifecycleTransition("submission", submission.status, "close");

  const updatedAt = ctx.now.toISOString();
  const quotes = await quotesOfSubmission(ctx.db, ctx.companyId, submission.row.id);
  const cancellations = quotes.flatMap((quote) => {
    const to = quoteTransition(quoteStatusOf(quote.data), "close");
    if (!to) return [];
    const data = { ...quote.data, quoteStatus: to };
    return [
      updateEntityStatement(ctx.db, { id: quote.id, companyId: quote.companyId, data, updatedAt }, quote.version),
    ];
  });
  const saved = saveSubmissionStatements(ctx, submission, {
    data: {
      ...submission.row.data,
      submissionStatus: "closed",
      submissionCloseReason: input.reason ?? null,
      submissionCloseExplanation: input.explanation ?? null,
      submissionClosedAt: updatedAt,
    },
  });
  await ctx.db.batch([...saved.statements, ...cancellations]);
  return entityView(configuration, entityRecordType(configuration, "submission"), saved.row);
}
