import { insertPreviousPolicyLinkStatement } from "../../db/queries/policies";
import type { StartPolicyRequest } from "../../domain/policies/transactions";
import { type FullVersionView, versionView } from "../../domain/policies/version-view";
import { runClaimingBatch, type SequenceClaims, withSequenceClaims } from "../company/owned-sequences";
import type { OperationContext } from "../context";
import { invoicePlanAnswer } from "../financials/transaction-invoice-plan";
import { peekNextPolicyNumber } from "./policy-number";
import { newPolicyInvoices, newPolicyStatements, prepareNewPolicy } from "./start-policy";
import { viewContextOf } from "./view-context";

/**
 * Serialized in the company object. Renews a policy: a new policy (its own id, version 1) whose
 * `previousPolicy` is the renewed policy, stored as the relationship `Policy<N:1:previousPolicy>Policy`
 * in the same batch, with the invoices of its plan.
 */
export function renewPolicy(ctx: OperationContext, request: StartPolicyRequest): Promise<FullVersionView> {
  return withSequenceClaims(ctx, (claims) => writeRenewal(ctx, request, claims));
}

async function writeRenewal(ctx: OperationContext, request: StartPolicyRequest, claims: SequenceClaims) {
  const numberPeek = peekNextPolicyNumber(ctx, request.data, claims);
  const policy = await prepareNewPolicy(ctx, "RENEW", request, numberPeek, claims);
  const renewed = policy.head.previousPolicyId;
  // A renewal's data always names the policy it renews (`readPolicyData` requires it).
  if (!renewed) throw new Error("a renewal reached the write without its previous policy");
  const link = insertPreviousPolicyLinkStatement(ctx.db, {
    id: crypto.randomUUID(),
    companyId: ctx.companyId,
    fromId: policy.head.id,
    toId: renewed,
    createdAt: policy.record.createdAt,
  });
  const invoices = await newPolicyInvoices(ctx, policy, request.invoicePlan);
  await runClaimingBatch(ctx, claims, [...newPolicyStatements(ctx, policy), link, ...(invoices?.statements ?? [])]);
  return { ...versionView(policy.record, await viewContextOf(ctx, policy.record)), ...invoicePlanAnswer(invoices) };
}
