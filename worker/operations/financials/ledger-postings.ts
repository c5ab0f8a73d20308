import type { InvoiceRow, PaymentRow } from "../../db/queries/invoices";
import { type JournalEntryRow, readScopeBalances, reservesSetSince } from "../../db/queries/ledger";
import type { JournalScope } from "../../db/schema";
import { type AccountBalance, type BalanceRow, categoryFigures } from "../../domain/financials/balances";
import type { CatalogCategory, FinancialCatalog } from "../../domain/financials/catalog";
import {
  type InvoiceLedgerState,
  invoiceStatus,
  movementsToTarget,
  totalOf,
} from "../../domain/financials/invoice-ledger";
import { carriedAmount } from "../../domain/financials/ledger";
import { directPayment, erosion, erosionOf, reservesChange, restorationOf } from "../../domain/financials/reserves";
import type { OperationContext } from "../context";
import type { JournalKind, JournalWriter } from "./journal-writer";

/** The part of an invoice row the ledger sees. */
export const ledgerStateOf = (row: InvoiceRow): InvoiceLedgerState => ({
  categoryId: row.categoryId,
  direction: row.direction,
  lines: row.lineItems,
  paidCents: row.paidCents,
  voided: row.status === "void",
});

/** An invoice's entries belong to its entity (event or policy) and to its payee. */
export const invoiceScopes = (row: Pick<InvoiceRow, "entityType" | "entityId" | "payeeId">): JournalScope[] => [
  { entityType: row.entityType, entityId: row.entityId },
  { entityType: "payee", entityId: row.payeeId },
];

/**
 * Posts the entry that brings an invoice from `before` to `after` (null: no invoice) in the scopes of
 * `scopesOf` (the invoice as it is after, or before when it goes). Always posted, as a memo when no
 * amount moves, so the invoice's head moves with every change.
 */
export function postInvoiceEntry(
  writer: JournalWriter,
  kind: JournalKind,
  change: { invoiceId: string; before: InvoiceRow | null; after: InvoiceRow | null; scopesOf: InvoiceRow },
  extra: { paymentId?: string; reverses?: string | null } = {},
): JournalEntryRow {
  const movements = movementsToTarget(
    change.before && ledgerStateOf(change.before),
    change.after && ledgerStateOf(change.after),
  );
  const entry = writer.post({
    kind,
    scopes: invoiceScopes(change.scopesOf),
    movements,
    invoiceId: change.invoiceId,
    paymentId: extra.paymentId ?? null,
    reverses: extra.reverses ?? null,
    memo: true,
  });
  if (!entry) throw new Error("an invoice memo is always posted");
  return entry;
}

/** An invoice row after a change of its paid amount: status and totals follow. */
export function withPaid(row: InvoiceRow, paidCents: number, head: string, now: string): InvoiceRow {
  const totalCents = totalOf(row.lineItems);
  return {
    ...row,
    paidCents,
    totalCents,
    status: invoiceStatus(totalCents, paidCents, row.status === "void"),
    headJournalId: head,
    revision: row.revision + 1,
    updatedAt: now,
  };
}

/** The event's reserves and paid cents in `category`, from its balances (read here unless already read). */
export async function eventCategoryFigures(
  ctx: OperationContext,
  eventId: string,
  category: CatalogCategory,
  read: Promise<readonly AccountBalance[]> = readScopeBalances(ctx.db, ctx.companyId, "event", eventId),
) {
  const balances = await read;
  const rows: BalanceRow[] = balances
    .filter((b) => b.categoryId === category.id)
    .map((b) => ({ ...b, amountCents: carriedAmount(b.role, b.direction, b.netDebitCents) }));
  const figures = categoryFigures(category.kind, rows);
  return { reservesCents: figures.reservesCents ?? 0, paidCents: figures.paidCents };
}

