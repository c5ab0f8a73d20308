import { and, count, eq, notExists, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client";
import { entities, quoteRecords, submissionRecords } from "../schema";
import type { EntityRow } from "./entities";

export type SubmissionRecordRow = typeof submissionRecords.$inferSelect;

export interface StoredSubmission {
  row: EntityRow;
  /** Absent for submissions written before the lifecycle existed. */
  record: SubmissionRecordRow | null;
}

/** One submission of the company; another company's id reads as absent. */
export async function findSubmission(
  db: Database,
  companyId: string,
  submissionId: string | SQL,
): Promise<StoredSubmission | null> {
  const [found] = await db
    .select({ row: entities, record: submissionRecords })
    .from(entities)
    .leftJoin(submissionRecords, eq(submissionRecords.submissionId, entities.id))
    .where(and(eq(entities.id, submissionId), eq(entities.companyId, companyId), eq(entities.entityType, "submission")))
    .limit(1);
  return found ?? null;
}

export function insertSubmissionRecordStatement(db: Database, row: SubmissionRecordRow) {
  return db.insert(submissionRecords).values(row);
}

/** Writes a submission's record (insert for one older than the lifecycle, else replace its members). */
export function saveSubmissionRecordStatement(db: Database, row: SubmissionRecordRow) {
  return db
    .insert(submissionRecords)
    .values(row)
    .onConflictDoUpdate({
      target: submissionRecords.submissionId,
      set: { intakeStatus: row.intakeStatus, quotesCreated: row.quotesCreated },
    });
}

/** How many quotes of the company link a submission (submission wipe guard). */
export async function countLinkedQuotes(db: Database, companyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(quoteRecords).where(eq(quoteRecords.companyId, companyId));
  return row?.n ?? 0;
}

/** Holds while no quote of the company links a submission (repeated inside the submission wipe). */
export const noLinkedQuote = (db: Database, companyId: string) =>
  notExists(db.select({ one: sql`1` }).from(quoteRecords).where(eq(quoteRecords.companyId, companyId)));
