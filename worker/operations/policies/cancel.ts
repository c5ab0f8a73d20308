import { planTransaction } from "../../domain/policies/transaction-plan";
import type { CancelRequest } from "../../domain/policies/transactions";
import { planRefusalError } from "../../errors/policy-refusals";
import type { OperationContext } from "../context";
import { invoicePlanForTransaction, refuseTransactionPlanAccess } from "../financials/transaction-invoice-plan";
import { readCurrentPolicy } from "./current-policy";
import { loadPolicyConfiguration } from "./policy-configuration";
import { readPolicyState } from "./policy-state";
import { recordNextVersion, type TransactionAnswer } from "./record-version";
import { checkEffectiveDateZone, checkTransactionTimestamp } from "./transaction-checks";

/**
 * Serialized in the company object. Cancels a policy: coverage ends at `effectiveDate`, and the segments
 * it ended are kept for a reinstatement.
 */
export async function cancelPolicy(ctx: OperationContext, request: CancelRequest): Promise<TransactionAnswer> {
  await refuseTransactionPlanAccess(ctx, request.invoicePlan);
  const configuration = await loadPolicyConfiguration(ctx);
  const { head, current } = await readCurrentPolicy(ctx, request.policyId);
  await checkTransactionTimestamp(ctx, request.transactionTimestamp, head.id);
  checkEffectiveDateZone(request.effectiveDate, current.coverage);
  const state = await readPolicyState(ctx, current);
  const effectiveDate = request.effectiveDate.date;
  const plan = planTransaction(state, { action: "CANCEL", effectiveDate }, { ...configuration, now: ctx.now });
  if (!plan.ok) throw planRefusalError(plan.refusal);
  const invoices = await invoicePlanForTransaction(ctx, {
    policyId: head.id,
    plan: request.invoicePlan,
    coverage: plan.coverage,
    restatement: false,
  });
  return recordNextVersion(ctx, head, { action: "CANCEL", request, before: current.coverage, plan, invoices });
}
