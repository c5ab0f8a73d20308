import { earnedPremium } from "../policies/earned-premium";
import type { Coverage } from "../policies/segments";
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
