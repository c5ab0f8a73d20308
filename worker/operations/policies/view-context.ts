import { findPolicyHead, findVersion } from "../../db/queries/policies";
import { todayOf } from "../../domain/policies/civil-days";
import { policyStatus, rootData, type VersionRecord, type ViewContext } from "../../domain/policies/version-view";
import type { OperationContext } from "../context";

/**
 * What a single version is shown against: today, and for a renewal the renewed policy's status today
 * (CONTRACT section 4: cancelling a policy does not cancel its renewal, but the renewal's answer and
 * reads name the previous policy's status).
 */
export async function viewContextOf(ctx: OperationContext, record: VersionRecord): Promise<ViewContext> {
  const today = todayOf(ctx.now);
  const previousId = rootData(record.coverage).previousPolicy;
  if (typeof previousId !== "string") return { today };
  const head = await findPolicyHead(ctx.db, ctx.companyId, previousId);
  const current = head && (await findVersion(ctx.db, ctx.companyId, head.id, head.currentVersion));
  return { today, previousPolicyStatus: current ? policyStatus(current.coverage, today) : null };
}
