import { earnedPremium } from "../policies/earned-premium";
import { ROLLUPS, type Rollups } from "../policies/pricing";
import type { Coverage } from "../policies/segments";
import { rootData } from "../policies/version-view";
import { CONSERVED_KINDS, type KindAmounts, zeroAmounts } from "./conservation";

/**
 * priced(K) of a policy version (CONTRACT section 7.7): its written amount of kind K, the figure the
 * earned-premium report gives as `writtenCents` for K as of the term end.
 */
export function pricedOf(coverage: Coverage): KindAmounts {
  const earnings = earnedPremium(coverage, coverage.termEnd);
  const priced = zeroAmounts();
  for (const kind of CONSERVED_KINDS) priced[kind] = earnings.byKind[kind].writtenCents;
  return priced;
}

/** The five rollups of a version's data (`fullTermPricingInfo`), zero when it has no pricing. */
function rollupsOf(data: Record<string, unknown>): Rollups {
  const pricing = data.fullTermPricingInfo as Partial<Rollups> | null | undefined;
  return Object.fromEntries(ROLLUPS.map((r) => [r, Number(pricing?.[r] ?? 0)])) as Rollups;
}

/**
 * A restatement (CONTRACT section 7.7): the new version changes any of the five pricing rollups. A policy
 * with active invoices then needs an invoice plan (`invoicePlanForTransaction`).
 */
export function isRestatement(before: Coverage, after: Coverage): boolean {
  const [was, now] = [rollupsOf(rootData(before)), rollupsOf(rootData(after))];
  return ROLLUPS.some((r) => was[r] !== now[r]);
}
