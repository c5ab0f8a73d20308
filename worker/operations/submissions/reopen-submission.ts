import { entityRecordType } from "../../domain/entities/record-type";
import { invalidLifecycleTransition } from "../../errors/quote-refusals";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { type EntityView, entityView } from "../entities/entity-view";
import { requireSubmission, saveSubmissionStatements, statusAfter } from "./submission-state";

/**
 * Serialized in the company object. Reopens a closed submission (CONTRACT 5.3): its status is recomputed
 * from its live quotes (R) and the close stamps are cleared; quotes the close cancelled stay cancelled.
 */
export async function reopenSubmission(ctx: OperationContext, input: { submissionId: string }): Promise<EntityView> {
  const configuration = (await configurationOf(ctx)).document;
  const submission = await requireSubmission(ctx, input.submissionId);
  if (submission.status !== "closed") throw invalidLifecycleTransition("submission", submission.status, "reopen");
  const saved = saveSubmissionStatements(ctx, submission, {
    data: {
      ...submission.row.data,
      submissionStatus: await statusAfter(ctx, submission),
      submissionCloseReason: null,
      submissionCloseExplanation: null,
      submissionClosedAt: null,
    },
  });
  await ctx.db.batch(saved.statements);
  return entityView(configuration, entityRecordType(configuration, "submission"), saved.row);
}
