import { currentCoveragesOf, findPolicyHead, findVersion } from "../../db/queries/policies";
import { todayOf } from "../../domain/policies/civil-days";
import { policyStatus, rootData, type VersionRecord, type ViewContext } from "../../domain/policies/version-view";
import type { OperationContext } from "../context";
import { keptPolicyRows } from "./kept-policies";

/**
 * What a single version is shown against: today, and for a renewal the renewed policy's status today
 * (CONTRACT section 4: cancelling a policy does not cancel its renewal, but the renewal's answer and
 * reads name the previous policy's status).
 */
export async function viewContextOf(ctx: OperationContext, record: VersionRecord): Promise<ViewContext> {
  const today = todayOf(ctx.now);
  const previousId = rootData(record.coverage).previousPolicy;
  if (typeof previousId !== "string") return { today };
  // In the company object, the previous policy as it keeps it, when it does (a group may have just endorsed it).
  const kept = keptPolicyRows(ctx, previousId);
  const head = kept ? kept.head : await findPolicyHead(ctx.db, ctx.companyId, previousId);
  const current = kept
    ? kept.current
    : head && (await findVersion(ctx.db, ctx.companyId, head.id, head.currentVersion));
  return { today, previousPolicyStatus: current ? policyStatus(current.coverage, today) : null };
}

/**
 * What each item of a policy or version list is shown against: today, and for a renewal its renewed
 * policy's status today, read for the whole page in one statement.
 */
export async function listViewContexts(
  ctx: OperationContext,
  records: readonly VersionRecord[],
): Promise<(record: VersionRecord) => ViewContext> {
  const today = todayOf(ctx.now);
  const previousOf = (record: VersionRecord) => rootData(record.coverage).previousPolicy;
  const ids = [...new Set(records.map(previousOf).filter((id): id is string => typeof id === "string"))];
  const rows = await currentCoveragesOf(ctx.db, ctx.companyId, ids);
  const statuses = new Map(rows.map((row) => [row.policyId, policyStatus(row.coverage, today)]));
  return (record) => {
    const previousId = previousOf(record);
    return typeof previousId === "string"
      ? { today, previousPolicyStatus: statuses.get(previousId) ?? null }
      : { today };
  };
}
