import type { StartPolicyRequest } from "../../domain/policies/transactions";
import { type FullVersionView, versionView } from "../../domain/policies/version-view";
import type { OperationContext } from "../context";
import { newPolicyStatements, prepareNewPolicy } from "./start-policy";
import { viewContextOf } from "./view-context";

/**
 * Serialized in the company object. Writes new business: a new policy at version 1, its number kept
 * when sent and minted when absent (interface, Policies: transactions).
 */
export async function newBusiness(ctx: OperationContext, request: StartPolicyRequest): Promise<FullVersionView> {
  const policy = await prepareNewPolicy(ctx, "NEW_BUSINESS", request);
  await ctx.db.batch(newPolicyStatements(ctx, policy));
  return versionView(policy.record, await viewContextOf(ctx, policy.record));
}
