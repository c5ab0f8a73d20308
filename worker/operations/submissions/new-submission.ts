import { type EntityRow, insertEntityWrite } from "../../db/queries/entities";
import { insertSubmissionRecordStatement, type SubmissionRecordRow } from "../../db/queries/submissions";
import type { ConfigurationDocument } from "../../domain/configuration/document";
import { guardedEndpoint } from "../../domain/entities/guarded-fields";
import { entityRecordType, type RecordType } from "../../domain/entities/record-type";
import { statusWrite, submissionNumberOf } from "../../domain/submissions/status";
import { invalidData, refusalError } from "../../errors/entity-refusals";
import type { JsonObject } from "../../lib/json";
import type { SequenceClaims } from "../company/owned-sequences";
import type { OperationContext } from "../context";
import { refuseLockedFields } from "../entities/write-group-check";
import { finishValues, planValues } from "../entities/write-pipeline/plan-values";

const SUBMISSION_NUMBER_SEQUENCE = "submission.submissionNumber";

export interface NewSubmissionInput {
  /** Field values as a create body; `submissionStatus` may name an intake status. */
  body: JsonObject;
  /** The oldest family's `policy` (dates as `YYYY-MM-DD`); null otherwise. */
  submissionPolicy?: JsonObject | null;
  /**
   * Required configured fields are not enforced: the submission a quote create makes for itself, and the
   * oldest family's create, whose body cannot carry configured fields.
   */
  relaxRequired?: boolean;
}

/** A submission about to be written: its row and record, nothing stored yet. */
export interface NewSubmission {
  row: EntityRow;
  record: SubmissionRecordRow;
}

const relaxed = (recordType: RecordType): RecordType => ({
  ...recordType,
  fields: recordType.fields.map((field) => ({ ...field, required: false })),
});

/**
 * Builds a new submission (CONTRACT 5.3): the intake status sent, else `draft` (another status is 409
 * `GuardedStatusFieldWrite`), type `new_business` unless sent, `S` + 8 digits from the company counter,
 * no close stamps.
 */
export async function prepareSubmission(
  ctx: OperationContext,
  configuration: ConfigurationDocument,
  input: NewSubmissionInput,
  claims: SequenceClaims,
): Promise<NewSubmission> {
  const configured = entityRecordType(configuration, "submission");
  const recordType = input.relaxRequired ? relaxed(configured) : configured;
  const { submissionStatus, ...values } = input.body;
  const status = statusWrite(null, submissionStatus, Object.hasOwn(input.body, "submissionStatus"));
  if (status.kind === "guarded" || status.kind === "invalid")
    refuseLockedFields(ctx, recordType, configuration, values);
  if (status.kind === "guarded") {
    const endpoint = guardedEndpoint("submission", "submissionStatus") ?? "the submission close and reopen operations";
    throw refusalError({ kind: "guarded-status", referenceId: "submissionStatus", endpoint });
  }
  if (status.kind === "invalid") throw invalidData([{ path: "submissionStatus", problem: status.problem }]);
  const intakeStatus = status.kind === "set" ? status.status : "draft";

  const planned = await planValues(ctx, { recordType, configuration, body: values, existing: null });
  const finished = await finishValues(ctx, recordType, planned.data, planned, claims);
  const number = submissionNumberOf(await claims.next(SUBMISSION_NUMBER_SEQUENCE));
  const now = ctx.now.toISOString();
  const id = crypto.randomUUID();
  const data: JsonObject = {
    ...finished,
    submissionStatus: intakeStatus,
    submissionType: finished.submissionType ?? "new_business",
    submissionName: finished.submissionName ?? null,
    submissionNumber: number,
    submissionPolicy: input.submissionPolicy ?? null,
    submissionCloseReason: null,
    submissionCloseExplanation: null,
    submissionClosedAt: null,
  };
  return {
    row: {
      id,
      companyId: ctx.companyId,
      kind: "entity",
      entityType: "submission",
      data,
      version: 1,
      createdAt: now,
      updatedAt: now,
      createdBy: ctx.actor.keyId,
    },
    record: {
      submissionId: id,
      companyId: ctx.companyId,
      intakeStatus,
      quotesCreated: 0,
      applicationId: crypto.randomUUID(),
    },
  };
}

export const newSubmissionStatements = (ctx: OperationContext, submission: NewSubmission) =>
  [insertEntityWrite(ctx.db, submission.row), insertSubmissionRecordStatement(ctx.db, submission.record)] as const;
