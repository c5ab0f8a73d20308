import { findEntity } from "../../db/queries/entities";
import type { ValueProblem } from "../../domain/entities/field-values";
import { exposureIdsOf } from "../../domain/policies/exposure-ids";
import { policyTimezone } from "../../domain/policies/policy-term";
import type { Coverage } from "../../domain/policies/segments";
import {
  type EffectiveDateInput,
  effectiveDateProblem,
  transactionTimestampProblem,
} from "../../domain/policies/transaction-rules";
import { invalidPolicyData } from "../../errors/policy-refusals";
import type { OperationContext } from "../context";
import { originTimestampOf } from "./kept-policies";

/**
 * The booking-time bound of CONTRACT section 4 (400 InvalidPolicyData naming `transactionTimestamp`):
 * never more than 5 minutes ahead, and for a policy's later transactions never before its own new
 * business or renewal (one indexed row read, whatever the history's length).
 */
export async function checkTransactionTimestamp(ctx: OperationContext, timestamp: string, policyId: string | null) {
  const notBefore = policyId ? await originTimestampOf(ctx, policyId) : null;
  const problem = transactionTimestampProblem(timestamp, { now: ctx.now, notBefore });
  if (problem) throw invalidPolicyData([problem]);
}

/** An endorse or cancel date naming another zone than the policy's: 400 InvalidPolicyData naming it. */
export function checkEffectiveDateZone(effective: EffectiveDateInput, coverage: Coverage) {
  const problem = effectiveDateProblem(effective, policyTimezone(coverage));
  if (problem) throw invalidPolicyData([problem]);
}

/** Exposure ids of an embedded list that name no exposure of the company, as problems at `exposures[i].id`. */
export async function unknownExposureIds(ctx: OperationContext, exposures: unknown): Promise<ValueProblem[]> {
  const named = exposureIdsOf(exposures);
  const found = await Promise.all(named.map(({ id }) => findEntity(ctx.db, ctx.companyId, "exposure", id)));
  return named.flatMap(({ index }, i) =>
    found[i] ? [] : [{ path: `exposures[${index}].id`, problem: "names no exposure of this company" }],
  );
}
