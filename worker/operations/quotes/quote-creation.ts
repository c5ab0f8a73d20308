import { type EntityRow, insertEntityWrite } from "../../db/queries/entities";
import { insertQuoteRecordStatement, type QuoteRecordRow } from "../../db/queries/quotes";
import { findSubmission } from "../../db/queries/submissions";
import type { ConfigurationDocument } from "../../domain/configuration/document";
import { entityRecordType, type RecordType } from "../../domain/entities/record-type";
import { initialLifecycle, type QuoteStatus } from "../../domain/quotes/lifecycle";
import { lifecycleWriteRefusal, withoutLifecycleFields } from "../../domain/quotes/lifecycle-fields";
import { quoteCreationRefusal, recomputedStatus, type SubmissionStatus } from "../../domain/submissions/status";
import { invalidData } from "../../errors/entity-refusals";
import { lifecycleWriteError, submissionTakesNoQuotes } from "../../errors/quote-refusals";
import type { JsonObject } from "../../lib/json";
import type { SequenceClaims } from "../company/owned-sequences";
import type { OperationContext } from "../context";
import { refuseLockedFields } from "../entities/write-group-check";
import { type PendingValues, planValues } from "../entities/write-pipeline/plan-values";
import { type NewSubmission, newSubmissionStatements, prepareSubmission } from "../submissions/new-submission";
import { type Submission, saveSubmissionStatements, statusAfter, submissionOf } from "../submissions/submission-state";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A quote create read and checked, its values planned but not finished (no counters used yet). */
export interface QuoteCreation {
  configuration: ConfigurationDocument;
  recordType: RecordType;
  values: JsonObject;
  /** What the save derives once the values are final (`finishValues`). */
  pending: PendingValues;
  submission: { existing: Submission } | { created: NewSubmission };
}

async function existingSubmission(ctx: OperationContext, submissionId: unknown): Promise<Submission> {
  const named = (problem: string) => invalidData([{ path: "submissionId", problem }]);
  if (typeof submissionId !== "string" || !UUID.test(submissionId)) throw named("must be the id of a submission");
  const stored = await findSubmission(ctx.db, ctx.companyId, submissionId.toLowerCase());
  if (!stored) throw named("names no submission of this company");
  const submission = submissionOf(stored);
  const refusal = quoteCreationRefusal(submission.status, submission.record.quotesCreated);
  if (refusal) throw submissionTakesNoQuotes(refusal);
  return submission;
}

/**
 * Reads a quote create body (CONTRACT 5.2): root `submissionId` links the quote (absent: a new-business
 * submission is made in the same write); lifecycle fields may not be given (403 write group, then 409
 * `GuardedStatusFieldWrite`, then 400 `QuoteLifecycleFieldWrite`); a closed, declined or bound submission,
 * or one that has had 99 quotes, is 409 `InvalidLifecycleTransition`; then the record write rules.
 */
export async function planQuoteCreation(
  ctx: OperationContext,
  configuration: ConfigurationDocument,
  body: JsonObject,
  claims: SequenceClaims,
): Promise<QuoteCreation> {
  const recordType = entityRecordType(configuration, "quote");
  const { submissionId, ...fields } = body;
  const lifecycle = lifecycleWriteRefusal(fields, null);
  if (lifecycle) {
    refuseLockedFields(ctx, recordType, configuration, withoutLifecycleFields(fields));
    throw lifecycleWriteError(lifecycle);
  }
  // 403 before the submission is looked up (permission before existence, CONTRACT 5).
  refuseLockedFields(ctx, recordType, configuration, withoutLifecycleFields(fields));
  const existing = submissionId === undefined ? null : await existingSubmission(ctx, submissionId);
  const planned = await planValues(ctx, {
    recordType,
    configuration,
    body: withoutLifecycleFields(fields),
    existing: null,
  });
  // Made only once the quote's values pass, so a refused create uses no submission number.
  const submission = existing
    ? { existing }
    : { created: await prepareSubmission(ctx, configuration, { body: {}, relaxRequired: true }, claims) };
  const { data: values, ...pending } = planned;
  return { configuration, recordType, values, pending, submission };
}

/** What the new quote is once finished: its final values, its status, and the rate recorded with it. */
export interface QuoteOutcome {
  values: JsonObject;
  status: QuoteStatus;
  rating?: { ratingWorkflowName: string; ratedAt: string };
}

/** The submission a new quote joins: its row and record as they stand before this write. */
function joinedSubmission(creation: QuoteCreation) {
  if ("existing" in creation.submission) {
    const { row, record, type } = creation.submission.existing;
    return { row, record, type };
  }
  const { row, record } = creation.submission.created;
  return { row, record, type: "new_business" as const };
}

/** The submission's statements: a new one written already at its recomputed status, or the existing one saved. */
async function submissionStatements(
  ctx: OperationContext,
  creation: QuoteCreation,
  quoteStatus: QuoteStatus,
  quotesCreated: number,
) {
  if ("created" in creation.submission) {
    const { row, record } = creation.submission.created;
    const status: SubmissionStatus = recomputedStatus("draft", [quoteStatus]);
    return newSubmissionStatements(ctx, {
      row: { ...row, data: { ...row.data, submissionStatus: status } },
      record: { ...record, quotesCreated },
    });
  }
  const target = creation.submission.existing;
  const status = await statusAfter(ctx, target, new Map(), [quoteStatus]);
  return saveSubmissionStatements(ctx, target, {
    data: { ...target.row.data, submissionStatus: status },
    record: { quotesCreated },
  }).statements;
}

/**
 * The statements that write a planned quote: its row (lifecycle fields minted, the number from the
 * submission's count), its record, and its submission (new, or saved with the status recomputed and its
 * count advanced).
 */
export async function quoteCreationStatements(ctx: OperationContext, creation: QuoteCreation, outcome: QuoteOutcome) {
  const submission = joinedSubmission(creation);
  const ordinal = submission.record.quotesCreated + 1;
  const lifecycle = initialLifecycle({
    submissionId: submission.row.id,
    submissionType: submission.type,
    submissionNumber: submission.row.data.submissionNumber,
    ordinal,
  });
  const now = ctx.now.toISOString();
  const row: EntityRow = {
    id: crypto.randomUUID(),
    companyId: ctx.companyId,
    kind: "entity",
    entityType: "quote",
    data: { ...outcome.values, ...lifecycle, quoteStatus: outcome.status },
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: ctx.actor.keyId,
  };
  const record: QuoteRecordRow = {
    quoteId: row.id,
    companyId: ctx.companyId,
    submissionId: submission.row.id,
    ordinal,
    ratingWorkflowName: outcome.rating?.ratingWorkflowName ?? null,
    ratedAt: outcome.rating?.ratedAt ?? null,
  };
  const statements = [
    ...(await submissionStatements(ctx, creation, outcome.status, ordinal)),
    insertEntityWrite(ctx.db, row),
    insertQuoteRecordStatement(ctx.db, record),
  ];
  return { row, record, statements };
}
