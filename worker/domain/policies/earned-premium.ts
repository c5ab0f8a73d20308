import { centsOf } from "../money";
import { daysBetween, maxDay, minDay } from "./civil-days";
import { COMPONENT_KINDS, type PricingComponent } from "./pricing";
import { type Coverage, coveredSpan, type Segment } from "./segments";
import { rootData } from "./version-view";

/**
 * Earned premium of one policy version as of a civil day (issue 5 item 9), in integer cents.
 *
 * - A component's amount in cents is round-half-even of `value × 100`, read from the value's decimal
 *   spelling (so 1000.01 is 100001 cents, 0.125 is 12 and 0.135 is 14).
 * - `pro-rata` components (and those with no `earningBasis`) earn by day. Each segment carries the
 *   full-term value in force during it; its share is `cents × days ÷ termDays`, where `termDays` is the
 *   term that segment's data was written for (its policyStartDate to policyEndDate). Written counts the
 *   segment's days inside the coverage (cut at a cancellation), earned those before `asOf`.
 *   The shares of one component are added exactly (as fractions) and rounded once toward zero, so an
 *   endorsement that leaves a price unchanged moves no cent.
 * - `fully-earned-at-inception` components are written at the value of the version's current pricing
 *   (the hoisted `fullTermPricingInfo`, which a cancellation keeps) and earned whole once `asOf` is on or
 *   after the term start.
 * - Kind `Other` is not premium: its total is reported as `otherCents` and is never earned.
 * - unearned = written − earned, so the three always add up. Per kind figures are the sums of their
 *   components; `totals` add Premium, Taxes and Fees (what the insured is charged; commissions are
 *   shares of premium, so they are shown per kind and not added again).
 */

export const EARNED_KINDS = COMPONENT_KINDS.filter(
  (k): k is Exclude<(typeof COMPONENT_KINDS)[number], "Other"> => k !== "Other",
);
export type EarnedKind = (typeof EARNED_KINDS)[number];
const CHARGED_KINDS: readonly EarnedKind[] = ["Premium", "Taxes", "Fees"];

export interface EarnedFigures {
  writtenCents: number;
  earnedCents: number;
  unearnedCents: number;
}

export interface ComponentEarnings extends EarnedFigures {
  label: string;
  group: string;
  kind: EarnedKind;
  earningBasis: "pro-rata" | "fully-earned-at-inception";
}

export interface PolicyEarnings {
  termStart: string;
  termEnd: string;
  coverageEnd: string;
  termDays: number;
  /** Days of coverage before `asOf`: `[termStart, min(asOf, coverageEnd))`. */
  elapsedDays: number;
  components: ComponentEarnings[];
  byKind: Record<EarnedKind, EarnedFigures>;
  otherCents: number;
  totals: EarnedFigures;
}

/** An exact sum of `cents × days ÷ termDays` shares. */
class Shares {
  private numerator = 0n;
  private denominator = 1n;

  add(cents: number, days: number, termDays: number) {
    if (days <= 0 || termDays <= 0 || cents === 0) return;
    const den = BigInt(termDays);
    this.numerator = this.numerator * den + BigInt(cents) * BigInt(days) * this.denominator;
    this.denominator *= den;
    const divisor = gcd(this.numerator < 0n ? -this.numerator : this.numerator, this.denominator);
    if (divisor > 1n) {
      this.numerator /= divisor;
      this.denominator /= divisor;
    }
  }

