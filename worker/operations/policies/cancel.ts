import { planTransaction } from "../../domain/policies/transaction-plan";
import type { CancelRequest } from "../../domain/policies/transactions";
import type { FullVersionView } from "../../domain/policies/version-view";
import { invoicePlanUnavailable, planRefusalError } from "../../errors/policy-refusals";
import type { OperationContext } from "../context";
import { readCurrentPolicy } from "./current-policy";
import { loadPolicyConfiguration } from "./policy-configuration";
import { readPolicyState } from "./policy-state";
import { recordNextVersion } from "./record-version";
import { checkEffectiveDateZone, checkTransactionTimestamp } from "./transaction-checks";

/**
 * Serialized in the company object. Cancels a policy: coverage ends at `effectiveDate`, and the segments
 * it ended are kept for a reinstatement.
 */
export async function cancelPolicy(ctx: OperationContext, request: CancelRequest): Promise<FullVersionView> {
  if (request.invoicePlan !== undefined) throw invoicePlanUnavailable("VALIDATION_ERROR");
  const configuration = await loadPolicyConfiguration(ctx);
  const { head, current } = await readCurrentPolicy(ctx, request.policyId);
  await checkTransactionTimestamp(ctx, request.transactionTimestamp, head.id);
  checkEffectiveDateZone(request.effectiveDate, current.coverage);
  const state = await readPolicyState(ctx, current);
  const effectiveDate = request.effectiveDate.date;
  const plan = planTransaction(state, { action: "CANCEL", effectiveDate }, { ...configuration, now: ctx.now });
  if (!plan.ok) throw planRefusalError(plan.refusal);
  return recordNextVersion(ctx, head, { action: "CANCEL", request, before: current.coverage, plan });
}
