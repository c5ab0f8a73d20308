import { runBatch, type Statement } from "../../db/queries/batch";
import { deletePaymentStatement, findInvoice, findPayment, updateInvoiceStatement } from "../../db/queries/invoices";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";
import { loadFinancialSetup } from "./financial-setup";
import { JournalWriter } from "./journal-writer";
import { postPaymentDeletion } from "./ledger-postings";

/**
 * Serialized in the company object. `DELETE P/financials/payments/{paymentId}` (direct or on an invoice;
 * CONTRACT section 7.5): correcting entries posted (section 7.3), the payment removed and its invoice's paid
 * amount, status and head moved, in one batch. The payment then answers 404.
 */
export async function deletePayment(ctx: OperationContext, paymentId: string): Promise<void> {
  const payment = await findPayment(ctx.db, ctx.companyId, paymentId);
  if (!payment) throw notFound();
  const invoice = payment.invoiceId ? await findInvoice(ctx.db, ctx.companyId, payment.invoiceId) : null;
  const { catalog } = await loadFinancialSetup(ctx);
  const writer = await JournalWriter.open(ctx, catalog);
  const { invoiceAfter } = await postPaymentDeletion(ctx, writer, catalog, payment, invoice);
  const statements: Statement[] = [...writer.batch(), deletePaymentStatement(ctx.db, ctx.companyId, payment.id)];
  if (invoice && invoiceAfter) statements.push(updateInvoiceStatement(ctx.db, invoiceAfter, invoice.revision));
  await runBatch(ctx.db, statements);
}
