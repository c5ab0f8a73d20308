import { findPolicyWithCurrentVersion, versionRecord } from "../../db/queries/policies";
import { type FullVersionView, versionView } from "../../domain/policies/version-view";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";
import { viewContextOf } from "./view-context";

/** `GET P/policies/{policyId}`: the policy's latest version, in full. */
export async function readPolicy(ctx: OperationContext, policyId: string): Promise<FullVersionView> {
  const { head, current: row } = await findPolicyWithCurrentVersion(ctx.db, ctx.companyId, policyId);
  if (!head || !row) throw notFound();
  const record = versionRecord(row);
  return versionView(record, await viewContextOf(ctx, record));
}
