import {
  countInFlightRuns,
  deleteRun,
  findInFlightRun,
  insertRun,
  lastRunSequence,
} from "../../db/queries/bill-review-runs";
import { billReviewSettings } from "../../domain/company/lifecycle";
import { backgroundCapacityExceeded } from "../../errors/financial-refusals";
import { requireCompany } from "../company/require-company";
import type { OperationContext } from "../context";
import { enqueueBillReviews } from "./bill-review-queue";
import { loadFinancialSetup } from "./financial-setup";
import { invoiceView, requireInvoice } from "./invoice-view";

export type BillReviewStart = { runId: string } | { outcome: "in_flight"; runId: string };

/**
 * Serialized in the company object. `POST P/financials/invoices/{invoiceId}/bill-review` (CONTRACT section
 * 7.8): 404 unknown invoice; the run in flight when there is one (checked before the capacity); 429
 * `BACKGROUND_CAPACITY_EXCEEDED` with nothing stored when the company's queued + running runs reach its
 * `billReview.capacity`; else a queued run holding copies of the invoice at its head and of the financials
 * configuration, and a queue message asking for it to be judged.
 */
export async function startBillReview(ctx: OperationContext, invoiceId: string): Promise<BillReviewStart> {
  const { row, payments } = await requireInvoice(ctx, invoiceId);
  const inFlight = await findInFlightRun(ctx.db, ctx.companyId, row.id);
  if (inFlight) return { outcome: "in_flight", runId: inFlight.id };
  const { capacity } = billReviewSettings((await requireCompany(ctx)).billReview);
  if ((await countInFlightRuns(ctx.db, ctx.companyId)) >= capacity) throw backgroundCapacityExceeded(capacity);

  const { catalog } = await loadFinancialSetup(ctx);
  const runId = crypto.randomUUID();
  await insertRun(ctx.db, {
    id: runId,
    companyId: ctx.companyId,
    sequence: (await lastRunSequence(ctx.db, ctx.companyId)) + 1,
    invoiceId: row.id,
    status: "queued",
    passed: null,
    error: null,
    invoiceHeadJournalId: row.headJournalId,
    invoiceSnapshot: invoiceView(row, payments),
    catalogSnapshot: catalog,
    findings: [],
    createdAt: ctx.now.toISOString(),
    startedAt: null,
    finishedAt: null,
  });
  try {
    await enqueueBillReviews(ctx, runId);
  } catch (err) {
    await deleteRun(ctx.db, ctx.companyId, runId);
    throw err;
  }
  return { runId };
}
