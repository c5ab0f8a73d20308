import { and, eq, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../client";
import { files, folders, generatedForms, notes, tasks } from "../schema";
import { queueObjectPurgesStatement } from "./files";

/**
 * Statements that remove what is attached to the records of one type (CONTRACT section 6, "Data kept and
 * cleared": notes, tasks, folders, files and generated forms), for the wipes that remove those records
 * (`deleteAll`). The files' stored objects are queued for purge first, in the same batch. Every statement
 * carries the wipe's own `guard`, so a wipe that a guard stops removes nothing here either.
 */
export function attachmentWipeStatements(
  db: Database,
  companyId: string,
  entityType: string,
  guard: SQL,
  requestedAt: string,
): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
  const ofType = (table: { companyId: SQLiteColumn; entityType: SQLiteColumn }) =>
    and(eq(table.companyId, companyId), eq(table.entityType, entityType), guard) ?? guard;
  return [
    queueObjectPurgesStatement(db, companyId, and(eq(files.entityType, entityType), guard) ?? guard, requestedAt),
    db.delete(files).where(ofType(files)),
    db.delete(folders).where(ofType(folders)),
    db.delete(notes).where(ofType(notes)),
    db.delete(tasks).where(ofType(tasks)),
    db.delete(generatedForms).where(ofType(generatedForms)),
  ];
}
