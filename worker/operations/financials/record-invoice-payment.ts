import { runBatch } from "../../db/queries/batch";
import {
  insertInvoicePaymentWrite,
  lastPaymentSequence,
  type PaymentRow,
  paymentLineOf,
  updateInvoiceStatement,
} from "../../db/queries/invoices";
import { readInvoiceEventBalances } from "../../db/queries/ledger";
import type { Fmv1Date } from "../../domain/dates/fmv1-date";
import { owedOf } from "../../domain/financials/invoice-ledger";
import { ApiError } from "../../errors/api-error";
import { invoiceStatusConflict, paymentExceedsOwed, paymentInvalid } from "../../errors/financial-refusals";
import { started } from "../../lib/started";
import type { OperationContext } from "../context";
import { loadFinancialSetup } from "./financial-setup";
import { type InvoiceView, invoiceView, type PaymentView, paymentView, requireInvoice } from "./invoice-view";
import { JournalWriter } from "./journal-writer";
import { giveBackKeptLedger, isConstraintFailure, type KeptLedger, keptInvoiceOf, takeKeptLedger } from "./kept-ledger";
import { categoryOf, postErosion, postInvoiceEntry, withPaid } from "./ledger-postings";
import { paidOnOr } from "./record-direct-payment";

export interface InvoicePaymentInput {
  invoiceId: string;
  /** Above 0; below 0 only on a credit note (a refund). */
  amountCents: number;
  paidOn?: Fmv1Date | undefined;
  reference?: string | undefined;
}

/**
 * Serialized in the company object. `POST P/financials/invoices/{invoiceId}/payments` (CONTRACT section
 * 7.6): cash moves by the payment and the twins come down to their target (Cr cash / Dr twins for
 * payable); on an event invoice of a reserved category the payment also erodes the event's reserves, and
 * that entry is then the invoice's head. One batch; on a warm object that kept the invoice (it created or paid
 * it last) and its event's balances, nothing else.
 */
export async function recordInvoicePayment(
  ctx: OperationContext,
  input: InvoicePaymentInput,
): Promise<{ payment: PaymentView; invoice: InvoiceView }> {
  const kept = takeKeptLedger(ctx);
  if (!kept) return recordPayment(ctx, input, undefined);
  try {
    return await recordPayment(ctx, input, kept);
  } catch (error) {
    // A refusal comes before the batch: nothing moved, so the ledger is still as kept.
    if (error instanceof ApiError) giveBackKeptLedger(ctx, kept);
    if (!isConstraintFailure(error)) throw error;
    // The invoice, the journal or the payments moved behind the object's back: nothing committed; again, on
    // what D1 holds.
    return recordPayment(ctx, input, undefined);
  }
}

/**
 * The payment, posting after the kept ledger when the object has it (no read of accounts or sequences), and
 * on the kept invoice and event balances when it has those too (no read at all).
 */
async function recordPayment(
  ctx: OperationContext,
  input: InvoicePaymentInput,
  kept: KeptLedger | undefined,
): Promise<{ payment: PaymentView; invoice: InvoiceView }> {
  // Everything the payment reads besides the invoice starts with it: one round trip, not five.
  const setup = loadFinancialSetup(ctx);
  const catalogOfSetup = setup.then((read) => read.catalog);
  const catalogRead = started(catalogOfSetup);
  const writerRead = started(JournalWriter.openOn(ctx, catalogOfSetup, kept));
  const keptSequence = kept?.paymentSequence;
  const sequenceRead = started(
    keptSequence === undefined ? lastPaymentSequence(ctx.db, ctx.companyId) : Promise.resolve(keptSequence),
  );
  const known = keptInvoiceOf(kept, input.invoiceId);
  // The reserves a payment on an event's invoice erodes, read by the invoice's id beside it: no read after it.
  const eventBalancesRead = started(
    known ? Promise.resolve(known.eventBalances) : readInvoiceEventBalances(ctx.db, ctx.companyId, input.invoiceId),
  );
  const { row, payments } = known?.invoice ?? (await requireInvoice(ctx, input.invoiceId));
  if (row.status === "void") throw invoiceStatusConflict("A payment cannot be recorded on a void invoice");
  if (Math.sign(input.amountCents) !== Math.sign(row.totalCents)) {
    const message =
      row.totalCents > 0 ? "must be above 0 on an invoice" : "must be below 0 on a credit note (a refund)";
    throw paymentInvalid([{ field: "amountCents", message }]);
  }
  const owed = owedOf(row.totalCents, row.paidCents, false);
  if (Math.abs(input.amountCents) > Math.abs(owed)) throw paymentExceedsOwed(input.amountCents, owed);

  const catalog = await catalogRead();
  const writer = await writerRead();
  const id = crypto.randomUUID();
  const now = ctx.now.toISOString();
  const paid = withPaid(row, row.paidCents + input.amountCents, row.headJournalId, now);
  const entry = postInvoiceEntry(
    writer,
    "payment_recorded",
    { invoiceId: row.id, before: row, after: paid, scopesOf: row },
    { paymentId: id },
  );
  const eventId = row.entityType === "event" ? row.entityId : null;
  const payment = { id, eventId, invoiceId: row.id, amountCents: input.amountCents };
  const erosion = await postErosion(ctx, writer, payment, categoryOf(catalog, row.categoryId), eventBalancesRead);
  const last = erosion.entry ?? entry;
  const paymentRow: PaymentRow = {
    ...payment,
    companyId: ctx.companyId,
    sequence: (await sequenceRead()) + 1,
    categoryId: row.categoryId,
    erodedCents: erosion.erodedCents,
    paidOn: paidOnOr(ctx, input.paidOn),
    reference: input.reference ?? null,
    payeeType: row.payeeType,
    payeeId: row.payeeId,
    journalIds: [entry.id, ...(erosion.entry ? [erosion.entry.id] : [])],
    journalSequence: last.sequence,
    createdAt: now,
  };
  const updated = { ...paid, headJournalId: last.id };
  await runBatch(ctx.db, [
    ...writer.batch(),
    insertInvoicePaymentWrite(ctx.db, paymentRow, row.revision),
    updateInvoiceStatement(ctx.db, updated, row.revision),
  ]);
  const paymentsAfter = [...payments, paymentLineOf(paymentRow)];
  writer.keepCommitted(
    { paymentSequence: paymentRow.sequence },
    {
      invoice: { row: updated, payments: paymentsAfter },
      eventBalances: eventId === null ? undefined : { eventId, balances: await eventBalancesRead() },
    },
  );
  return { payment: paymentView(paymentRow), invoice: invoiceView(updated, paymentsAfter) };
}
