import type { StartPolicyRequest } from "../../domain/policies/transactions";
import { type FullVersionView, versionView } from "../../domain/policies/version-view";
import type { OperationContext } from "../context";
import { invoicePlanAnswer } from "../financials/transaction-invoice-plan";
import { peekNextPolicyNumber, runNewPolicyBatch, withPeekedPolicyNumber } from "./policy-number";
import { newPolicyInvoices, newPolicyStatements, prepareNewPolicy } from "./start-policy";
import { viewContextOf } from "./view-context";

/**
 * Serialized in the company object. Writes new business: a new policy at version 1, its number kept
 * when sent and minted when absent (interface, Policies: transactions), and the invoices of its plan.
 */
export function newBusiness(ctx: OperationContext, request: StartPolicyRequest): Promise<FullVersionView> {
  return withPeekedPolicyNumber((peek) => writeNewBusiness(ctx, request, peek));
}

async function writeNewBusiness(ctx: OperationContext, request: StartPolicyRequest, peek: boolean) {
  const numberPeek = peekNextPolicyNumber(ctx, request.data, peek);
  const policy = await prepareNewPolicy(ctx, "NEW_BUSINESS", request, numberPeek);
  const invoices = await newPolicyInvoices(ctx, policy, request.invoicePlan);
  await runNewPolicyBatch(ctx, policy.numberClaim, [
    ...newPolicyStatements(ctx, policy),
    ...(invoices?.statements ?? []),
  ]);
  return { ...versionView(policy.record, await viewContextOf(ctx, policy.record)), ...invoicePlanAnswer(invoices) };
}
