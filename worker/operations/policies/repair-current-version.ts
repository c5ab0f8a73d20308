import { and, eq, exists, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { findPolicyHead, type PolicyHead, type PolicyVersionRow } from "../../db/queries/policies";
import { auditLog, policies, policyVersions } from "../../db/schema";
import { ApiError, notFound } from "../../errors/api-error";
import type { MaintenanceActor } from "./repair-policy";

/**
 * What every repair starts from: the policy head and its current version row, with the coverage JSON
 * exactly as stored so the write can be guarded on it (compare-and-swap at the row level).
 */
export interface CurrentVersion {
  head: PolicyHead;
  row: PolicyVersionRow;
  storedCoverage: string;
}

export async function readCurrentVersion(db: Database, companyId: string, policyId: string): Promise<CurrentVersion> {
  const head = await findPolicyHead(db, companyId, policyId);
  if (!head) throw notFound();
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
  const found = rows[0];
  if (!found) throw new Error(`policy ${head.id} has no row for its current version ${head.currentVersion}`);
  return { head, row: found.row, storedCoverage: found.storedCoverage };
}

/**
 * Holds while the policy's current version is still the one read and its coverage is byte-for-byte as
 * read. The backstop beside the company queue: a write that would race another writer changes nothing.
 */
export function versionUnchanged(db: Database, current: CurrentVersion): SQL {
  const headAt = db
    .select({ one: sql`1` })
    .from(policies)
    .where(and(eq(policies.id, current.head.id), eq(policies.currentVersion, current.row.version)));
  const rowAsRead = db
    .select({ one: sql`1` })
    .from(policyVersions)
    .where(and(eq(policyVersions.id, current.row.id), sql`${policyVersions.coverage} = ${current.storedCoverage}`));
  return and(exists(headAt), exists(rowAsRead))!;
}

/** Replaces the current version's coverage in place, only while `versionUnchanged` holds. */
export function rewriteCoverage(db: Database, current: CurrentVersion, coverage: PolicyVersionRow["coverage"]) {
  return db
    .update(policyVersions)
    .set({ coverage })
    .where(and(eq(policyVersions.id, current.row.id), versionUnchanged(db, current)));
}

export interface Receipt {
  id: string;
  companyId: string;
  action: string;
  detail: Record<string, unknown>;
  createdAt: string;
}

/**
 * An audit receipt (kind `receipt`) inserted only while `guard` holds, so it commits exactly when the
 * change it records does: put it first in the batch, with the same guard as the change.
 */
export function guardedReceipt(db: Database, receipt: Receipt, actor: MaintenanceActor, guard: SQL) {
  // Values in the table's column order: drizzle lists every column in `INSERT INTO ... (...)`.
  return db
    .insert(auditLog)
    .select(
      sql`SELECT ${receipt.id}, ${receipt.companyId}, 'receipt', ${actor.requestId}, ${actor.keyId}, ${actor.actor}, ${receipt.action}, ${actor.method}, ${actor.path}, 200, 0, ${actor.batchId}, ${JSON.stringify(receipt.detail)}, ${receipt.createdAt} WHERE ${guard}`,
    );
}

/** A guard stopped the batch: something changed the policy outside the company queue meanwhile. */
export function raced(): ApiError {
  return new ApiError({
    code: "Conflict",
    message: "The policy changed while the repair ran; nothing was written",
    userMessages: ["The policy changed while the repair ran. Nothing was changed; please try again."],
  });
}
