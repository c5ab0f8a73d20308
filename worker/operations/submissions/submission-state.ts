import { type EntityRow, updateEntityStatement } from "../../db/queries/entities";
import { quotesOfSubmission } from "../../db/queries/quotes";
import {
  findSubmission,
  type StoredSubmission,
  type SubmissionRecordRow,
  saveSubmissionRecordStatement,
} from "../../db/queries/submissions";
import {
  type IntakeStatus,
  isIntakeStatus,
  isSubmissionStatus,
  recomputedStatus,
  SUBMISSION_TYPES,
  type SubmissionStatus,
  type SubmissionType,
} from "../../domain/submissions/status";
import { notFound } from "../../errors/api-error";
import type { JsonObject } from "../../lib/json";
import type { OperationContext } from "../context";

/** A submission as the lifecycle reads it: its row, status, type and the platform's record of it. */
export interface Submission {
  row: EntityRow;
  status: SubmissionStatus;
  type: SubmissionType;
  record: SubmissionRecordRow;
}

/** Reads a stored submission; one written before the lifecycle existed reads as a `draft` new-business one. */
export function submissionOf(stored: StoredSubmission): Submission {
  const { row } = stored;
  const status = isSubmissionStatus(row.data.submissionStatus) ? row.data.submissionStatus : "draft";
  const type = (SUBMISSION_TYPES as readonly unknown[]).includes(row.data.submissionType)
    ? (row.data.submissionType as SubmissionType)
    : "new_business";
  const intake: IntakeStatus = isIntakeStatus(status) ? status : "draft";
  const record = stored.record ?? {
    submissionId: row.id,
    companyId: row.companyId,
    intakeStatus: intake,
    quotesCreated: 0,
    applicationId: crypto.randomUUID(),
  };
  return { row, status, type, record };
}

/** The submission, or 404 (another company's id included). */
export async function requireSubmission(ctx: OperationContext, submissionId: string): Promise<Submission> {
  const stored = await findSubmission(ctx.db, ctx.companyId, submissionId);
  if (!stored) throw notFound();
  return submissionOf(stored);
}

/** The last intake status the submission held (R's fallback). */
export const lastIntakeOf = (submission: Submission): IntakeStatus =>
  isIntakeStatus(submission.record.intakeStatus) ? submission.record.intakeStatus : "draft";

/**
 * R of CONTRACT 5.3 after a change: the statuses of the submission's stored quotes, with `changed` (quote id
 * to its status after this write) applied and `added` (quotes this write creates) counted.
 */
export async function statusAfter(
  ctx: OperationContext,
  submission: Submission,
  changed: ReadonlyMap<string, string> = new Map(),
  added: readonly string[] = [],
): Promise<SubmissionStatus> {
  return statusWith(submission, await quotesOfSubmission(ctx.db, ctx.companyId, submission.row.id), changed, added);
}

/** `statusAfter` on the submission's stored quotes as already read (`quotesOfSubmission`). */
export function statusWith(
  submission: Submission,
  quotes: readonly EntityRow[],
  changed: ReadonlyMap<string, string> = new Map(),
  added: readonly string[] = [],
): SubmissionStatus {
  const statuses = [...quotes.map((q) => changed.get(q.id) ?? q.data.quoteStatus), ...added];
  return recomputedStatus(lastIntakeOf(submission), statuses);
}

/**
 * The statements that save a submission's values and record under its row's version guard (the company
 * object's queue keeps its writes apart; the guard is the backstop).
 */
export function saveSubmissionStatements(
  ctx: OperationContext,
  submission: Submission,
  change: { data: JsonObject; record?: Partial<Pick<SubmissionRecordRow, "intakeStatus" | "quotesCreated">> },
) {
  const { row } = submission;
  const updatedAt = ctx.now.toISOString();
  return {
    row: { ...row, data: change.data, updatedAt, version: row.version + 1 },
    statements: [
      updateEntityStatement(
        ctx.db,
        { id: row.id, companyId: row.companyId, data: change.data, updatedAt },
        row.version,
      ),
      saveSubmissionRecordStatement(ctx.db, { ...submission.record, ...change.record }),
    ] as const,
  };
}
