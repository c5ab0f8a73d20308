import { findPolicyHead, findVersion } from "../../db/queries/policies";
import {
  deletePreviousPolicyLinksStatement,
  guardedReceiptStatement,
  headAsRead,
  insertPreviousPolicyLinkIfMissingStatement,
  listPreviousPolicyLinks,
  setPreviousPolicyStatement,
} from "../../db/queries/policy-repair";
import { planJoinHistory } from "../../domain/policies/join-history";
import type { RepairOutcome } from "../../domain/policies/repair";
import { rootData } from "../../domain/policies/version-view";
import { previousPolicyMissing, repairRaced } from "../../errors/policy-repair-refusals";
import type { OperationContext } from "../context";
import { readStoredVersion, repairReceipt } from "./repair-current-version";

/**
 * Kind `joinHistory`: the renewal chain recorded in the version data is the truth. Version 1 of a
 * renewal carries `previousPolicy` (a renewal link cannot be endorsed), and new business carries none.
 * The repair makes the head's `previous_policy_id` and the policy's own `previousPolicy` links agree:
 * exactly one link to the recorded previous policy (the oldest existing one is kept), none otherwise.
 * Links pointing at this policy belong to its renewals and are repaired from their side.
 */
export async function repairJoinHistory(
  ctx: OperationContext,
  request: { policyId: string; dryRun: boolean },
): Promise<RepairOutcome> {
  const { head, row } = await readStoredVersion(ctx, request.policyId);
  const first = await findVersion(ctx.db, ctx.companyId, head.id, 1);
  const value = first ? rootData(first.coverage).previousPolicy : undefined;
  const recorded = typeof value === "string" ? value : null;
  if (recorded && !(await findPolicyHead(ctx.db, ctx.companyId, recorded))) throw previousPolicyMissing(recorded);

  const links = await listPreviousPolicyLinks(ctx.db, ctx.companyId, head.id);
  const plan = planJoinHistory(recorded, head.previousPolicyId, links, crypto.randomUUID());
  const outcome = {
    kind: "joinHistory" as const,
    policyId: head.id,
    dryRun: request.dryRun,
    version: row.version,
    receiptId: null,
    changes: plan.changes,
  };
  if (request.dryRun || plan.changes.length === 0) return outcome;

  // Every statement holds only while the head still names what was read; the head moves last.
  const guard = headAsRead(ctx.db, head);
  const receipt = repairReceipt(ctx, "repairPolicy.joinHistory", {
    policyId: head.id,
    version: row.version,
    changes: plan.changes,
  });
  const added = plan.added
    ? [insertPreviousPolicyLinkIfMissingStatement(ctx.db, head, plan.added, receipt.createdAt, guard)]
    : [];
  const [written] = await ctx.db.batch([
    guardedReceiptStatement(ctx.db, receipt, guard),
    deletePreviousPolicyLinksStatement(ctx.db, head, plan.keptLinkId, guard),
    ...added,
    setPreviousPolicyStatement(ctx.db, head, recorded),
  ]);
  if (written.meta.changes === 0) throw repairRaced();
  return { ...outcome, receiptId: receipt.id };
}