/** Posts a payment's erosion of an event's reserves (reserved categories only); returns it and the amount. */
export async function postErosion(
  ctx: OperationContext,
  writer: JournalWriter,
  payment: { id: string; eventId: string | null; invoiceId: string | null; amountCents: number },
  category: CatalogCategory,
  /** The event's balances, read by the caller beside its other reads (taken only for a reserved category). */
  eventBalances: () => Promise<readonly AccountBalance[]>,
): Promise<{ entry: JournalEntryRow | null; erodedCents: number }> {
  if (category.kind !== "reserved" || payment.eventId === null) return { entry: null, erodedCents: 0 };
  const { reservesCents } = await eventCategoryFigures(ctx, payment.eventId, category, eventBalances());
  const erodedCents = erosionOf(payment.amountCents, reservesCents);
  const entry = writer.post({
    kind: "reserves_eroded",
    scopes: [{ entityType: "event", entityId: payment.eventId }],
    movements: erosion(category, erodedCents),
    invoiceId: payment.invoiceId,
    paymentId: payment.id,
    categoryId: category.id,
  });
  return { entry, erodedCents };
}

/** The category a stored record names, configured or removed (its accounts still post). */
export function categoryOf(catalog: FinancialCatalog, categoryId: string): CatalogCategory {
  const category = catalog.categories.find((c) => c.id === categoryId);
  if (!category) throw new Error(`category ${categoryId} has no member row`);
  return category;
}

/**
 * Posts the deletion of a payment (CONTRACT section 7.3, `payment_deleted`): the payment's lines
 * corrected (on an invoice: brought to target without it), then what it eroded given back to the reserves
 * (its whole amount when the expected total was set after it). Returns the invoice after the deletion.
 */
export async function postPaymentDeletion(
  ctx: OperationContext,
  writer: JournalWriter,
  catalog: FinancialCatalog,
  payment: PaymentRow,
  invoice: InvoiceRow | null,
): Promise<{ invoiceAfter: InvoiceRow | null; entries: JournalEntryRow[] }> {
  const category = categoryOf(catalog, payment.categoryId);
  const [paymentEntryId, erosionEntryId] = payment.journalIds;
  const entries: JournalEntryRow[] = [];
  let invoiceAfter: InvoiceRow | null = null;
  if (invoice) {
    const after = withPaid(
      invoice,
      invoice.paidCents - payment.amountCents,
      invoice.headJournalId,
      ctx.now.toISOString(),
    );
    const change = { invoiceId: invoice.id, before: invoice, after, scopesOf: invoice };
    const entry = postInvoiceEntry(writer, "payment_deleted", change, {
      paymentId: payment.id,
      reverses: paymentEntryId ?? null,
    });
    entries.push(entry);
    invoiceAfter = { ...after, headJournalId: entry.id };
  } else {
    const scopes: JournalScope[] = [{ entityType: "event", entityId: payment.eventId ?? "" }];
    if (payment.payeeId) scopes.push({ entityType: "payee", entityId: payment.payeeId });
    const movements = directPayment(category, -payment.amountCents);
    const entry = writer.post({
      kind: "payment_deleted",
      scopes,
      movements,
      paymentId: payment.id,
      reverses: paymentEntryId,
    });
    if (entry) entries.push(entry);
  }
  if (category.kind === "reserved" && payment.eventId !== null) {
    const setSince = await reservesSetSince(ctx.db, ctx.companyId, {
      eventId: payment.eventId,
      categoryId: category.id,
      after: payment.journalSequence,
    });
    const restore = restorationOf(payment, setSince);
    const entry = writer.post({
      kind: "payment_deleted",
      scopes: [{ entityType: "event", entityId: payment.eventId }],
      movements: reservesChange(category, restore),
      invoiceId: payment.invoiceId,
      paymentId: payment.id,
      categoryId: category.id,
      reverses: erosionEntryId ?? paymentEntryId ?? null,
    });
    if (entry) {
      entries.push(entry);
      if (invoiceAfter) invoiceAfter = { ...invoiceAfter, headJournalId: entry.id };
    }
  }
  return { invoiceAfter, entries };
}
