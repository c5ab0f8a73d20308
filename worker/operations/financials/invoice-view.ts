import type { Database } from "../../db/client";
import {
  findInvoice,
  type InvoiceRow,
  type PaymentLine,
  type PaymentRow,
  paymentLinesOf,
} from "../../db/queries/invoices";
import { owedOf } from "../../domain/financials/invoice-ledger";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";

/** The invoice record (CONTRACT section 7.6). */
export function invoiceView(row: InvoiceRow, payments: readonly PaymentLine[]) {
  const voided = row.status === "void";
  return {
    id: row.id,
    entityType: row.entityType,
    entityId: row.entityId,
    policyLinked: row.entityType === "policy",
    invoiceType: row.invoiceType,
    categoryId: row.categoryId,
    direction: row.direction,
    status: row.status,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    payee: { entityType: row.payeeType, entityId: row.payeeId },
    lineItems: row.lineItems,
    totalCents: row.totalCents,
    paidCents: row.paidCents,
    owedCents: owedOf(row.totalCents, row.paidCents, voided),
    payments: payments
      .filter((p) => p.invoiceId === row.id)
      .map((p) => ({
        paymentId: p.id,
        amountCents: p.amountCents,
        paidOn: p.paidOn,
        reference: p.reference,
        createdAt: p.createdAt,
      })),
    headJournalId: row.headJournalId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    voidedAt: row.voidedAt,
  };
}
export type InvoiceView = ReturnType<typeof invoiceView>;

/** The payment record (CONTRACT section 7.5). */
export function paymentView(row: PaymentRow) {
  return {
    paymentId: row.id,
    invoiceId: row.invoiceId,
    eventId: row.eventId,
    categoryId: row.categoryId,
    amountCents: row.amountCents,
    paidOn: row.paidOn,
    reference: row.reference,
    payee: row.payeeType && row.payeeId ? { entityType: row.payeeType, entityId: row.payeeId } : null,
    journalIds: row.journalIds,
    createdAt: row.createdAt,
  };
}
export type PaymentView = ReturnType<typeof paymentView>;

type PaymentsReader<Payment> = (db: Database, companyId: string, invoiceIds: readonly string[]) => Promise<Payment[]>;

/**
 * An invoice of the company with its live payments, read by `readPayments` (by default the lines it lists,
 * `paymentLinesOf`; a deletion takes whole rows); 404 otherwise.
 */
export async function requireInvoice<Payment = PaymentLine>(
  ctx: OperationContext,
  invoiceId: string,
  readPayments: PaymentsReader<Payment> = paymentLinesOf as PaymentsReader<Payment>,
) {
  // The payments are read by the id asked for, beside the invoice (none when it is not this company's).
  const [row, payments] = await Promise.all([
    findInvoice(ctx.db, ctx.companyId, invoiceId),
    readPayments(ctx.db, ctx.companyId, [invoiceId]),
  ]);
  if (!row) throw notFound();
  return { row, payments };
}

/** `GET P/financials/invoices/{invoiceId}`. */
export async function readInvoice(ctx: OperationContext, invoiceId: string): Promise<InvoiceView> {
  const { row, payments } = await requireInvoice(ctx, invoiceId);
  return invoiceView(row, payments);
}
