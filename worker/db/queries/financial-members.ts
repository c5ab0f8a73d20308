import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { MemberRow, MemberSync } from "../../domain/financials/members";
import type { Database } from "../client";
import { financialAccounts, financialMembers } from "../schema";
import { inList } from "./in-list";

/** Every member row of the company: configured ones, then removed ones in the order they went. */
export async function loadMemberRows(db: Database, companyId: string): Promise<MemberRow[]> {
  const rows = await db
    .select()
    .from(financialMembers)
    .where(eq(financialMembers.companyId, companyId))
    .orderBy(
      sql`${financialMembers.removedAt} IS NOT NULL`,
      asc(financialMembers.removedAt),
      asc(financialMembers.name),
    );
  return rows.map(({ id, member, name, settings, removedAt }) => ({ id, member, name, settings, removedAt }));
}

/**
 * The statements recording an import's members (unexecuted, for the import's batch): each runs only while
 * `written` holds (the configuration it belongs to was stored).
 */
export function syncMemberStatements(db: Database, companyId: string, sync: MemberSync, written: SQL, now: string) {
  // Values in the table's column order: drizzle lists every column in `INSERT INTO ... (...)`.
  const upserts = sync.configured.map((row) => {
    const values = [row.id, companyId, row.member, row.name, JSON.stringify(row.settings)].map((v) => sql`${v}`);
    return db
      .insert(financialMembers)
      .select(sql`SELECT ${sql.join(values, sql`, `)}, NULL WHERE ${written}`)
      .onConflictDoUpdate({ target: financialMembers.id, set: { settings: sql`excluded.settings` } });
  });
  const removals = sync.removed.length
    ? [
        db
          .update(financialMembers)
          .set({ removedAt: now })
          .where(
            and(
              eq(financialMembers.companyId, companyId),
              inList(financialMembers.id, sync.removed),
              isNull(financialMembers.removedAt),
              written,
            ),
          ),
      ]
    : [];
  return [...upserts, ...removals];
}

/** Names of the members some account uses (journal entries have posted to them). */
export async function usedMemberNames(db: Database, companyId: string) {
  const used = (column: typeof financialAccounts.categoryId | typeof financialAccounts.lineItemTypeId) =>
    db
      .selectDistinct({ name: financialMembers.name })
      .from(financialAccounts)
      .innerJoin(financialMembers, eq(financialMembers.id, column))
      .where(and(eq(financialAccounts.companyId, companyId), isNull(financialMembers.removedAt)));
  const [categories, lineItemTypes] = await Promise.all([
    used(financialAccounts.categoryId),
    used(financialAccounts.lineItemTypeId),
  ]);
  return {
    categories: new Set(categories.map((r) => r.name)),
    lineItemTypes: new Set(lineItemTypes.map((r) => r.name)),
  };
}
