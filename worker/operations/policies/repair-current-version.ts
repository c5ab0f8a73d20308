import { findPolicyHead } from "../../db/queries/policies";
import { findStoredVersion, type Receipt, type StoredVersion } from "../../db/queries/policy-repair";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";

/**
 * What every repair starts from: the policy head and its current version row, with the coverage JSON
 * exactly as stored so the write can be guarded on it (compare-and-swap at the row level).
 */
export async function readStoredVersion(ctx: OperationContext, policyId: string): Promise<StoredVersion> {
  const head = await findPolicyHead(ctx.db, ctx.companyId, policyId);
  if (!head) throw notFound();
  const found = await findStoredVersion(ctx.db, ctx.companyId, head);
  if (!found) throw new Error(`policy ${head.id} has no row for its current version ${head.currentVersion}`);
  return { head, ...found };
}

/** The audit receipt a repair commits with its change (action `repairPolicy.<kind>`), from the call. */
export function repairReceipt(ctx: OperationContext, action: string, detail: Record<string, unknown>): Receipt {
  return {
    id: crypto.randomUUID(),
    companyId: ctx.companyId,
    requestId: ctx.requestId,
    keyId: ctx.actor.keyId,
    actor: ctx.actor.kind,
    action,
    method: ctx.method,
    path: ctx.path,
    batchId: ctx.batchId,
    detail,
    createdAt: ctx.now.toISOString(),
  };
}
