import { runBatch } from "../../db/queries/batch";
import { updateInvoiceStatement } from "../../db/queries/invoices";
import { invoiceStatusConflict, policyInvoiceBatchOnly } from "../../errors/financial-refusals";
import type { OperationContext } from "../context";
import { loadFinancialSetup } from "./financial-setup";
import { requireChangeableInvoice } from "./invoice-guards";
import { type InvoiceView, invoiceView, requireInvoice } from "./invoice-view";
import { JournalWriter } from "./journal-writer";
import { postInvoiceEntry } from "./ledger-postings";

/**
 * Serialized in the company object. `POST P/financials/invoices/{invoiceId}/void` (CONTRACT section 7.6):
 * an ad-hoc invoice without payments becomes void; its line item and twin contributions are brought to zero
 * (`invoice_voided`). Policy invoices are voided only by plans (422); a stale head, a void invoice or one
 * with payments is 409.
 */
export async function voidInvoice(
  ctx: OperationContext,
  input: { invoiceId: string; headJournalId?: string | undefined },
): Promise<InvoiceView> {
  const { row, payments } = await requireInvoice(ctx, input.invoiceId);
  if (row.entityType === "policy") throw policyInvoiceBatchOnly("Voiding an invoice");
  requireChangeableInvoice(row, input.headJournalId, "Voiding");
  if (payments.length) throw invoiceStatusConflict("An invoice with payments cannot be voided; delete them first");

  const { catalog } = await loadFinancialSetup(ctx);
  const writer = await JournalWriter.open(ctx, catalog);
  const now = ctx.now.toISOString();
  const voided = { ...row, status: "void" as const, voidedAt: now, updatedAt: now, revision: row.revision + 1 };
  const entry = postInvoiceEntry(writer, "invoice_voided", {
    invoiceId: row.id,
    before: row,
    after: voided,
    scopesOf: row,
  });
  const updated = { ...voided, headJournalId: entry.id };
  await runBatch(ctx.db, [...writer.batch(), updateInvoiceStatement(ctx.db, updated, row.revision)]);
  return invoiceView(updated, []);
}
