import { planTransaction } from "../../domain/policies/transaction-plan";
import type { ReinstateRequest } from "../../domain/policies/transactions";
import { planRefusalError } from "../../errors/policy-refusals";
import type { OperationContext } from "../context";
import { invoicePlanForTransaction, refuseTransactionPlanAccess } from "../financials/transaction-invoice-plan";
import { readCurrentPolicy } from "./current-policy";
import { loadPolicyConfiguration } from "./policy-configuration";
import { readPolicyState } from "./policy-state";
import { recordNextVersion, type TransactionAnswer } from "./record-version";
import { checkTransactionTimestamp } from "./transaction-checks";

/**
 * Serialized in the company object. Reinstates a cancelled policy: the coverage the cancellation ended
 * comes back, effective on the cancellation date.
 */
export async function reinstatePolicy(ctx: OperationContext, request: ReinstateRequest): Promise<TransactionAnswer> {
  await refuseTransactionPlanAccess(ctx, request.invoicePlan);
  const configuration = await loadPolicyConfiguration(ctx);
  const { head, current } = await readCurrentPolicy(ctx, request.policyId);
  await checkTransactionTimestamp(ctx, request.transactionTimestamp, head.id);
  const state = await readPolicyState(ctx, current);
  const plan = planTransaction(state, { action: "REINSTATE" }, { ...configuration, now: ctx.now });
  if (!plan.ok) throw planRefusalError(plan.refusal);
  const invoices = await invoicePlanForTransaction(ctx, {
    policyId: head.id,
    plan: request.invoicePlan,
    coverage: plan.coverage,
    restatement: false,
  });
  return recordNextVersion(ctx, head, { action: "REINSTATE", request, before: current.coverage, plan, invoices });
}
