import { type CompanyRow, insertCompany } from "../../db/queries/companies";
import { DEFAULT_FEATURES, type Lifecycle } from "../../domain/company/lifecycle";
import type { PlatformContext } from "../context";

export interface NewCompany {
  name: string;
  shortName: string;
  lifecycle: Lifecycle;
}

/** Staff creation of a company; every feature starts enabled (CONTRACT section 1). */
export async function createCompany(ctx: PlatformContext, input: NewCompany): Promise<CompanyRow> {
  const createdAt = ctx.now.toISOString();
  const row = {
    id: crypto.randomUUID(),
    ...input,
    features: { ...DEFAULT_FEATURES },
    billReview: null,
    rateLimit: null,
    createdAt,
    updatedAt: createdAt,
  };
  await insertCompany(ctx.db, row);
  return row;
}
