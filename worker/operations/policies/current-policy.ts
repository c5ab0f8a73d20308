import { findPolicyHead, findVersion, type PolicyHead, type PolicyVersionRow } from "../../db/queries/policies";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";

/** A policy of the company with its current version: what endorse, cancel and reinstate start from. */
export async function readCurrentPolicy(
  ctx: OperationContext,
  policyId: string,
): Promise<{ head: PolicyHead; current: PolicyVersionRow }> {
  const head = await findPolicyHead(ctx.db, ctx.companyId, policyId);
  if (!head) throw notFound();
  const current = await findVersion(ctx.db, ctx.companyId, head.id, head.currentVersion);
  if (!current) throw new Error(`policy ${head.id} has no row for its current version ${head.currentVersion}`);
  return { head, current };
}
