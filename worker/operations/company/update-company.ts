import { eq } from "drizzle-orm";
import type { CompanyRow } from "../../db/queries/companies";
import { companies } from "../../db/schema";
import { canMoveLifecycle, type Feature, type Lifecycle } from "../../domain/company/lifecycle";
import { lifecycleRefused } from "../../errors/company-refusals";
import type { OperationContext } from "../context";
import { requireCompany } from "./require-company";

export interface CompanyChange {
  lifecycle?: Lifecycle;
  /** Merged into the stored features. */
  features?: Partial<Record<Feature, boolean>>;
}

/**
 * Staff change of a company's lifecycle and features, in one write. Runs serialized in the company
 * object: a lifecycle move must not interleave with resets, wipes or imports that check the lifecycle.
 */
export async function updateCompany(ctx: OperationContext, change: CompanyChange): Promise<CompanyRow> {
  const company = await requireCompany(ctx);
  const lifecycle = change.lifecycle ?? company.lifecycle;
  if (!canMoveLifecycle(company.lifecycle, lifecycle)) {
    throw lifecycleRefused(`Company lifecycle cannot move from ${company.lifecycle} to ${lifecycle}`);
  }
  const features = { ...company.features, ...change.features };
  const updatedAt = ctx.now.toISOString();
  await ctx.db.update(companies).set({ lifecycle, features, updatedAt }).where(eq(companies.id, company.id));
  return { ...company, lifecycle, features, updatedAt };
}
