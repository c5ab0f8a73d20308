import { and, count, desc, eq, notExists, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client";
import { entities, quoteBindings, quoteRecords } from "../schema";
import type { EntityRow } from "./entities";

export type QuoteRecordRow = typeof quoteRecords.$inferSelect;
export type QuoteBindingRow = typeof quoteBindings.$inferSelect;

/** A quote's entity row with the platform's records beside it (absent for quotes older than the lifecycle). */
export interface StoredQuote {
  row: EntityRow;
  record: QuoteRecordRow | null;
  binding: QuoteBindingRow | null;
}

const quoteRows = (db: Database) =>
  db
    .select({ row: entities, record: quoteRecords, binding: quoteBindings })
    .from(entities)
    .leftJoin(quoteRecords, eq(quoteRecords.quoteId, entities.id))
    .leftJoin(quoteBindings, eq(quoteBindings.quoteId, entities.id));

const ofCompany = (companyId: string) => and(eq(entities.companyId, companyId), eq(entities.entityType, "quote"));

/** One quote of the company; another company's id reads as absent. */
export async function findQuote(db: Database, companyId: string, quoteId: string): Promise<StoredQuote | null> {
  const [found] = await quoteRows(db)
    .where(and(ofCompany(companyId), eq(entities.id, quoteId)))
    .limit(1);
  return found ?? null;
}

/** A page of the company's quotes, newest first. */
export async function listQuotes(db: Database, companyId: string, limit: number, offset: number) {
  const [items, [total]] = await Promise.all([
    quoteRows(db)
      .where(ofCompany(companyId))
      .orderBy(desc(entities.createdAt), desc(entities.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(entities).where(ofCompany(companyId)),
  ]);
  return { items: items as StoredQuote[], totalCount: total?.n ?? 0 };
}

/**
 * The id of quote `quoteId`'s submission as SQL: a scalar subquery on its record (NULL for a quote without one),
 * so reads keyed by the submission start with the quote's own read instead of after it.
 */
export function submissionIdOfQuote(db: Database, companyId: string, quoteId: string): SQL {
  const record = db
    .select({ submissionId: quoteRecords.submissionId })
    .from(quoteRecords)
    .where(and(eq(quoteRecords.quoteId, quoteId), eq(quoteRecords.companyId, companyId)));
  return sql`(${record})`;
}

/** Every quote of a submission with its stored row (for the status recomputation and close). */
export function quotesOfSubmission(db: Database, companyId: string, submissionId: string | SQL): Promise<EntityRow[]> {
  return db
    .select({ row: entities })
    .from(quoteRecords)
    .innerJoin(entities, and(eq(entities.id, quoteRecords.quoteId), eq(entities.companyId, companyId)))
    .where(and(eq(quoteRecords.companyId, companyId), eq(quoteRecords.submissionId, submissionId)))
    .orderBy(quoteRecords.ordinal)
    .then((rows) => rows.map((r) => r.row));
}

export function insertQuoteRecordStatement(db: Database, row: QuoteRecordRow) {
  return db.insert(quoteRecords).values(row);
}

/** The workflow and time of a successful rate by id (`system`); nothing else of the quote changes. */
export function recordRatingStatement(
  db: Database,
  companyId: string,
  quoteId: string,
  rating: { ratingWorkflowName: string; ratedAt: string },
) {
  return db
    .update(quoteRecords)
    .set(rating)
    .where(and(eq(quoteRecords.companyId, companyId), eq(quoteRecords.quoteId, quoteId)));
}

/** Fails (unique quote and submission) when the quote, or another quote of its submission, is already bound. */
export function insertQuoteBindingStatement(db: Database, row: QuoteBindingRow) {
  return db.insert(quoteBindings).values(row);
}

/** How many quotes of the company are bound to one of its policies (policy wipe guard). */
export async function countBoundQuotes(db: Database, companyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(quoteBindings).where(eq(quoteBindings.companyId, companyId));
  return row?.n ?? 0;
}

/** Holds while no quote of the company is bound to a policy (repeated inside the policy wipe's statements). */
export const noBoundQuote = (db: Database, companyId: string) =>
  notExists(db.select({ one: sql`1` }).from(quoteBindings).where(eq(quoteBindings.companyId, companyId)));
