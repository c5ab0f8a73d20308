import type { PolicyHead, PolicyVersionRow } from "../../db/queries/policies";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";
import { currentPolicyRows } from "./kept-policies";

/** A policy of the company with its current version: what endorse, cancel and reinstate start from. */
export async function readCurrentPolicy(
  ctx: OperationContext,
  policyId: string,
): Promise<{ head: PolicyHead; current: PolicyVersionRow }> {
  const rows = await currentPolicyRows(ctx, policyId);
  if (!rows) throw notFound();
  return rows;
}
