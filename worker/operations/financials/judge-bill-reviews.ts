import { finishRun, markRunning, runsToJudge } from "../../db/queries/bill-review-runs";
import { billReviewSettings } from "../../domain/company/lifecycle";
import { passes, type ReviewedInvoice, reviewInvoice } from "../../domain/financials/bill-review";
import { requireCompany } from "../company/require-company";
import type { OperationContext } from "../context";

/**
 * Serialized in the company object, where every queue delivery lands. Judges each queued run of the company
 * on the copies it took (`queued` → `running` → `succeeded` or `failed`); a run left `running` by a delivery
 * cut short is judged again, with the same answer. Nothing while `billReview.paused`. A second delivery finds
 * nothing queued: one result per run.
 */
export async function judgeBillReviews(ctx: OperationContext): Promise<{ judged: number }> {
  const company = await requireCompany(ctx);
  if (billReviewSettings(company.billReview).paused) return { judged: 0 };
  let judged = 0;
  for (const run of await runsToJudge(ctx.db, ctx.companyId)) {
    const startedAt = run.startedAt ?? ctx.now.toISOString();
    if (run.status === "queued" && !(await markRunning(ctx.db, run, startedAt))) continue;
    const running = { ...run, status: "running" as const, startedAt };
    try {
      const findings = reviewInvoice(run.invoiceSnapshot as unknown as ReviewedInvoice, run.catalogSnapshot);
      const finishedAt = ctx.now.toISOString();
      await finishRun(ctx.db, running, {
        status: "succeeded",
        passed: passes(findings),
        error: null,
        findings,
        finishedAt,
      });
    } catch (err) {
      const error = { code: "BILL_REVIEW_FAILED", message: `The run could not judge its copies: ${String(err)}` };
      const finishedAt = ctx.now.toISOString();
      await finishRun(ctx.db, running, { status: "failed", passed: null, error, findings: [], finishedAt });
    }
    judged += 1;
  }
  return { judged };
}
