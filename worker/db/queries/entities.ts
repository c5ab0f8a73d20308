import { and, count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Database } from "../client";
import { CompiledSelect } from "../compiled-select";
import { type BoundWrite, CompiledWrite, rowPlaceholders } from "../compiled-write";
import { entities, sequences } from "../schema";
import { type StampFields, stampFields } from "./configuration";

export type EntityRow = typeof entities.$inferSelect;

type ByIdValues = { id: string; companyId: string; entityType: string };

/** Where a read by id finds its record: only within the company and type (another company's id reads as absent). */
const byIdInCompanyAndType = () =>
  and(
    eq(entities.id, sql.placeholder("id")),
    eq(entities.companyId, sql.placeholder("companyId")),
    eq(entities.entityType, sql.placeholder("entityType")),
  );

/** One record by id, only within the company and type: another company's id reads as absent. */
export const entityById = new CompiledSelect<EntityRow, ByIdValues>(entities, (qb) =>
  qb.select().from(entities).where(byIdInCompanyAndType()).limit(1),
);

const withStamp = { ...getTableColumns(entities), ...stampFields };

/** `entityById` with its company's configuration stamp (`stampFields`), for reads that present the record. */
export const entityWithStampById = new CompiledSelect<EntityRow & StampFields, ByIdValues>(
  entities,
  (qb) => qb.select(withStamp).from(entities).where(byIdInCompanyAndType()).limit(1),
  withStamp,
);

/** `entityById` run on its own. */
export async function findEntity(
  db: Database,
  companyId: string,
  entityType: string,
  id: string,
): Promise<EntityRow | null> {
  const [row] = await entityById.run(db.$client, { id, companyId, entityType });
  return row ?? null;
}

export async function listEntities(db: Database, companyId: string, entityType: string, limit: number, offset: number) {
  const where = and(eq(entities.companyId, companyId), eq(entities.entityType, entityType));
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(entities)
      .where(where)
      .orderBy(desc(entities.createdAt), desc(entities.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(entities).where(where),
  ]);
  return { items, totalCount: total?.n ?? 0 };
}

const entityInsert = new CompiledWrite<EntityRow>((db) => db.insert(entities).values(rowPlaceholders(entities)));

/** Inserts one record on its own (a create's only write), with SQL built once per isolate. */
export async function insertEntity(db: Database, row: EntityRow): Promise<void> {
  await insertEntityWrite(db, row).statement.run();
}

/** `insertEntity`'s statement, for a batch (`runBatch`). */
export function insertEntityWrite(db: Database, row: EntityRow): BoundWrite {
  return entityInsert.bound(db, row);
}

/** Replaces a record's data if nobody changed it since `version` was read. */
export function updateEntityStatement(
  db: Database,
  row: Pick<EntityRow, "id" | "companyId" | "data" | "updatedAt">,
  version: number,
) {
  return db
    .update(entities)
    .set({ data: row.data, updatedAt: row.updatedAt, version: version + 1 })
    .where(and(eq(entities.id, row.id), eq(entities.companyId, row.companyId), eq(entities.version, version)))
    .returning({ version: entities.version });
}

/** Next value of a company counter, atomically (one statement). */
export async function nextSequenceValue(db: Database, companyId: string, name: string): Promise<number> {
  return mintedValue(await nextSequenceStatement(db, companyId, name), name);
}

/** The value `nextSequenceStatement` returned (its upsert always returns one row). */
export function mintedValue(rows: { value: number }[], name: string): number {
  const [row] = rows;
  if (!row) throw new Error(`sequence ${name} returned no value`);
  return row.value;
}

/** The statement that takes a sequence's next value (1 for a new sequence), returning it; for batches. */
export function nextSequenceStatement(db: Database, companyId: string, name: string) {
  return db
    .insert(sequences)
    .values({ companyId, name, value: 1 })
    .onConflictDoUpdate({ target: [sequences.companyId, sequences.name], set: { value: sql`${sequences.value} + 1` } })
    .returning({ value: sequences.value });
}
