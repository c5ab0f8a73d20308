import { runBatch } from "../../db/queries/batch";
import {
  insertPaymentStatement,
  lastPaymentSequence,
  type PaymentRow,
  updateInvoiceStatement,
} from "../../db/queries/invoices";
import { readInvoiceEventBalances } from "../../db/queries/ledger";
import type { Fmv1Date } from "../../domain/dates/fmv1-date";
import { owedOf } from "../../domain/financials/invoice-ledger";
import { invoiceStatusConflict, paymentExceedsOwed, paymentInvalid } from "../../errors/financial-refusals";
import { started } from "../../lib/started";
import type { OperationContext } from "../context";
import { loadFinancialSetup } from "./financial-setup";
import { type InvoiceView, invoiceView, type PaymentView, paymentView, requireInvoice } from "./invoice-view";
import { JournalWriter } from "./journal-writer";
import { isConstraintFailure, type KeptLedger, takeKeptLedger } from "./kept-ledger";
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
 * that entry is then the invoice's head. One batch.
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
    if (!isConstraintFailure(error)) throw error;
    // The journal or the payments moved behind the object's back: nothing committed; again, on what D1 holds.
    return recordPayment(ctx, input, undefined);
  }
}

/** The payment, posting after the kept ledger when the object has it (no read of accounts or sequences). */
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
  // The reserves a payment on an event's invoice erodes, read by the invoice's id beside it: no read after it.
  const eventBalancesRead = started(readInvoiceEventBalances(ctx.db, ctx.companyId, input.invoiceId));
  const { row, payments } = await requireInvoice(ctx, input.invoiceId);
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
    insertPaymentStatement(ctx.db, paymentRow),
    updateInvoiceStatement(ctx.db, updated, row.revision),
  ]);
  writer.keepCommitted({ paymentSequence: paymentRow.sequence });
  return { payment: paymentView(paymentRow), invoice: invoiceView(updated, [...payments, paymentRow]) };
}
