import { and, count, desc, eq, isNull, lt, min, notExists, type SQL, sql } from "drizzle-orm";
import type { RecordRef } from "../../domain/attachments/attached-record";
import type { Database } from "../client";
import { fileObjectPurges, files, unplacedFileObjects } from "../schema";
import { inList } from "./in-list";

export type FileRow = typeof files.$inferSelect;

/** Writes an uploaded file's row and, in the same batch, forgets its object as unplaced. */
export async function insertFile(db: Database, row: FileRow): Promise<FileRow> {
  const [[inserted]] = await db.batch([
    db.insert(files).values(row).returning(),
    db.delete(unplacedFileObjects).where(eq(unplacedFileObjects.objectKey, row.objectKey)),
  ]);
  if (!inserted) throw new Error("file insert returned no row");
  return inserted;
}

/** Records an upload's object as stored without its row, before the object becomes visible. */
export async function recordUnplacedObject(db: Database, object: typeof unplacedFileObjects.$inferInsert) {
  await db.insert(unplacedFileObjects).values(object).onConflictDoNothing();
}

/** Forgets an unplaced object (its refused upload deleted it, or queued it for the purge). */
export async function forgetUnplacedObject(db: Database, objectKey: string) {
  await db.delete(unplacedFileObjects).where(eq(unplacedFileObjects.objectKey, objectKey));
}

/**
 * Takes up to `limit` objects left unplaced since before `storedBefore`: each whose key no file row names is
 * queued for the purge, in the batch that forgets them all. Answers the companies whose objects were queued.
 */
export async function sweepUnplacedObjects(db: Database, storedBefore: string, limit: number, requestedAt: string) {
  const stale = await db
    .select()
    .from(unplacedFileObjects)
    .where(lt(unplacedFileObjects.storedAt, storedBefore))
    .orderBy(unplacedFileObjects.storedAt, unplacedFileObjects.objectKey)
    .limit(limit);
  if (stale.length === 0) return { taken: 0, companies: [] };
  const keys = stale.map((row) => row.objectKey);
  const named = db.select({ one: sql`1` }).from(files).where(eq(files.id, unplacedFileObjects.fileId));
  const [queued] = await db.batch([
    db
      .insert(fileObjectPurges)
      .select(
        db
          .select({
            objectKey: unplacedFileObjects.objectKey,
            companyId: unplacedFileObjects.companyId,
            requestedAt: sql<string>`${requestedAt}`.as("requested_at"),
          })
          .from(unplacedFileObjects)
          .where(and(inList(unplacedFileObjects.objectKey, keys), notExists(named))),
      )
      .onConflictDoNothing()
      .returning({ companyId: fileObjectPurges.companyId }),
    db.delete(unplacedFileObjects).where(inList(unplacedFileObjects.objectKey, keys)),
  ]);
  return { taken: stale.length, companies: [...new Set(queued.map((row) => row.companyId))] };
}

export async function findFile(db: Database, companyId: string, id: string): Promise<FileRow | null> {
  const rows = await db
    .select()
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export interface FileFilter {
  /** Files directly in a folder, or in no folder (`none`). */
  folder?: { folderId: string } | "none";
  /** A record's files, in every folder. */
  record?: RecordRef;
  category?: string;
}

/** Newest first (`createdAt`, then `id`). */
export async function listFiles(
  db: Database,
  companyId: string,
  filter: FileFilter,
  page: { limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(files.companyId, companyId)];
  if (filter.folder === "none") conditions.push(isNull(files.folderId));
  else if (filter.folder) conditions.push(eq(files.folderId, filter.folder.folderId));
  if (filter.record)
    conditions.push(eq(files.entityType, filter.record.entityType), eq(files.entityId, filter.record.entityId));
  if (filter.category !== undefined) conditions.push(eq(files.category, filter.category));
  const where = and(...conditions);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(files)
      .where(where)
      .orderBy(desc(files.createdAt), desc(files.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(files).where(where),
  ]);
  return { items, totalCount: total?.n ?? 0 };
}

export type FileChange = Partial<Pick<FileRow, "name" | "folderId" | "category">> & { updatedAt: string };

export async function updateFile(db: Database, companyId: string, id: string, change: FileChange) {
  const rows = await db
    .update(files)
    .set(change)
    .where(and(eq(files.companyId, companyId), eq(files.id, id)))
    .returning();
  return rows[0] ?? null;
}

// Stored objects are deleted after the rows that name them: the statement below queues an object for
// deletion in the same batch that removes its row, so a committed removal never loses its object.

/** Queues for deletion the stored objects of the company's files matching `where` (before they are removed). */
export function queueObjectPurgesStatement(db: Database, companyId: string, where: SQL, requestedAt: string) {
  return db
    .insert(fileObjectPurges)
    .select(
      db
        .select({
          objectKey: files.objectKey,
          companyId: files.companyId,
          requestedAt: sql<string>`${requestedAt}`.as("requested_at"),
        })
        .from(files)
        .where(and(eq(files.companyId, companyId), where)),
    )
    .onConflictDoNothing();
}

/** Removes one file row and queues its object, in one batch; returns the removed row, or null. */
export async function deleteFileQueuingObject(
  db: Database,
  companyId: string,
  id: string,
  requestedAt: string,
): Promise<FileRow | null> {
  const [, removed] = await db.batch([
    queueObjectPurgesStatement(db, companyId, eq(files.id, id), requestedAt),
    db
      .delete(files)
      .where(and(eq(files.companyId, companyId), eq(files.id, id)))
      .returning(),
  ]);
  return removed[0] ?? null;
}

/** Queues one object for deletion (an upload whose row was never written, when deleting it at once failed). */
export async function queueObjectPurge(db: Database, companyId: string, objectKey: string, requestedAt: string) {
  await db.insert(fileObjectPurges).values({ objectKey, companyId, requestedAt }).onConflictDoNothing();
}

/** Companies with an object queued for deletion since before `requestedBefore` (oldest request first). */
export async function companiesWithStalePurges(db: Database, requestedBefore: string, limit: number) {
  const oldest = min(fileObjectPurges.requestedAt);
  const rows = await db
    .select({ companyId: fileObjectPurges.companyId, oldest })
    .from(fileObjectPurges)
    .where(lt(fileObjectPurges.requestedAt, requestedBefore))
    .groupBy(fileObjectPurges.companyId)
    .orderBy(oldest, fileObjectPurges.companyId)
    .limit(limit);
  return rows.map((row) => row.companyId);
}

export async function pendingObjectPurges(db: Database, companyId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ objectKey: fileObjectPurges.objectKey })
    .from(fileObjectPurges)
    .where(eq(fileObjectPurges.companyId, companyId))
    .orderBy(fileObjectPurges.requestedAt, fileObjectPurges.objectKey)
    .limit(limit);
  return rows.map((row) => row.objectKey);
}

export async function clearObjectPurges(db: Database, companyId: string, objectKeys: string[]) {
  if (objectKeys.length === 0) return;
  await db
    .delete(fileObjectPurges)
    .where(and(eq(fileObjectPurges.companyId, companyId), inList(fileObjectPurges.objectKey, objectKeys)));
}
