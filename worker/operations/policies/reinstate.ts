import { findLiveRenewal, type PolicyHead } from "../../db/queries/policies";
import type { Coverage } from "../../domain/policies/segments";
import { planTransaction } from "../../domain/policies/transaction-plan";
import { reinstatedRenewalRefusal } from "../../domain/policies/transaction-rules";
import type { ReinstateRequest } from "../../domain/policies/transactions";
import { planRefusalError, renewalError } from "../../errors/policy-refusals";
import type { OperationContext } from "../context";
import { invoicePlanForTransaction, refuseTransactionPlanAccess } from "../financials/transaction-invoice-plan";
import { readCurrentPolicy } from "./current-policy";
import { currentPolicyRows } from "./kept-policies";
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
  await checkReinstatedRenewal(ctx, head, current.coverage);
  const invoices = await invoicePlanForTransaction(ctx, {
    policyId: head.id,
    plan: request.invoicePlan,
    coverage: plan.coverage,
    restatement: false,
  });
  return recordNextVersion(ctx, head, { action: "REINSTATE", request, before: current.coverage, plan, invoices });
}

/** A renewal cancelled flat comes back only while the renewal rules still hold (409 otherwise). */
async function checkReinstatedRenewal(ctx: OperationContext, head: PolicyHead, coverage: Coverage) {
  if (head.previousPolicyId === null) return;
  const [previous, otherLiveRenewal] = await Promise.all([
    currentPolicyRows(ctx, head.previousPolicyId),
    findLiveRenewal(ctx.db, ctx.companyId, head.previousPolicyId, head.id),
  ]);
  if (!previous) return; // not reached: renew checks the id, and policies are only ever wiped all together
  const refusal = reinstatedRenewalRefusal({
    renewal: coverage,
    previous: previous.current.coverage,
    otherLiveRenewal,
  });
  if (refusal) throw renewalError(refusal);
}
