import { and, count, desc, eq, SQL, sql } from "drizzle-orm";
import type { Database } from "../client";
import { auditLog } from "../schema";

export type AuditEntryRow = typeof auditLog.$inferSelect;

/** A page of a company's audit entries, newest first, optionally only those of one `batchId`. */
export async function listAuditEntries(
  db: Database,
  companyId: string,
  page: { limit: number; offset: number; batchId?: string | undefined },
): Promise<{ items: AuditEntryRow[]; totalCount: number }> {
  const where = and(
    eq(auditLog.companyId, companyId),
    page.batchId === undefined ? undefined : eq(auditLog.batchId, page.batchId),
  );
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return { items, totalCount: total?.value ?? 0 };
}

/** An audit receipt's own columns (kind `receipt`, status 200, no duration; `detail` given apart). */
export interface ReceiptRow {
  id: string;
  companyId: string;
  requestId: string;
  keyId: string | null;
  actor: string;
  action: string;
  method: string;
  path: string;
  batchId: string | null;
  createdAt: string;
}

/**
 * A receipt insert, unexecuted (for the batch of the change it records), written only while `guard`
 * holds; `detail` is its JSON, or SQL giving it (which may count what the batch is about to change).
 */
export function guardedReceiptStatement(
  db: Database,
  receipt: ReceiptRow,
  detail: SQL | Record<string, unknown>,
  guard: SQL,
) {
  const detailJson = detail instanceof SQL ? detail : sql`json(${JSON.stringify(detail)})`;
  // Values in the table's column order: drizzle lists every column in `INSERT INTO ... (...)`.
  const values = [
    sql`${receipt.id}`,
    sql`${receipt.companyId}`,
    sql`'receipt'`,
    sql`${receipt.requestId}`,
    sql`${receipt.keyId}`,
    sql`${receipt.actor}`,
    sql`${receipt.action}`,
    sql`${receipt.method}`,
    sql`${receipt.path}`,
    sql`200`,
    sql`0`,
    sql`${receipt.batchId}`,
    detailJson,
    sql`${receipt.createdAt}`,
  ];
  return db.insert(auditLog).select(sql`SELECT ${sql.join(values, sql`, `)} WHERE ${guard}`);
}

export type AuditRowInsert = typeof auditLog.$inferInsert;

/**
 * Writes audit rows in one statement, whatever their number: the rows go as one JSON parameter read by
 * `json_each` (D1 binds at most 100 parameters a statement, and building a 14-column multi-row insert cost
 * more CPU than the write: issue 16's profile). Idempotent: a row already written (same id, as a retried
 * delivery brings it again) is left as it is.
 */
export async function insertAuditRows(db: Database, rows: readonly AuditRowInsert[]): Promise<void> {
  if (!rows.length) return;
  const json = JSON.stringify(rows.map((row) => ({ ...row, detail: row.detail ?? null })));
  await db.run(sql`
    INSERT INTO audit_log (id, company_id, kind, request_id, key_id, actor, action, method, path, status,
      duration_ms, batch_id, detail, created_at)
    SELECT value->>'id', value->>'companyId', value->>'kind', value->>'requestId', value->>'keyId',
      value->>'actor', value->>'action', value->>'method', value->>'path', value->>'status',
      value->>'durationMs', value->>'batchId', value->>'detail', value->>'createdAt'
    FROM json_each(${json}) WHERE true
    ON CONFLICT (id) DO NOTHING`);
}
