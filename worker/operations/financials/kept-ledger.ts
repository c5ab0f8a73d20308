import type { InvoiceRow, PaymentLine } from "../../db/queries/invoices";
import type { AccountRow } from "../../db/queries/ledger";
import type { AccountBalance } from "../../domain/financials/balances";
import type { MemberRow } from "../../domain/financials/members";
import { deepFreeze } from "../../lib/deep-freeze";
import type { CompanyMemo } from "../configuration/configuration-of";
import type { OperationContext } from "../context";

/**
 * Where the company's ledger stood after the object's last invoice create or invoice payment (issue 16, lever
 * 3): its accounts, the journal's last sequence, the last invoice's and payment's when known, and the invoices
 * and event balances those writes touched (a payment on one of them reads nothing). Only
 * operations of the company object write the ledger, one at a time, so these two writes can post from what
 * the last one left instead of reading it. The state is handed over, not shared: every journal writer takes
 * it (`takeKeptLedger`) and only a committed create or payment gives it back, so any other money write,
 * committed or not, leaves the next one to read D1. The wipes of the ledger forget it (`forgetKeptLedger`).
 * Should D1 still have moved (a write behind the object's back), the unique sequences or the invoice's revision
 * guard fail the batch and the write runs again on what it reads.
 */
export interface KeptLedger {
  accounts: readonly AccountRow[];
  journalSequence: number;
  invoiceSequence?: number | undefined;
  paymentSequence?: number | undefined;
  /** The invoices the object last created or paid, as D1 holds them, with their live payments (oldest first). */
  invoices?: ReadonlyMap<string, KeptInvoice> | undefined;
  /** The running balances of the events those invoices bill, where a payment read them (then kept current). */
  eventBalances?: ReadonlyMap<string, readonly AccountBalance[]> | undefined;
}

export interface KeptInvoice {
  row: InvoiceRow;
  payments: readonly PaymentLine[];
}

/** The most invoices, and event balances, the object keeps (the most recently written ones). */
export const KEPT_INVOICES = 256;
export const KEPT_EVENT_BALANCES = 64;
/** An invoice with more payments than this is not kept: its payments are read with it instead. */
export const KEPT_PAYMENTS_PER_INVOICE = 100;

/**
 * What a payment on `invoiceId` needs that the object kept: the invoice with its payments, and, on an event's
 * invoice, that event's balances. Undefined unless all of it is kept (the payment then reads everything).
 */
export function keptInvoiceOf(
  kept: KeptLedger | undefined,
  invoiceId: string,
): { invoice: KeptInvoice; eventBalances: readonly AccountBalance[] } | undefined {
  const invoice = kept?.invoices?.get(invoiceId);
  if (!invoice) return undefined;
  if (invoice.row.entityType !== "event") return { invoice, eventBalances: [] };
  const eventBalances = kept?.eventBalances?.get(invoice.row.entityId);
  return eventBalances ? { invoice, eventBalances } : undefined;
}

/** The kept ledger, which this operation now owns: the object keeps nothing until it is given back. */
export function takeKeptLedger(ctx: OperationContext): KeptLedger | undefined {
  const kept = ctx.memo?.ledger;
  if (ctx.memo) ctx.memo.ledger = undefined;
  return kept;
}

/** Back to the object, when the operation that took the ledger wrote nothing (a refusal before its batch). */
export function giveBackKeptLedger(ctx: OperationContext, kept: KeptLedger | undefined): void {
  if (ctx.memo && kept && !ctx.memo.ledger) ctx.memo.ledger = kept;
}

/**
 * After a commit: the ledger as the committed batch left it (frozen: the next writer reads it as is; a map's
 * entries are frozen one by one, since freezing a map does not stop its `set`).
 */
export function keepLedger(ctx: OperationContext, ledger: KeptLedger): void {
  if (!ctx.memo) return;
  for (const entry of ledger.invoices?.values() ?? []) deepFreeze(entry);
  for (const entry of ledger.eventBalances?.values() ?? []) deepFreeze(entry);
  ctx.memo.ledger = deepFreeze(ledger);
}

export function forgetKeptLedger(memo: CompanyMemo): void {
  memo.ledger = undefined;
}

/**
 * The company's financial member rows (the ids of its categories and line item types): kept by the object,
 * where only an import or a reset changes them (and both forget everything it keeps); read in the worker.
 */
export async function memberRowsOf(
  ctx: OperationContext,
  load: () => Promise<readonly MemberRow[]>,
): Promise<readonly MemberRow[]> {
  if (!ctx.memo) return load();
  ctx.memo.financialMembers ??= deepFreeze(await load());
  return ctx.memo.financialMembers;
}

/** A D1 batch refused by a constraint (a guard's NOT NULL, a unique sequence): nothing of it committed. */
export const isConstraintFailure = (error: unknown) =>
  error instanceof Error && /constraint failed/i.test(error.message);
