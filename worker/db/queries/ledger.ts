import { and, asc, count, desc, eq, exists, gt, type SQL, sql } from "drizzle-orm";
import type { AccountBalance } from "../../domain/financials/balances";
import type { Database } from "../client";
import { financialAccounts, financialBalances, invoices, journalEntries, journalEntryScopes } from "../schema";
import { inList } from "./in-list";
import type { PageWindow } from "./page";

export type AccountRow = typeof financialAccounts.$inferSelect;
export type JournalEntryRow = typeof journalEntries.$inferSelect;
export type BalanceDelta = typeof financialBalances.$inferInsert;
export type ScopeType = (typeof financialBalances.$inferSelect)["scopeType"];

/** D1 binds at most 100 parameters per statement: multi-row inserts go in chunks. */
const chunked = <T>(rows: readonly T[], columns: number): T[][] => {
  const size = Math.max(1, Math.floor(100 / columns));
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
};

/** Every account of the company: one cash account plus a few per category and line item type. */
export async function loadAccounts(db: Database, companyId: string): Promise<AccountRow[]> {
  return db.select().from(financialAccounts).where(eq(financialAccounts.companyId, companyId));
}

export const insertAccountStatement = (db: Database, row: AccountRow) => db.insert(financialAccounts).values(row);

/** The company's last journal sequence number (0 before the first entry). */
export async function lastJournalSequence(db: Database, companyId: string): Promise<number> {
  const [row] = await db
    .select({ sequence: journalEntries.sequence })
    .from(journalEntries)
    .where(eq(journalEntries.companyId, companyId))
    .orderBy(desc(journalEntries.sequence))
    .limit(1);
  return row?.sequence ?? 0;
}

export const insertJournalEntryStatement = (db: Database, row: JournalEntryRow) =>
  db.insert(journalEntries).values(row);

export function insertJournalScopesStatements(db: Database, rows: (typeof journalEntryScopes.$inferInsert)[]) {
  return chunked(rows, 5).map((chunk) => db.insert(journalEntryScopes).values(chunk));
}

/** Adds each delta to its running balance (a balance row is created on its first posting). */
export function addToBalancesStatements(db: Database, deltas: readonly BalanceDelta[]) {
  return chunked(deltas, 5).map((chunk) =>
    db
      .insert(financialBalances)
      .values(chunk)
      .onConflictDoUpdate({
        target: [
          financialBalances.companyId,
          financialBalances.scopeType,
          financialBalances.scopeId,
          financialBalances.accountId,
        ],
        set: { netDebitCents: sql`${financialBalances.netDebitCents} + excluded.net_debit_cents` },
      }),
  );
}

/**
 * The running balances of one scope (the company scope: `company`, id ""), with their accounts. The id may be SQL
 * (a subquery), so a read keyed by another read's answer joins its batch (`readInvoiceEventBalances`).
 */
export async function readScopeBalances(
  db: Database,
  companyId: string,
  scopeType: ScopeType,
  scopeId: string | SQL,
): Promise<AccountBalance[]> {
  return db
    .select({
      accountId: financialAccounts.id,
      key: financialAccounts.key,
      displayName: financialAccounts.displayName,
      role: financialAccounts.role,
      direction: financialAccounts.direction,
      categoryId: financialAccounts.categoryId,
      lineItemTypeId: financialAccounts.lineItemTypeId,
      netDebitCents: financialBalances.netDebitCents,
    })
    .from(financialBalances)
    .innerJoin(financialAccounts, eq(financialAccounts.id, financialBalances.accountId))
    .where(
      and(
        eq(financialBalances.companyId, companyId),
        eq(financialBalances.scopeType, scopeType),
        eq(financialBalances.scopeId, scopeId),
      ),
    );
}

/**
 * The balances of the event an invoice bills (none when it bills a policy, or does not exist), read by the
 * invoice's id: a payment starts it with the invoice's own read, in the same D1 batch, instead of after it.
 */
export async function readInvoiceEventBalances(
  db: Database,
  companyId: string,
  invoiceId: string,
): Promise<AccountBalance[]> {
  const eventOfInvoice = db
    .select({ entityId: invoices.entityId })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, companyId), eq(invoices.entityType, "event")));
  return readScopeBalances(db, companyId, "event", sql`(${eventOfInvoice})`);
}

export async function findJournalEntry(db: Database, companyId: string, id: string): Promise<JournalEntryRow | null> {
  const [row] = await db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.id, id), eq(journalEntries.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

export async function findJournalEntries(db: Database, companyId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  return db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.companyId, companyId), inList(journalEntries.id, ids)));
}

export interface JournalFilter {
  invoiceId?: string | undefined;
  paymentId?: string | undefined;
  entityType?: "event" | "policy" | "payee" | undefined;
  entityId?: string | undefined;
}

/** Journal entries matching every given filter, oldest first. */
export async function listJournalEntries(db: Database, companyId: string, filter: JournalFilter, page: PageWindow) {
  const conditions: SQL[] = [eq(journalEntries.companyId, companyId)];
  if (filter.invoiceId) conditions.push(eq(journalEntries.invoiceId, filter.invoiceId));
  if (filter.paymentId) conditions.push(eq(journalEntries.paymentId, filter.paymentId));
  if (filter.entityType || filter.entityId) {
    const scope = [eq(journalEntryScopes.journalId, journalEntries.id)];
    if (filter.entityType) scope.push(eq(journalEntryScopes.entityType, filter.entityType));
    if (filter.entityId) scope.push(eq(journalEntryScopes.entityId, filter.entityId));
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(journalEntryScopes)
          .where(and(...scope)),
      ),
    );
  }
  const where = and(...conditions);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(journalEntries)
      .where(where)
      .orderBy(asc(journalEntries.sequence))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(journalEntries).where(where),
  ]);
  return { items, totalCount: total?.n ?? 0 };
}

/** True when the expected total of a category on an event was set after journal sequence `after`. */
export async function reservesSetSince(
  db: Database,
  companyId: string,
  target: { eventId: string; categoryId: string; after: number },
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(journalEntryScopes)
    .innerJoin(journalEntries, eq(journalEntries.id, journalEntryScopes.journalId))
    .where(
      and(
        eq(journalEntryScopes.companyId, companyId),
        eq(journalEntryScopes.entityType, "event"),
        eq(journalEntryScopes.entityId, target.eventId),
        gt(journalEntryScopes.sequence, target.after),
        eq(journalEntries.kind, "reserves_set"),
        eq(journalEntries.categoryId, target.categoryId),
      ),
    )
    .limit(1);
  return row !== undefined;
}
