import { findVersion, versionRecord } from "../../db/queries/policies";
import { versionView } from "../../domain/policies/version-view";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";
import { viewContextOf } from "./view-context";

/** `GET P/policies/{policyId}/versions/{version}`: one version, in full or as its summary. */
export async function readPolicyVersion(
  ctx: OperationContext,
  policyId: string,
  version: number,
  detail: "full" | "summary",
) {
  const row = await findVersion(ctx.db, ctx.companyId, policyId, version);
  if (!row) throw notFound();
  const record = versionRecord(row);
  return versionView(record, await viewContextOf(ctx, record), detail);
}
