import { and, asc, count, eq, getTableColumns, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { DataValidationFinding } from "../../domain/data-validation/record-finding";
import type { Database } from "../client";
import { dataValidationFindings as findings } from "../schema";

export type FindingRow = typeof findings.$inferInsert;

/** D1 binds at most 100 parameters per statement. */
const FINDINGS_PER_INSERT = Math.floor(100 / Object.keys(getTableColumns(findings)).length);

/** How many findings a run has saved, as a subquery for the statement that advances the run. */
export const findingsCountOf = (runId: string) =>
  sql<number>`(select count(*) from ${findings} where ${findings.runId} = ${runId})`;

/**
 * Inserts of a chunk's findings (unexecuted, for the step's batch). The key (run, record) makes a
 * re-delivered step write nothing twice.
 */
export function insertFindingsStatements(db: Database, rows: readonly FindingRow[]): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [];
  for (let start = 0; start < rows.length; start += FINDINGS_PER_INSERT) {
    statements.push(
      db
        .insert(findings)
        .values(rows.slice(start, start + FINDINGS_PER_INSERT))
        .onConflictDoNothing(),
    );
  }
  return statements;
}

export interface FindingsWindow {
  limit: number;
  offset: number;
  /** Only adhering (true) or only non-adhering (false) findings; all when absent. */
  adheres?: boolean | undefined;
}

/** Saved findings of a run in the order the run validated the records. */
export async function listFindings(
  db: Database,
  run: { id: string; companyId: string },
  window: FindingsWindow,
): Promise<{ items: DataValidationFinding[]; totalCount: number }> {
  const where = and(
    eq(findings.runId, run.id),
    eq(findings.companyId, run.companyId),
    window.adheres === undefined ? undefined : eq(findings.adheres, window.adheres),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(findings)
      .where(where)
      .orderBy(asc(findings.ordinal), asc(findings.entityId))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(findings).where(where),
  ]);
  const items = rows.map((row) => ({
    entityType: row.entityType,
    entityId: row.entityId,
    adheres: row.adheres,
    extraKeys: row.extraKeys,
    issues: row.issues,
  }));
  return { items, totalCount: total?.n ?? 0 };
}
