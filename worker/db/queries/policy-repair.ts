import { and, asc, eq, exists, ne, notExists, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import { auditLog, policies, policyVersions, relationshipLinks } from "../schema";
import { type PolicyHead, type PolicyVersionRow, PREVIOUS_POLICY } from "./policies";

/**
 * The statements of the staff policy repairs (`POST P/policies/repair`). Each repair commits as one
 * batch whose statements all hold only while the policy is as the repair read it (compare-and-swap).
 */

/** A policy's current version row with its coverage JSON exactly as stored, so a write can be guarded on it. */
export interface StoredVersion {
  head: PolicyHead;
  row: PolicyVersionRow;
  storedCoverage: string;
}

export async function findStoredVersion(
  db: Database,
  companyId: string,
  head: PolicyHead,
): Promise<Omit<StoredVersion, "head"> | null> {
  const rows = await db
    .select({ row: policyVersions, storedCoverage: sql<string>`${policyVersions.coverage}` })
    .from(policyVersions)
    .where(
      and(
        eq(policyVersions.policyId, head.id),
        eq(policyVersions.version, head.currentVersion),
        eq(policyVersions.companyId, companyId),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Holds while the policy's current version is still the one read and its coverage is byte-for-byte as
 * read. The backstop beside the company queue: a write that would race another writer changes nothing.
 */
export function versionUnchanged(db: Database, current: StoredVersion): SQL {
  const headAt = db
    .select({ one: sql`1` })
    .from(policies)
    .where(and(eq(policies.id, current.head.id), eq(policies.currentVersion, current.row.version)));
  const rowAsRead = db
    .select({ one: sql`1` })
    .from(policyVersions)
    .where(and(eq(policyVersions.id, current.row.id), sql`${policyVersions.coverage} = ${current.storedCoverage}`));
  return sql`(${exists(headAt)} and ${exists(rowAsRead)})`;
}

/** Replaces the current version's coverage in place, only while `versionUnchanged` holds. */
export function rewriteCoverageStatement(db: Database, current: StoredVersion, coverage: PolicyVersionRow["coverage"]) {
  return db
    .update(policyVersions)
    .set({ coverage })
    .where(and(eq(policyVersions.id, current.row.id), versionUnchanged(db, current)));
}

/** An audit receipt (kind `receipt`): who made which change, committed with the change itself. */
export interface Receipt {
  id: string;
  companyId: string;
  requestId: string;
  keyId: string | null;
  actor: string;
  action: string;
  method: string;
  path: string;
  batchId: string | null;
  detail: Record<string, unknown>;
  createdAt: string;
}

/**
 * Inserts the receipt only while `guard` holds, so it commits exactly when the change it records does:
 * put it first in the batch, with the same guard as the change.
 */
export function guardedReceiptStatement(db: Database, receipt: Receipt, guard: SQL) {
  const r = receipt;
  // Values in the table's column order: drizzle lists every column in `INSERT INTO ... (...)`.
  return db.insert(auditLog).select(
    sql`SELECT ${r.id}, ${r.companyId}, 'receipt', ${r.requestId}, ${r.keyId}, ${r.actor}, ${r.action},
        ${r.method}, ${r.path}, 200, 0, ${r.batchId}, ${JSON.stringify(r.detail)}, ${r.createdAt} WHERE ${guard}`,
  );
}

const ownLinks = (companyId: string, policyId: string) =>
  and(
    eq(relationshipLinks.companyId, companyId),
    eq(relationshipLinks.relationshipKey, PREVIOUS_POLICY),
    eq(relationshipLinks.fromId, policyId),
  );

/** The policy's own `previousPolicy` links, oldest first. */
export function listPreviousPolicyLinks(db: Database, companyId: string, policyId: string) {
  return db
    .select({ id: relationshipLinks.id, toId: relationshipLinks.toId })
    .from(relationshipLinks)
    .where(ownLinks(companyId, policyId))
    .orderBy(asc(relationshipLinks.createdAt), asc(relationshipLinks.id));
}

const headNames = (head: PolicyHead) =>
  and(eq(policies.id, head.id), sql`${policies.previousPolicyId} IS ${head.previousPolicyId}`);

/** Holds while the head still names the previous policy it named when read. */
export const headAsRead = (db: Database, head: PolicyHead): SQL =>
  exists(db.select({ one: sql`1` }).from(policies).where(headNames(head)));

/** Removes the policy's own renewal links, except `keptLinkId`, while `guard` holds. */
export function deletePreviousPolicyLinksStatement(
  db: Database,
  head: PolicyHead,
  keptLinkId: string | null,
  guard: SQL,
) {
  return db
    .delete(relationshipLinks)
    .where(
      and(ownLinks(head.companyId, head.id), keptLinkId ? ne(relationshipLinks.id, keptLinkId) : undefined, guard),
    );
}

/** Inserts the link unless one from this policy to the same previous policy already exists. */
export function insertPreviousPolicyLinkIfMissingStatement(
  db: Database,
  head: PolicyHead,
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
        eq(existing.companyId, head.companyId),
        eq(existing.relationshipKey, PREVIOUS_POLICY),
        eq(existing.fromId, head.id),
        eq(existing.toId, link.toId),
      ),
    );
  // Values in the table's column order: drizzle lists every column in `INSERT INTO ... (...)`.
  return db.insert(relationshipLinks).select(
    sql`SELECT ${link.id}, ${head.companyId}, ${PREVIOUS_POLICY}, ${head.id}, ${link.toId}, ${createdAt}
        WHERE ${and(guard, notExists(present))}`,
  );
}

/** Sets the head's `previousPolicy`, only while it still names what was read. */
export function setPreviousPolicyStatement(db: Database, head: PolicyHead, previousPolicyId: string | null) {
  return db.update(policies).set({ previousPolicyId }).where(headNames(head));
}
