import { runClaimingBatch, withSequenceClaims } from "../company/owned-sequences";
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
 * oldest family's `POST O/submissions`) with its lifecycle record, in one batch, which claims its number
 * and its Sequence fields' values where the object knows them.
 */
export function createSubmission(ctx: OperationContext, input: NewSubmissionInput): Promise<NewSubmission> {
  return withSequenceClaims(ctx, async (claims) => {
    const configuration = (await configurationOf(ctx)).document;
    const submission = await prepareSubmission(ctx, configuration, input, claims);
    await runClaimingBatch(ctx, claims, newSubmissionStatements(ctx, submission));
    return submission;
  });
}
