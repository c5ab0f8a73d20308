import { type InvoiceFilter, listInvoices as listInvoiceRows, paymentLinesOf } from "../../db/queries/invoices";
import type { PageWindow } from "../../db/queries/page";
import type { OperationContext } from "../context";
import { type InvoiceView, invoiceView } from "./invoice-view";

/** `GET P/financials/invoices`: invoices matching every filter given, oldest first, with their payments. */
export async function listInvoices(
  ctx: OperationContext,
  filter: InvoiceFilter,
  page: PageWindow,
): Promise<{ items: InvoiceView[]; totalCount: number }> {
  const { items, totalCount } = await listInvoiceRows(ctx.db, ctx.companyId, filter, page);
  const payments = await paymentLinesOf(
    ctx.db,
    ctx.companyId,
    items.map((row) => row.id),
  );
  return { items: items.map((row) => invoiceView(row, payments)), totalCount };
}
