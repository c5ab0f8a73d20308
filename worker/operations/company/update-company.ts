import { eq } from "drizzle-orm";
import type { CompanyRow } from "../../db/queries/companies";
import { companies } from "../../db/schema";
import {
  type BillReviewSettings,
  billReviewSettings,
  canMoveLifecycle,
  type Feature,
  type Lifecycle,
  type RateLimitSettings,
  rateLimitSettings,
} from "../../domain/company/lifecycle";
import { lifecycleRefused } from "../../errors/company-refusals";
import type { OperationContext } from "../context";
import { enqueueBillReviews } from "../financials/bill-review-queue";
import { requireCompany } from "./require-company";

export interface CompanyChange {
  lifecycle?: Lifecycle;
  /** Merged into the stored features. */
  features?: Partial<Record<Feature, boolean>>;
  /** Merged into the stored bill review settings (CONTRACT section 7.1). */
  billReview?: Partial<BillReviewSettings>;
  /** Merged into the stored rate limit (CONTRACT 8.2). */
  rateLimit?: Partial<RateLimitSettings>;
}

/**
 * Staff change of a company's lifecycle, features, bill review and rate limit settings, in one write. Runs serialized in the company
 * object: a lifecycle move must not interleave with resets, wipes or imports that check the lifecycle.
 */
export async function updateCompany(ctx: OperationContext, change: CompanyChange): Promise<CompanyRow> {
  const company = await requireCompany(ctx);
  const lifecycle = change.lifecycle ?? company.lifecycle;
  if (!canMoveLifecycle(company.lifecycle, lifecycle)) {
    throw lifecycleRefused(`Company lifecycle cannot move from ${company.lifecycle} to ${lifecycle}`);
  }
  const features = { ...company.features, ...change.features };
  const billReview = billReviewSettings({ ...company.billReview, ...change.billReview });
  const rateLimit = rateLimitSettings({ ...company.rateLimit, ...change.rateLimit });
  const updatedAt = ctx.now.toISOString();
  await ctx.db
    .update(companies)
    .set({ lifecycle, features, billReview, rateLimit, updatedAt })
    .where(eq(companies.id, company.id));
  // Switching the pause off starts the runs queued meanwhile.
  if (billReviewSettings(company.billReview).paused && !billReview.paused) await enqueueBillReviews(ctx, updatedAt);
  return { ...company, lifecycle, features, billReview, rateLimit, updatedAt };
}
