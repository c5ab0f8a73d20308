import { runBatch, type Statement } from "../../db/queries/batch";
import { deleteInvoiceStatement, deletePaymentStatement, paymentsOfInvoices } from "../../db/queries/invoices";
import { notAuthorized } from "../../errors/api-error";
import { policyInvoiceBatchOnly } from "../../errors/financial-refusals";
import { holds, type OperationContext } from "../context";
import { loadFinancialSetup } from "./financial-setup";
import { requireInvoice } from "./invoice-view";
import { JournalWriter } from "./journal-writer";
import { postInvoiceEntry, postPaymentDeletion } from "./ledger-postings";

/**
 * Serialized in the company object. `DELETE P/financials/invoices/{invoiceId}` (CONTRACT section 7.6): each
 * live payment is deleted first (its own correcting entries), then the invoice's contributions are brought to
 * zero (`invoice_deleted`), all in one batch; the invoice then answers 404. Needs `invoice.edit-paid` while
 * anything is paid; policy invoices are refused 422.
 */
export async function deleteInvoice(ctx: OperationContext, invoiceId: string): Promise<void> {
  // Each payment's deletion needs its whole row (its entries, its erosion), not the line the invoice lists.
  const { row, payments } = await requireInvoice(ctx, invoiceId, paymentsOfInvoices);
  if (row.paidCents !== 0 && !holds(ctx.actor, "invoice.edit-paid")) throw notAuthorized();
  if (row.entityType === "policy") throw policyInvoiceBatchOnly("Deleting an invoice");

  const { catalog } = await loadFinancialSetup(ctx);
  const writer = await JournalWriter.open(ctx, catalog);
  const statements: Statement[] = [];
  let invoice = row;
  for (const payment of payments) {
    const { invoiceAfter } = await postPaymentDeletion(ctx, writer, catalog, payment, invoice);
    invoice = invoiceAfter ?? invoice;
    statements.push(deletePaymentStatement(ctx.db, ctx.companyId, payment.id));
  }
  postInvoiceEntry(writer, "invoice_deleted", { invoiceId: row.id, before: invoice, after: null, scopesOf: invoice });
  await runBatch(ctx.db, [...writer.batch(), ...statements, deleteInvoiceStatement(ctx.db, ctx.companyId, row.id)]);
}
