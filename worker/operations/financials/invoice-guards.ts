import type { InvoiceRow } from "../../db/queries/invoices";
import { invoiceHeadStale, invoiceStatusConflict } from "../../errors/financial-refusals";

/** 409s of a change (CONTRACT section 7.6): a stale `headJournalId` first, then a void invoice. */
export function requireChangeableInvoice(row: InvoiceRow, headJournalId: string | undefined, what: string) {
  if (headJournalId !== undefined && headJournalId !== row.headJournalId) {
    throw invoiceHeadStale(headJournalId, row.headJournalId);
  }
  if (row.status === "void") throw invoiceStatusConflict(`${what} a void invoice is not possible`);
}
