import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import {
  type NewSubmission,
  type NewSubmissionInput,
  newSubmissionStatements,
  prepareSubmission,
} from "./new-submission";

/**
 * Serialized in the company object. Creates a submission (generic `POST P/entities/submission` and the
 * oldest family's `POST O/submissions`) with its lifecycle record, in one batch.
 */
export async function createSubmission(ctx: OperationContext, input: NewSubmissionInput): Promise<NewSubmission> {
  const configuration = (await configurationOf(ctx)).document;
  const submission = await prepareSubmission(ctx, configuration, input);
  await ctx.db.batch(newSubmissionStatements(ctx, submission));
  return submission;
}
