import { and, asc, count, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { RunCursor } from "../../domain/data-validation/run-progress";
import type { StoredRecord } from "../../domain/data-validation/validate-records";
import type { Database } from "../client";
import { entities } from "../schema";

/** The stored text of `data`: validation parses it itself, so a corrupt row is a finding, not a failed read. */
const storedRecordColumns = { id: entities.id, createdAt: entities.createdAt, rawData: sql<string>`${entities.data}` };

const ofType = (companyId: string, entityType: string) =>
  and(eq(entities.companyId, companyId), eq(entities.entityType, entityType));

/** One page of a type's records, oldest first (new records land on later pages). */
export async function readRecordsPage(
  db: Database,
  companyId: string,
  entityType: string,
  window: { limit: number; offset: number },
): Promise<{ records: StoredRecord[]; totalCount: number }> {
  const where = ofType(companyId, entityType);
  const [records, [total]] = await Promise.all([
    db
      .select(storedRecordColumns)
      .from(entities)
      .where(where)
      .orderBy(asc(entities.createdAt), asc(entities.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(entities).where(where),
  ]);
  return { records, totalCount: total?.n ?? 0 };
}

/** The next chunk of a run: records of one type after the cursor, in the same oldest-first order. */
export function readRecordsAfter(
  db: Database,
  companyId: string,
  entityType: string,
  after: RunCursor["after"],
  limit: number,
): Promise<StoredRecord[]> {
  const pastCursor = after
    ? or(
        gt(entities.createdAt, after.createdAt),
        and(eq(entities.createdAt, after.createdAt), gt(entities.id, after.entityId)),
      )
    : undefined;
  return db
    .select(storedRecordColumns)
    .from(entities)
    .where(and(ofType(companyId, entityType), pastCursor))
    .orderBy(asc(entities.createdAt), asc(entities.id))
    .limit(limit);
}

export async function countRecords(db: Database, companyId: string, entityTypes: readonly string[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(entities)
    .where(and(eq(entities.companyId, companyId), inArray(entities.entityType, [...entityTypes])));
  return row?.n ?? 0;
}
