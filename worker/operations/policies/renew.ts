import { insertPreviousPolicyLinkStatement } from "../../db/queries/policies";
import type { StartPolicyRequest } from "../../domain/policies/transactions";
import { type FullVersionView, versionView } from "../../domain/policies/version-view";
import type { OperationContext } from "../context";
import { newPolicyStatements, prepareNewPolicy } from "./start-policy";
import { viewContextOf } from "./view-context";

/**
 * Serialized in the company object. Renews a policy: a new policy (its own id, version 1) whose
 * `previousPolicy` is the renewed policy, stored as the relationship `Policy<N:1:previousPolicy>Policy`
 * in the same batch.
 */
export async function renewPolicy(ctx: OperationContext, request: StartPolicyRequest): Promise<FullVersionView> {
  const policy = await prepareNewPolicy(ctx, "RENEW", request);
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
  await ctx.db.batch([...newPolicyStatements(ctx, policy), link]);
  return versionView(policy.record, await viewContextOf(ctx, policy.record));
}
