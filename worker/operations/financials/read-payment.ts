import { findPayment } from "../../db/queries/invoices";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";
import { type PaymentView, paymentView } from "./invoice-view";

/** `GET P/financials/payments/{paymentId}`: a live payment of the company. */
export async function readPayment(ctx: OperationContext, paymentId: string): Promise<PaymentView> {
  const row = await findPayment(ctx.db, ctx.companyId, paymentId);
  if (!row) throw notFound();
  return paymentView(row);
}
