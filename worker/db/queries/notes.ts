import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { RecordRef } from "../../domain/attachments/attached-record";
import type { Database } from "../client";
import { notes } from "../schema";

export type NoteRow = typeof notes.$inferSelect;

/**
 * Every read and write of a note names whether the caller sees privileged notes: for one who does not,
 * a privileged note is not there at all (CONTRACT section 6, Notes), in lists, counts and by id.
 */
const visible = (companyId: string, seesPrivileged: boolean, ...more: SQL[]) =>
  and(eq(notes.companyId, companyId), seesPrivileged ? undefined : eq(notes.privileged, false), ...more);

export async function insertNote(db: Database, row: NoteRow): Promise<NoteRow> {
  const [inserted] = await db.insert(notes).values(row).returning();
  if (!inserted) throw new Error("note insert returned no row");
  return inserted;
}

export async function findNote(db: Database, companyId: string, id: string, seesPrivileged: boolean) {
  const rows = await db
    .select()
    .from(notes)
    .where(visible(companyId, seesPrivileged, eq(notes.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** A record's notes, newest first; the page and the count both leave out what the caller cannot see. */
export async function listNotes(
  db: Database,
  companyId: string,
  record: RecordRef,
  seesPrivileged: boolean,
  page: { limit: number; offset: number },
) {
  const where = visible(
    companyId,
    seesPrivileged,
    eq(notes.entityType, record.entityType),
    eq(notes.entityId, record.entityId),
  );
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(notes)
      .where(where)
      .orderBy(desc(notes.createdAt), desc(notes.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(notes).where(where),
  ]);
  return { items, totalCount: total?.n ?? 0 };
}

export interface NoteChange {
  note?: string;
  privileged?: boolean;
  updatedAt: string;
}

/** Changes a note the caller can see; null when there is none (a note that became privileged meanwhile included). */
export async function updateNote(
  db: Database,
  companyId: string,
  id: string,
  seesPrivileged: boolean,
  change: NoteChange,
): Promise<NoteRow | null> {
  const rows = await db
    .update(notes)
    .set(change)
    .where(visible(companyId, seesPrivileged, eq(notes.id, id)))
    .returning();
  return rows[0] ?? null;
}

export async function deleteNote(db: Database, companyId: string, id: string, seesPrivileged: boolean) {
  const rows = await db
    .delete(notes)
    .where(visible(companyId, seesPrivileged, eq(notes.id, id)))
    .returning({ id: notes.id });
  return rows.length > 0;
}
