import { and, asc, count, eq, isNull, notExists, type SQL, sql } from "drizzle-orm";
import type { Owner } from "../../domain/attachments/attached-record";
import type { Database } from "../client";
import { files, folders } from "../schema";
import { ownedBy } from "./attached-records";

export type FolderRow = typeof folders.$inferSelect;

export async function findFolder(db: Database, companyId: string, id: string): Promise<FolderRow | null> {
  const rows = await db
    .select()
    .from(folders)
    .where(and(eq(folders.companyId, companyId), eq(folders.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertFolder(db: Database, row: FolderRow): Promise<FolderRow> {
  const [inserted] = await db.insert(folders).values(row).returning();
  if (!inserted) throw new Error("folder insert returned no row");
  return inserted;
}

export interface FolderFilter {
  /** Folders of one record (at every depth), or the company's own folders (`null`). */
  owner?: Owner;
  /** Direct children of a folder, or root folders. */
  parent?: { folderId: string } | "root";
}

/** Folders by name (code-point order: SQLite compares UTF-8 bytes, which sort as code points), then id. */
export async function listFolders(
  db: Database,
  companyId: string,
  filter: FolderFilter,
  page: { limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(folders.companyId, companyId)];
  if (filter.owner !== undefined) conditions.push(ownedBy(folders, filter.owner));
  if (filter.parent === "root") conditions.push(isNull(folders.parentId));
  else if (filter.parent) conditions.push(eq(folders.parentId, filter.parent.folderId));
  const where = and(...conditions);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(folders)
      .where(where)
      .orderBy(asc(folders.name), asc(folders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(folders).where(where),
  ]);
  return { items, totalCount: total?.n ?? 0 };
}

/** The folder and its ancestors up to the root, nearest first. */
export async function ancestryOf(db: Database, companyId: string, folderId: string): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`
    WITH RECURSIVE up(id, parent_id, depth) AS (
      SELECT id, parent_id, 0 FROM folders WHERE company_id = ${companyId} AND id = ${folderId}
      UNION ALL
      SELECT f.id, f.parent_id, up.depth + 1 FROM folders f JOIN up ON f.id = up.parent_id
      WHERE f.company_id = ${companyId} AND up.depth < 100000
    )
    SELECT id FROM up ORDER BY depth`);
  return rows.map((row) => row.id);
}

export type FolderChange = Partial<Pick<FolderRow, "name" | "parentId" | "category">> & { updatedAt: string };

export async function updateFolder(db: Database, companyId: string, id: string, change: FolderChange) {
  const rows = await db
    .update(folders)
    .set(change)
    .where(and(eq(folders.companyId, companyId), eq(folders.id, id)))
    .returning();
  return rows[0] ?? null;
}

const childFolders = (db: Database, companyId: string, id: string) =>
  db
    .select({ one: sql`1` })
    .from(folders)
    .where(and(eq(folders.companyId, companyId), eq(folders.parentId, id)));
const filesIn = (db: Database, companyId: string, id: string) =>
  db
    .select({ one: sql`1` })
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.folderId, id)));

/**
 * Deletes the folder only if it holds no folder and no file (one statement, so nothing can land in it
 * between the check and the delete). Returns whether it was deleted.
 */
export async function deleteEmptyFolder(db: Database, companyId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(folders)
    .where(
      and(
        eq(folders.companyId, companyId),
        eq(folders.id, id),
        notExists(childFolders(db, companyId, id)),
        notExists(filesIn(db, companyId, id)),
      ),
    )
    .returning({ id: folders.id });
  return rows.length > 0;
}