  /** Rounded toward zero: never earns ahead of the days. */
  cents(): number {
    return Number(this.numerator / this.denominator);
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a || 1n;
}

function componentsOf(data: Record<string, unknown> | undefined): PricingComponent[] {
  const pricing = data?.fullTermPricingInfo as { pricingComponents?: unknown } | null | undefined;
  const list = Array.isArray(pricing?.pricingComponents) ? (pricing.pricingComponents as unknown[]) : [];
  return list.filter(
    (c): c is PricingComponent =>
      !!c &&
      typeof c === "object" &&
      typeof (c as PricingComponent).value === "number" &&
      COMPONENT_KINDS.includes((c as PricingComponent).kind),
  );
}

const basisOf = (c: PricingComponent) => c.earningBasis ?? "pro-rata";
const keyOf = (c: PricingComponent) => JSON.stringify([c.kind, c.group, c.label, basisOf(c)]);

function dateOf(value: unknown): string | null {
  const date = (value as { date?: unknown } | null | undefined)?.date;
  return typeof date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
}

/** The term a segment's full-term values were priced for; the coverage term when its data lacks one. */
function termDaysOf(segment: Segment, coverage: Coverage): number {
  const start = dateOf(segment.data.policyStartDate) ?? coverage.termStart;
  const end = dateOf(segment.data.policyEndDate) ?? coverage.termEnd;
  return end > start ? daysBetween(start, end) : daysBetween(coverage.termStart, coverage.termEnd);
}

function daysWithin(segment: Segment, from: string, to: string): number {
  const start = maxDay(segment.startDate, from);
  const end = minDay(segment.endDate, to);
  return end > start ? daysBetween(start, end) : 0;
}

const zero = (): EarnedFigures => ({ writtenCents: 0, earnedCents: 0, unearnedCents: 0 });

function addTo(target: EarnedFigures, figures: EarnedFigures) {
  target.writtenCents += figures.writtenCents;
  target.earnedCents += figures.earnedCents;
  target.unearnedCents += figures.unearnedCents;
}

export function earnedPremium(coverage: Coverage, asOf: string): PolicyEarnings {
  const { startDate: termStart, endDate: coverageEnd } = coveredSpan(coverage);
  const earnedUntil = minDay(maxDay(asOf, termStart), coverageEnd);
  const rows = new Map<
    string,
    { component: PricingComponent; written: Shares; earned: Shares; fullyEarnedCents: number }
  >();
  const rowOf = (component: PricingComponent) => {
    const key = keyOf(component);
    const found = rows.get(key);
    if (found) return found;
    const row = { component, written: new Shares(), earned: new Shares(), fullyEarnedCents: 0 };
    rows.set(key, row);
    return row;
  };

  for (const segment of coverage.segments) {
    const termDays = termDaysOf(segment, coverage);
    const coveredDays = daysWithin(segment, termStart, coverageEnd);
    const earnedDays = daysWithin(segment, termStart, earnedUntil);
    for (const component of componentsOf(segment.data)) {
      if (component.kind === "Other" || basisOf(component) !== "pro-rata") continue;
      const row = rowOf(component);
      row.written.add(centsOf(component.value), coveredDays, termDays);
      row.earned.add(centsOf(component.value), earnedDays, termDays);
    }
  }

  const current = componentsOf(rootData(coverage));
  for (const component of current) {
    if (component.kind !== "Other" && basisOf(component) === "fully-earned-at-inception")
      rowOf(component).fullyEarnedCents += centsOf(component.value);
  }
  const otherCents = current.filter((c) => c.kind === "Other").reduce((sum, c) => sum + centsOf(c.value), 0);

  const incepted = asOf >= termStart;
  const components: ComponentEarnings[] = [...rows.values()].map(({ component, written, earned, fullyEarnedCents }) => {
    const writtenCents = written.cents() + fullyEarnedCents;
    const earnedCents = earned.cents() + (incepted ? fullyEarnedCents : 0);
    return {
      label: component.label,
      group: component.group,
      kind: component.kind as EarnedKind,
      earningBasis: basisOf(component),
      writtenCents,
      earnedCents,
      unearnedCents: writtenCents - earnedCents,
    };
  });

  const byKind = Object.fromEntries(EARNED_KINDS.map((k) => [k, zero()])) as Record<EarnedKind, EarnedFigures>;
  for (const c of components) addTo(byKind[c.kind], c);
  const totals = zero();
  for (const kind of CHARGED_KINDS) addTo(totals, byKind[kind]);

  return {
    termStart,
    termEnd: coverage.termEnd,
    coverageEnd,
    termDays: daysBetween(coverage.termStart, coverage.termEnd),
    elapsedDays: daysBetween(termStart, earnedUntil),
    components,
    byKind,
    otherCents,
    totals,
  };
}
