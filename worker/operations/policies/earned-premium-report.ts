import type { PageWindow } from "../../db/queries/page";
import { listBookedVersions, listCurrentCoverages } from "../../db/queries/policy-lists";
import { bookedEarnings, earnedPremium, type LedgerVersion } from "../../domain/policies/earned-premium";
import type { Coverage } from "../../domain/policies/segments";
import { policyStatus } from "../../domain/policies/version-view";
import type { OperationContext } from "../context";

export interface EarnedPremiumRequest {
  /** The civil day the figures are taken at. */
  asOf: string;
  policyId?: string;
  /** An instant: only transactions whose `transactionTimestamp` is at or before it count. */
  bookedAsOf?: string;
}

/**
 * `GET P/policies/earned-premium`: written, earned and unearned cents of each policy as of a day, by
 * policy number, from the ledger of transaction premium (the rules are in `domain/policies/earned-premium.ts`
 * and `premium-schedule.ts`). Every transaction counts, or with `bookedAsOf` only those booked by then, so
 * a closed period's figures are reproduced whatever was booked after it. The status is the policy's as of
 * `asOf`.
 */
export async function earnedPremiumReport(ctx: OperationContext, request: EarnedPremiumRequest, page: PageWindow) {
  const item = (policy: { id: string; policyNumber: string; version: number; coverage: Coverage }) => ({
    policyId: policy.id,
    policyNumber: policy.policyNumber,
    version: policy.version,
    status: policyStatus(policy.coverage, request.asOf),
  });
  if (request.bookedAsOf === undefined) {
    const { rows, totalCount } = await listCurrentCoverages(ctx.db, ctx.companyId, request, page);
    return { items: rows.map((row) => ({ ...item(row), ...earnedPremium(row.coverage, request.asOf) })), totalCount };
  }
  const { bookedAsOf } = request;
  const { rows, totalCount } = await listBookedVersions(ctx.db, ctx.companyId, { ...request, bookedAsOf }, page);
  const byPolicy = new Map<string, { id: string; policyNumber: string; versions: LedgerVersion[] }>();
  for (const row of rows) {
    const policy = byPolicy.get(row.id) ?? { id: row.id, policyNumber: row.policyNumber, versions: [] };
    policy.versions.push(row);
    byPolicy.set(row.id, policy);
  }
  const items = [...byPolicy.values()].flatMap((policy) => {
    const lastBooked = policy.versions.findLast((v) => v.booked);
    const earnings = bookedEarnings(policy.versions, request.asOf);
    return lastBooked && earnings ? [{ ...item({ ...policy, ...lastBooked }), ...earnings }] : [];
  });
  return { items, totalCount };
}
