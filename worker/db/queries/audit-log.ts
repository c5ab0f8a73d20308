import { and, count, desc, eq } from "drizzle-orm";
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
