import { and, eq } from "drizzle-orm";
import type { VersionRecord } from "../../domain/policies/version-view";
import type { Database } from "../client";
import { policies, policyVersions } from "../schema";

export type PolicyHead = typeof policies.$inferSelect;
export type PolicyVersionRow = typeof policyVersions.$inferSelect;

export async function findPolicyHead(db: Database, companyId: string, policyId: string): Promise<PolicyHead | null> {
  const rows = await db
    .select()
    .from(policies)
    .where(and(eq(policies.id, policyId), eq(policies.companyId, companyId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findPolicyByNumber(
  db: Database,
  companyId: string,
  policyNumber: string,
): Promise<PolicyHead | null> {
  const rows = await db
    .select()
    .from(policies)
    .where(and(eq(policies.companyId, companyId), eq(policies.policyNumber, policyNumber)))
    .limit(1);
  return rows[0] ?? null;
}

/** One version by number; O(1) in history length (unique index on policy and version). */
export async function findVersion(
  db: Database,
  companyId: string,
  policyId: string,
  version: number,
): Promise<PolicyVersionRow | null> {
  const rows = await db
    .select()
    .from(policyVersions)
    .where(
      and(
        eq(policyVersions.policyId, policyId),
        eq(policyVersions.version, version),
        eq(policyVersions.companyId, companyId),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export function versionRecord(row: PolicyVersionRow): VersionRecord {
  return {
    policyId: row.policyId,
    version: row.version,
    action: row.action,
    transactionTimestamp: row.transactionTimestamp,
    displayAuthor: row.displayAuthor,
    effectiveDate: row.effectiveDate,
    coverage: row.coverage,
    createdAt: row.createdAt,
  };
}
