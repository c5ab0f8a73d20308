import { and, asc, count, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { ConfigurationDocument } from "../../domain/configuration/document";
import {
  type DataValidationFinding,
  unreadableRecordFinding,
  validateStoredRecord,
} from "../../domain/data-validation/record-finding";
import type { RunCursor } from "../../domain/data-validation/run-progress";
import type { ValidationTarget } from "../../domain/data-validation/validation-target";
import { presentRecord } from "../../domain/entities/present-record";
import type { Database } from "../client";
import { entities } from "../schema";

/** A stored record with its data as stored text: one corrupt row must become a finding, not a failed read. */
export interface StoredRecord {
  id: string;
  createdAt: string;
  rawData: string;
}

const storedRecordColumns = { id: entities.id, createdAt: entities.createdAt, rawData: sql<string>`${entities.data}` };

const ofType = (companyId: string, entityType: string) =>
  and(eq(entities.companyId, companyId), eq(entities.entityType, entityType));

/** One page of a type's records, oldest first (new records land on later pages). */
export async function readRecordsPage(
  db: Database,
  companyId: string,
  entityType: string,
  limit: number,
  offset: number,
) {
  const where = ofType(companyId, entityType);
  const [records, [total]] = await Promise.all([
    db
      .select(storedRecordColumns)
      .from(entities)
      .where(where)
      .orderBy(asc(entities.createdAt), asc(entities.id))
      .limit(limit)
      .offset(offset),
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

function parseStoredData(rawData: string): { ok: true; data: unknown } | { ok: false } {
  try {
    return { ok: true, data: JSON.parse(rawData) };
  } catch {
    return { ok: false };
  }
}

/**
 * Values are validated as the API presents them (read-time views such as legacy addresses shown in
 * the AddressV2 shape), so a supported migration is never reported as a problem.
 */
function presented(configuration: ConfigurationDocument, target: ValidationTarget, data: unknown): unknown {
  if (!data || typeof data !== "object" || Array.isArray(data)) return data;
  try {
    return presentRecord(
      configuration,
      { kind: target.kind, type: target.entityType, fields: target.fields },
      data as Record<string, unknown>,
    );
  } catch {
    // A view that cannot be built from malformed data: validate what is stored.
    return data;
  }
}

export function validateRecords(
  configuration: ConfigurationDocument,
  target: ValidationTarget,
  records: readonly StoredRecord[],
): DataValidationFinding[] {
  return records.map((record) => {
    const parsed = parseStoredData(record.rawData);
    if (!parsed.ok) return unreadableRecordFinding(target, record.id, "The stored data is not valid JSON");
    return validateStoredRecord(target, record.id, presented(configuration, target, parsed.data));
  });
}
