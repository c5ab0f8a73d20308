import { guardedEndpoint } from "../../domain/entities/guarded-fields";
import { entityRecordType } from "../../domain/entities/record-type";
import { statusWrite } from "../../domain/submissions/status";
import { invalidData, refusalError } from "../../errors/entity-refusals";
import { type JsonObject, sameJson } from "../../lib/json";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { type EntityView, entityView } from "../entities/entity-view";
import { refuseLockedFields } from "../entities/write-group-check";
import { finishValues, planValues } from "../entities/write-pipeline/plan-values";
import { requireSubmission, saveSubmissionStatements } from "./submission-state";

export interface UpdateSubmissionInput {
  submissionId: string;
  body: JsonObject;
}

/**
 * Serialized in the company object. A partial update of a submission (CONTRACT 5.3): `submissionStatus`
 * may move from one intake status to another (the intake status R falls back to moves with it); a change to
 * or from `quoted`, `bound` or `closed` is 409 `GuardedStatusFieldWrite` naming close and reopen; a change
 * of `submissionType` or of a platform stamp is 400.
 */
export async function updateSubmission(ctx: OperationContext, input: UpdateSubmissionInput): Promise<EntityView> {
  const configuration = (await configurationOf(ctx)).document;
  const recordType = entityRecordType(configuration, "submission");
  const submission = await requireSubmission(ctx, input.submissionId);
  const { submissionStatus, ...values } = input.body;
  const status = statusWrite(submission.status, submissionStatus, Object.hasOwn(input.body, "submissionStatus"));
  if (status.kind === "guarded" || status.kind === "invalid")
    refuseLockedFields(ctx, recordType, configuration, values);
  if (status.kind === "guarded") {
    const endpoint = guardedEndpoint("submission", "submissionStatus") ?? "the submission close and reopen operations";
    throw refusalError({ kind: "guarded-status", referenceId: "submissionStatus", endpoint });
  }
  if (status.kind === "invalid") throw invalidData([{ path: "submissionStatus", problem: status.problem }]);
  if (Object.hasOwn(values, "submissionType") && !sameJson(values.submissionType, submission.type)) {
    refuseLockedFields(ctx, recordType, configuration, values);
    throw invalidData([{ path: "submissionType", problem: "is set on create and cannot be changed" }]);
  }

  const planned = await planValues(ctx, { recordType, configuration, body: values, existing: submission.row.data });
  const data = await finishValues(ctx, recordType, planned.data, planned);
  if (status.kind === "set") data.submissionStatus = status.status;
  const saved = saveSubmissionStatements(ctx, submission, {
    data,
    ...(status.kind === "set" ? { record: { intakeStatus: status.status } } : {}),
  });
  await ctx.db.batch(saved.statements);
  return entityView(configuration, recordType, saved.row);
}
