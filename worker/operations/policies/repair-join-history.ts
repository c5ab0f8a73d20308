import { and, asc, eq, exists, ne, notExists, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import { findPolicyHead, findVersion } from "../../db/queries/policies";
import { policies, relationshipLinks } from "../../db/schema";
import { planJoinHistory } from "../../domain/policies/repair";
import { rootData } from "../../domain/policies/version-view";
import { ApiError } from "../../errors/api-error";
import { guardedReceipt, raced, readCurrentVersion } from "./repair-current-version";
import type { MaintenanceActor, RepairOutcome, RepairRequest } from "./repair-policy";

/** The renewal relationship `Policy<N:1:previousPolicy>Policy`, as the renew transaction stores it. */
const PREVIOUS_POLICY = "previousPolicy";

/**
 * Kind `joinHistory`: the renewal chain recorded in the version data is the truth. Version 1 of a
 * renewal carries `previousPolicy` (a renewal link cannot be endorsed), and new business carries none.
 * The repair makes the head's `previous_policy_id` and the policy's own `previousPolicy` links agree:
 * exactly one link to the recorded previous policy (the oldest existing one is kept), none otherwise.
 * Links pointing at this policy belong to its renewals and are repaired from their side.
 */
export async function repairJoinHistory(
  db: Database,
  companyId: string,
  request: RepairRequest,
  actor: MaintenanceActor,
): Promise<RepairOutcome> {
  const { head, row } = await readCurrentVersion(db, companyId, request.policyId);
  const first = await findVersion(db, companyId, head.id, 1);
  const value = first ? rootData(first.coverage).previousPolicy : undefined;
  const recorded = typeof value === "string" ? value : null;
  if (recorded && !(await findPolicyHead(db, companyId, recorded))) {
    throw new ApiError({
      code: "PreviousPolicyMissing",
      message: `The renewal recorded in version 1 names previous policy ${recorded}, which is not a policy of this company; the link cannot be rebuilt`,
      userMessages: ["The policy this one renews no longer exists, so its renewal link cannot be rebuilt."],
      details: [{ field: "previousPolicy", message: `names ${recorded}, which is not a policy of this company` }],
    });
  }

  const links = await db
    .select({ id: relationshipLinks.id, toId: relationshipLinks.toId })
    .from(relationshipLinks)
    .where(ownLinks(companyId, head.id))
    .orderBy(asc(relationshipLinks.createdAt), asc(relationshipLinks.id));
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
  const headAsRead = exists(
    db
      .select({ one: sql`1` })
      .from(policies)
      .where(and(eq(policies.id, head.id), sql`${policies.previousPolicyId} IS ${head.previousPolicyId}`)),
  );
  const now = new Date().toISOString();
  const receipt = {
    id: crypto.randomUUID(),
    companyId,
    action: "repairPolicy.joinHistory",
    detail: { policyId: head.id, version: row.version, changes: plan.changes },
    createdAt: now,
  };
  const statements = [
    guardedReceipt(db, receipt, actor, headAsRead),
    db
      .delete(relationshipLinks)
      .where(
        and(
          ownLinks(companyId, head.id),
          plan.keptLinkId ? ne(relationshipLinks.id, plan.keptLinkId) : undefined,
          headAsRead,
        ),
      ),
    ...(plan.added ? [insertLinkIfMissing(db, companyId, head.id, plan.added, now, headAsRead)] : []),
    db
      .update(policies)
      .set({ previousPolicyId: recorded })
      .where(and(eq(policies.id, head.id), sql`${policies.previousPolicyId} IS ${head.previousPolicyId}`)),
  ] as const;
  const [written] = await db.batch(statements);
  if (written.meta.changes === 0) throw raced();
  return { ...outcome, receiptId: receipt.id };
}

const ownLinks = (companyId: string, policyId: string) =>
  and(
    eq(relationshipLinks.companyId, companyId),
    eq(relationshipLinks.relationshipKey, PREVIOUS_POLICY),
    eq(relationshipLinks.fromId, policyId),
  );

/** Inserts the link unless one from this policy to the same previous policy already exists. */
function insertLinkIfMissing(
  db: Database,
  companyId: string,
  policyId: string,
  link: { id: string; toId: string },
  createdAt: string,
  guard: SQL,
) {
  const existing = alias(relationshipLinks, "existing");
  const present = db
    .select({ one: sql`1` })
    .from(existing)
    .where(
      and(
        eq(existing.companyId, companyId),
        eq(existing.relationshipKey, PREVIOUS_POLICY),
        eq(existing.fromId, policyId),
        eq(existing.toId, link.toId),
      ),
    );
  // Values in the table's column order: drizzle lists every column in `INSERT INTO ... (...)`.
  return db
    .insert(relationshipLinks)
    .select(
      sql`SELECT ${link.id}, ${companyId}, ${PREVIOUS_POLICY}, ${policyId}, ${link.toId}, ${createdAt} WHERE ${and(guard, notExists(present))}`,
    );
}
