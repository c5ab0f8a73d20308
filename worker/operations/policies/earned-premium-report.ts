import type { PageWindow } from "../../db/queries/page";
import { listCurrentCoverages } from "../../db/queries/policy-lists";
import { earnedPremium } from "../../domain/policies/earned-premium";
import { policyStatus } from "../../domain/policies/version-view";
import type { OperationContext } from "../context";

/**
 * `GET P/policies/earned-premium`: written, earned and unearned cents of each policy's current version as
 * of a day, by policy number (the rules are in `domain/policies/earned-premium.ts`).
 */
export async function earnedPremiumReport(
  ctx: OperationContext,
  request: { asOf: string; policyId?: string },
  page: PageWindow,
) {
  const { rows, totalCount } = await listCurrentCoverages(ctx.db, ctx.companyId, request, page);
  const items = rows.map((row) => ({
    policyId: row.id,
    policyNumber: row.policyNumber,
    version: row.version,
    status: policyStatus(row.coverage),
    ...earnedPremium(row.coverage, request.asOf),
  }));
  return { items, totalCount };
}
