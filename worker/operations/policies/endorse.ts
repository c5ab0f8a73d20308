import { findLiveRenewal, type PolicyHead } from "../../db/queries/policies";
import { lockedGroupFields } from "../../domain/entities/entry-lists";
import { isRestatement } from "../../domain/financials/priced";
import { planDeltas, setDeltas } from "../../domain/policies/deltas";
import { policyPathMember } from "../../domain/policies/policy-path";
import { segmentOn, termSegments } from "../../domain/policies/segments";
import { planTransaction } from "../../domain/policies/transaction-plan";
import { termEndMoveRefusal } from "../../domain/policies/transaction-rules";
import type { EndorseRequest } from "../../domain/policies/transactions";
import { refusalError } from "../../errors/entity-refusals";
import { invalidDelta, planRefusalError, renewalError } from "../../errors/policy-refusals";
import type { OperationContext } from "../context";
import { invoicePlanForTransaction, refuseTransactionPlanAccess } from "../financials/transaction-invoice-plan";
import { readCurrentPolicy } from "./current-policy";
import { holdsPolicyWriteGroup, loadPolicyConfiguration, type PolicyConfiguration } from "./policy-configuration";
import { enrichEndorsedExposures, lockedPolicyExposures } from "./policy-exposures";
import { readPolicyState } from "./policy-state";
import { recordNextVersion, type TransactionAnswer } from "./record-version";
import { checkEffectiveDateZone, checkTransactionTimestamp, unknownExposureIds } from "./transaction-checks";

/**
 * Serialized in the company object. Endorses a policy: the deltas apply from `effectiveDate` onward, and
 * the endorsements already issued that are effective later apply again over them (CONTRACT section 4,
 * out-of-sequence endorsements); a new `policy.policyEndDate` moves the term end.
 */
export async function endorsePolicy(ctx: OperationContext, request: EndorseRequest): Promise<TransactionAnswer> {
  await refuseTransactionPlanAccess(ctx, request.invoicePlan);
  const configuration = await loadPolicyConfiguration(ctx);
  const { head, current } = await readCurrentPolicy(ctx, request.policyId);
  const labels = (referenceId: string) => configuration.policyFields.find((f) => f.referenceId === referenceId)?.label;
  const inForce = segmentOn(termSegments(current.coverage), request.effectiveDate.date)?.data;
  // A locked field is refused whole with 403 whatever its value (interface, Authentication 7), as entity writes do.
  refuseLockedFields(ctx, request, configuration, inForce);
  const checked = planDeltas(request.deltas, { ...configuration, now: ctx.now }, inForce);
  if (!checked.ok) throw checked.kind === "invalid" ? invalidDelta(checked.problems, labels) : refusalError(checked);
  await checkTransactionTimestamp(ctx, request.transactionTimestamp, head.id);
  checkEffectiveDateZone(request.effectiveDate, current.coverage);
  const unknownIds = await unknownEndorsedExposureIds(ctx, request);
  if (unknownIds.length) throw invalidDelta(unknownIds, labels);

  const effectiveDate = request.effectiveDate.date;
  const deltas = await enrichEndorsedExposures(ctx, configuration, current.coverage, effectiveDate, request.deltas);
  const state = await readPolicyState(ctx, current, effectiveDate);
  const plan = planTransaction(state, { action: "ENDORSE", effectiveDate, deltas }, { ...configuration, now: ctx.now });
  if (!plan.ok) throw planRefusalError(plan.refusal, labels);
  if (plan.coverage.termEnd !== current.coverage.termEnd) await refuseMovingRenewedEnd(ctx, head);
  const invoices = await invoicePlanForTransaction(ctx, {
    policyId: head.id,
    plan: request.invoicePlan,
    coverage: plan.coverage,
    restatement: isRestatement(current.coverage, plan.coverage),
  });
  return recordNextVersion(ctx, head, { action: "ENDORSE", request, before: current.coverage, plan, invoices });
}

/** A policy with a live renewal keeps its term end: the renewal starts on it (409 PolicyAlreadyRenewed). */
async function refuseMovingRenewedEnd(ctx: OperationContext, head: PolicyHead) {
  const liveRenewal = await findLiveRenewal(ctx.db, ctx.companyId, head.id);
  if (liveRenewal) throw renewalError(termEndMoveRefusal(liveRenewal));
}

/** Exposure ids of a new `policy.exposures` list that name no exposure of the company. */
async function unknownEndorsedExposureIds(ctx: OperationContext, request: EndorseRequest) {
  const lists = request.deltas.filter((d) => d.path === "policy.exposures");
  const problems = await Promise.all(lists.map((d) => unknownExposureIds(ctx, d.value)));
  return problems.flat().map((p) => ({ ...p, path: `policy.${p.path}` }));
}

/**
 * Deltas to fields locked behind a write group the caller does not hold: 403, nothing written. Inside a Group
 * the deltas write (whole or through a member path), an entry may not change a locked sub-field's value in
 * force on the effective date (`inForce`), entry by entry at its position; a new exposures list likewise under
 * the exposure write groups.
 */
function refuseLockedFields(
  ctx: OperationContext,
  request: EndorseRequest,
  configuration: PolicyConfiguration,
  inForce: Record<string, unknown> | undefined,
) {
  const holdsGroup = holdsPolicyWriteGroup(ctx.actor);
  const locked = request.deltas.flatMap((delta) => {
    const referenceId = policyPathMember(delta.path);
    const group = configuration.policyFields.find((f) => f.referenceId === referenceId)?.writePermission;
    return referenceId && group && !holdsGroup(group) ? [{ referenceId, group }] : [];
  });
  const { next, written } = setDeltas(inForce ?? {}, request.deltas);
  const writtenValues = Object.fromEntries([...written].map((member) => [member, next[member]]));
  locked.push(...lockedGroupFields(configuration.policyFields, writtenValues, inForce, holdsGroup));
  // A new `policy.exposures` list, item by item against the exposures in force (their Group values too).
  for (const delta of request.deltas.filter((d) => d.path === "policy.exposures"))
    locked.push(...lockedPolicyExposures(ctx, configuration, delta.value, inForce?.exposures));
  if (locked.length) throw refusalError({ kind: "write-group", fields: locked });
}
