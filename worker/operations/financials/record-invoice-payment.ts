import { runBatch } from "../../db/queries/batch";
import { memberRowsOf, memberRowsQuery } from "../../db/queries/financial-members";
import {
  insertPaymentStatement,
  invoiceQuery,
  lastPaymentSequenceQuery,
  type PaymentRow,
  paymentLinesQuery,
  updateInvoiceStatement,
} from "../../db/queries/invoices";
import {
  accountsQuery,
  invoiceEventBalancesQuery,
  lastJournalSequenceQuery,
  sequenceOf,
} from "../../db/queries/ledger";
import type { Fmv1Date } from "../../domain/dates/fmv1-date";
import { owedOf } from "../../domain/financials/invoice-ledger";
import { notFound } from "../../errors/api-error";
import { invoiceStatusConflict, paymentExceedsOwed, paymentInvalid } from "../../errors/financial-refusals";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { financialSetupOf } from "./financial-setup";
import { type InvoiceView, invoiceView, type PaymentView, paymentView } from "./invoice-view";
import { JournalWriter } from "./journal-writer";
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
  const { row, payments, setup, writer, lastPayment, eventBalances } = await invoicePaymentReads(ctx, input.invoiceId);
  if (row.status === "void") throw invoiceStatusConflict("A payment cannot be recorded on a void invoice");
  if (Math.sign(input.amountCents) !== Math.sign(row.totalCents)) {
    const message =
      row.totalCents > 0 ? "must be above 0 on an invoice" : "must be below 0 on a credit note (a refund)";
    throw paymentInvalid([{ field: "amountCents", message }]);
  }
  const owed = owedOf(row.totalCents, row.paidCents, false);
  if (Math.abs(input.amountCents) > Math.abs(owed)) throw paymentExceedsOwed(input.amountCents, owed);

  const { catalog } = setup;
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
  const erosion = await postErosion(
    ctx,
    writer,
    payment,
    categoryOf(catalog, row.categoryId),
    async () => eventBalances,
  );
  const last = erosion.entry ?? entry;
  const paymentRow: PaymentRow = {
    ...payment,
    companyId: ctx.companyId,
    sequence: lastPayment + 1,
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
  return { payment: paymentView(paymentRow), invoice: invoiceView(updated, [...payments, paymentRow]) };
}

/**
 * Everything a payment on an invoice reads, in one D1 batch (one round trip, one snapshot), beside the
 * configuration the object keeps: the invoice with the payments it lists, the catalog's member rows, the
 * journal's accounts and last sequence, the last payment sequence, and the balances of the event the invoice
 * bills (none for a policy's). 404 when the invoice is not the company's.
 */
async function invoicePaymentReads(ctx: OperationContext, invoiceId: string) {
  const { db, companyId } = ctx;
  const [configuration, [[row], payments, members, accounts, lastJournal, lastPayment, eventBalances]] =
    await Promise.all([
      configurationOf(ctx),
      db.batch([
        invoiceQuery(db, companyId, invoiceId),
        paymentLinesQuery(db, companyId, invoiceId),
        memberRowsQuery(db, companyId),
        accountsQuery(db, companyId),
        lastJournalSequenceQuery(db, companyId),
        lastPaymentSequenceQuery(db, companyId),
        invoiceEventBalancesQuery(db, companyId, invoiceId),
      ]),
    ]);
  if (!row) throw notFound();
  const setup = financialSetupOf(configuration.document, memberRowsOf(members));
  const writer = JournalWriter.over(ctx, setup.catalog, accounts, sequenceOf(lastJournal));
  return { row, payments, setup, writer, lastPayment: sequenceOf(lastPayment), eventBalances };
}
