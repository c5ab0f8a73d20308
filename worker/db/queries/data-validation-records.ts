import { and, asc, count, eq, gt, or, sql } from "drizzle-orm";
import type { RunCursor } from "../../domain/data-validation/run-progress";
import type { StoredRecord } from "../../domain/data-validation/validate-records";
import type { Database } from "../client";
import { entities, policies } from "../schema";
import { inList } from "./in-list";

/** The stored text of `data`: validation parses it itself, so a corrupt row is a finding, not a failed read. */
const storedRecordColumns = { id: entities.id, createdAt: entities.createdAt, rawData: sql<string>`${entities.data}` };

const ofType = (companyId: string, entityType: string) =>
  and(eq(entities.companyId, companyId), eq(entities.entityType, entityType));

/** Data validation reads policies (type `policy`) from the policy tables, every other type from `entities`. */
export const POLICY_TYPE = "policy";

/**
 * A policy as a stored record: its versions, oldest first, as `[{version, coverage}]` text. A version
 * whose coverage is not JSON reads as null there, so the policy becomes a finding, never a failed read.
 */
const policyRecordColumns = {
  id: policies.id,
  createdAt: policies.createdAt,
  // Written out with table names: drizzle leaves columns of a one-table select unqualified, which would
  // bind the correlation to the inner table.
  rawData: sql<string>`(SELECT json_group_array(json_object('version', v.version, 'coverage', json(CASE WHEN json_valid(v.coverage) THEN v.coverage ELSE 'null' END))) FROM (SELECT pv.version AS version, pv.coverage AS coverage FROM policy_versions AS pv WHERE pv.policy_id = policies.id AND pv.company_id = policies.company_id ORDER BY pv.version) AS v)`,
};

const policiesOf = (companyId: string) => eq(policies.companyId, companyId);

/** One page of a type's records, oldest first (new records land on later pages). */
export async function readRecordsPage(
  db: Database,
  companyId: string,
  entityType: string,
  window: { limit: number; offset: number },
): Promise<{ records: StoredRecord[]; totalCount: number }> {
  if (entityType === POLICY_TYPE) return readPoliciesPage(db, companyId, window);
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

async function readPoliciesPage(
  db: Database,
  companyId: string,
  window: { limit: number; offset: number },
): Promise<{ records: StoredRecord[]; totalCount: number }> {
  const [records, [total]] = await Promise.all([
    db
      .select(policyRecordColumns)
      .from(policies)
      .where(policiesOf(companyId))
      .orderBy(asc(policies.createdAt), asc(policies.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(policies).where(policiesOf(companyId)),
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
  if (entityType === POLICY_TYPE) {
    const pastPolicy = after
      ? or(
          gt(policies.createdAt, after.createdAt),
          and(eq(policies.createdAt, after.createdAt), gt(policies.id, after.entityId)),
        )
      : undefined;
    return db
      .select(policyRecordColumns)
      .from(policies)
      .where(and(policiesOf(companyId), pastPolicy))
      .orderBy(asc(policies.createdAt), asc(policies.id))
      .limit(limit);
  }
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
  const recordTypes = entityTypes.filter((t) => t !== POLICY_TYPE);
  const [[records], [policyCount]] = await Promise.all([
    db
      .select({ n: count() })
      .from(entities)
      .where(and(eq(entities.companyId, companyId), inList(entities.entityType, recordTypes))),
    entityTypes.includes(POLICY_TYPE)
      ? db.select({ n: count() }).from(policies).where(policiesOf(companyId))
      : Promise.resolve([{ n: 0 }]),
  ]);
  return (records?.n ?? 0) + (policyCount?.n ?? 0);
}
