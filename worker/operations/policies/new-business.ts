import type { StartPolicyRequest } from "../../domain/policies/transactions";
import { type FullVersionView, versionView } from "../../domain/policies/version-view";
import { runClaimingBatch, type SequenceClaims, withSequenceClaims } from "../company/owned-sequences";
import type { OperationContext } from "../context";
import { invoicePlanAnswer } from "../financials/transaction-invoice-plan";
import { peekNextPolicyNumber } from "./policy-number";
import { newPolicyInvoices, newPolicyStatements, prepareNewPolicy } from "./start-policy";
import { viewContextOf } from "./view-context";

/**
 * Serialized in the company object. Writes new business: a new policy at version 1, its number kept
 * when sent and minted when absent (interface, Policies: transactions), and the invoices of its plan.
 */
export function newBusiness(ctx: OperationContext, request: StartPolicyRequest): Promise<FullVersionView> {
  return withSequenceClaims(ctx, (claims) => writeNewBusiness(ctx, request, claims));
}

async function writeNewBusiness(ctx: OperationContext, request: StartPolicyRequest, claims: SequenceClaims) {
  const numberPeek = peekNextPolicyNumber(ctx, request.data, claims);
  const policy = await prepareNewPolicy(ctx, "NEW_BUSINESS", request, numberPeek, claims);
  const invoices = await newPolicyInvoices(ctx, policy, request.invoicePlan);
  await runClaimingBatch(ctx, claims, [...newPolicyStatements(ctx, policy), ...(invoices?.statements ?? [])]);
  return { ...versionView(policy.record, await viewContextOf(ctx, policy.record)), ...invoicePlanAnswer(invoices) };
}
