import { and, count, eq, exists, inArray, notExists, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client";
import {
  billReviewRuns,
  companies,
  entities,
  financialAccounts,
  financialBalances,
  invoices,
  journalEntries,
  journalEntryScopes,
  payments,
} from "../schema";
import type { Statement } from "./batch";

/** Holds while the company is Sandbox: every wipe statement repeats it. */
export const stillSandbox = (db: Database, companyId: string): SQL =>
  exists(
    db
      .select({ one: sql`1` })
      .from(companies)
      .where(and(eq(companies.id, companyId), eq(companies.lifecycle, "sandbox"))),
  );

/** How many rows `financials/deleteAll` removes of what it reports. */
export async function countFinancialRecords(db: Database, companyId: string) {
  const countOf = async (table: typeof invoices | typeof payments | typeof journalEntries | typeof billReviewRuns) => {
    const [row] = await db.select({ n: count() }).from(table).where(eq(table.companyId, companyId));
    return row?.n ?? 0;
  };
  const [invoiceCount, paymentCount, journalCount, runCount] = await Promise.all([
    countOf(invoices),
    countOf(payments),
    countOf(journalEntries),
    countOf(billReviewRuns),
  ]);
  return { invoices: invoiceCount, payments: paymentCount, journalEntries: journalCount, billReviewRuns: runCount };
}

/** Deletes every financial record of the company (not the configuration's member ids), while Sandbox. */
export function deleteFinancialRecordsStatements(db: Database, companyId: string): Statement[] {
  const guard = stillSandbox(db, companyId);
  return [
    billReviewRuns,
    payments,
    invoices,
    journalEntryScopes,
    journalEntries,
    financialBalances,
    financialAccounts,
  ].map((table) => db.delete(table).where(and(eq(table.companyId, companyId), guard)));
}

/**
 * Holds while no financial record names a record of `entityType` (an event, or a person or organization as
 * payee): the wipes of those records refuse while it does not (CONTRACT section 7.9).
 */
export function noFinancialReference(db: Database, companyId: string, entityType: string): SQL {
  if (!FINANCIALLY_REFERENCED.includes(entityType)) return sql`1`;
  return notExists(financialReferences(db, companyId, entityType));
}

function financialReferences(db: Database, companyId: string, entityType: string) {
  const scopeType = entityType === "event" ? "event" : "payee";
  const ids = db
    .select({ id: entities.id })
    .from(entities)
    .where(and(eq(entities.companyId, companyId), eq(entities.kind, "entity"), eq(entities.entityType, entityType)));
  return db
    .select({ journalId: journalEntryScopes.journalId })
    .from(journalEntryScopes)
    .where(
      and(
        eq(journalEntryScopes.companyId, companyId),
        eq(journalEntryScopes.entityType, scopeType),
        inArray(journalEntryScopes.entityId, ids),
      ),
    );
}

/** Journal entries naming a record of `entityType` (0 for types financial records never name). */
export async function countFinancialReferences(db: Database, companyId: string, entityType: string): Promise<number> {
  if (!FINANCIALLY_REFERENCED.includes(entityType)) return 0;
  const [row] = await db.select({ n: count() }).from(financialReferences(db, companyId, entityType).as("refs"));
  return row?.n ?? 0;
}

/** The entity types financial records name: events, and persons and organizations as payees. */
export const FINANCIALLY_REFERENCED: readonly string[] = ["event", "person", "organization"];

/** Invoices naming a policy of the company: `policies/deleteAll` refuses while any exists. */
export const policyInvoices = (db: Database, companyId: string) =>
  db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.entityType, "policy")));
