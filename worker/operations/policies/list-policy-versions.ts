import type { PageWindow } from "../../db/queries/page";
import { findPolicyHead, versionRecord } from "../../db/queries/policies";
import { listVersionsOfPolicy } from "../../db/queries/policy-lists";
import { versionListItem } from "../../domain/policies/version-view";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";
import { listViewContexts } from "./view-context";

/** `GET P/policies/{policyId}/versions`: a policy's versions, newest first; the total is its current version. */
export async function listPolicyVersions(ctx: OperationContext, policyId: string, page: PageWindow) {
  const head = await findPolicyHead(ctx.db, ctx.companyId, policyId);
  if (!head) throw notFound();
  const records = (await listVersionsOfPolicy(ctx.db, ctx.companyId, policyId, page)).map(versionRecord);
  const viewOf = await listViewContexts(ctx, records);
  return { items: records.map((record) => versionListItem(record, viewOf(record))), totalCount: head.currentVersion };
}
