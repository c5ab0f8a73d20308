import { latestRun } from "../../db/queries/bill-review-runs";
import { findInvoice } from "../../db/queries/invoices";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";

/** `GET P/financials/invoices/{invoiceId}/bill-review`: the invoice's latest run; 404 without one. */
export async function readBillReview(ctx: OperationContext, invoiceId: string) {
  const invoice = await findInvoice(ctx.db, ctx.companyId, invoiceId);
  const run = invoice ? await latestRun(ctx.db, ctx.companyId, invoice.id) : null;
  if (!run) throw notFound();
  return {
    runId: run.id,
    invoiceId: run.invoiceId,
    status: run.status,
    passed: run.passed,
    error: run.error,
    invoiceHeadJournalId: run.invoiceHeadJournalId,
    findings: run.status === "succeeded" ? run.findings : [],
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
  };
}
