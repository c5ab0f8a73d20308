import { addAmounts, centsOfAmount, divideHalfEven, type ExactAmount, exactAmountOf, unitsAt } from "../money";
import { daysBetween, maxDay, minDay } from "./civil-days";
import { COMPONENT_KINDS, type PricingComponent } from "./pricing";
import { type Coverage, coveredSpan } from "./segments";

/**
 * When each pricing component of one policy version is written, as plain data (CONTRACT section 4,
 * "Premium accounting"). Everything that reports premium (the earned-premium report, the transaction
 * premium of the bordereau, later the invoice conservation of the financials) reads these schedules.
 *
 * - `fullTermPricingInfo` values are full-term prices of the data in force. Every segment prorates over
 *   the version's own term (`termStart` to `termEnd`, the term of the new business or of the last
 *   endorsement that moved the end): a pro-rata component writes `value × days in force ÷ term days`,
 *   summed exactly over the days in force (cut at a cancellation) from the values as spelled (10.005 is
 *   exactly 10.005, not 10.01 first) and rounded once to cents, half to even.
 * - A fully-earned-at-inception component is written whole on the first day in force that carries it
 *   (the effective date of the transaction that brought it in) and kept when later pricing omits it. A
 *   later, higher value writes the difference on the day it takes effect; a lower one returns nothing
 *   (it is earned). Nothing is written for days not in force: a flat cancellation writes no component,
 *   and an endorsement effective after a cancellation date brings nothing in.
 * - Kind `Other` is not premium and has no schedule.
 */

export type PremiumKind = Exclude<(typeof COMPONENT_KINDS)[number], "Other">;
export const PREMIUM_KINDS = COMPONENT_KINDS.filter((k): k is PremiumKind => k !== "Other");
export type EarningBasis = "pro-rata" | "fully-earned-at-inception";

export interface ComponentSchedule {
  label: string;
  group: string;
  kind: PremiumKind;
  earningBasis: EarningBasis;
  /** Pro-rata: the days in force at each full-term value, `[startDate, endDate)`, the value exact. */
  pieces: Array<{ startDate: string; endDate: string; amount: ExactAmount }>;
  /** Fully earned: what is written on each day, in cents. */
  charges: Array<{ date: string; cents: number }>;
}

export interface PremiumSchedule {
  termStart: string;
  termEnd: string;
  /** The day coverage ends: the term end, or the cancellation date. */
  coverageEnd: string;
  termDays: number;
  /** By component key (kind, group, label and earning basis), pro-rata components first. */
  components: Map<string, ComponentSchedule>;
}

/** The components a segment's data prices, values as numbers (malformed entries are skipped). */
export function componentsOf(data: Record<string, unknown> | undefined): PricingComponent[] {
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

export const basisOf = (c: PricingComponent): EarningBasis => c.earningBasis ?? "pro-rata";
export const componentKey = (c: Pick<ComponentSchedule, "kind" | "group" | "label" | "earningBasis">) =>
  JSON.stringify([c.kind, c.group, c.label, c.earningBasis]);

/** The schedule of every premium component of one version. */
export function premiumSchedule(coverage: Coverage): PremiumSchedule {
  const { startDate: termStart, endDate: coverageEnd } = coveredSpan(coverage);
  const components = new Map<string, ComponentSchedule>();
  // Per segment in force, each component's value summed by key (one key may be priced twice).
  const inForce = coverage.segments
    .map((s) => ({ startDate: maxDay(s.startDate, termStart), endDate: minDay(s.endDate, coverageEnd), data: s.data }))
    .filter((s) => s.startDate < s.endDate)
    .map((s) => {
      const byKey = new Map<string, { component: ComponentSchedule; amount: ExactAmount }>();
      for (const c of componentsOf(s.data)) {
        if (c.kind === "Other") continue;
        const component = { label: c.label, group: c.group, kind: c.kind, earningBasis: basisOf(c) };
        const key = componentKey(component);
        const found = byKey.get(key);
        const amount = exactAmountOf(c.value);
        byKey.set(key, {
          component: { ...component, pieces: [], charges: [] },
          amount: found ? addAmounts(found.amount, amount) : amount,
        });
      }
      return { ...s, byKey };
    });
  const scheduleOf = (key: string, component: ComponentSchedule) => {
    const found = components.get(key);
    if (found) return found;
    components.set(key, component);
    return component;
  };
  for (const basis of ["pro-rata", "fully-earned-at-inception"] as const) {
    const charged = new Map<string, number>();
    for (const segment of inForce) {
      for (const [key, { component, amount }] of segment.byKey) {
        if (component.earningBasis !== basis) continue;
        const schedule = scheduleOf(key, component);
        if (basis === "pro-rata") {
          schedule.pieces.push({ startDate: segment.startDate, endDate: segment.endDate, amount });
          continue;
        }
        // A fully-earned value is written whole: rounded once, to cents.
        const cents = centsOfAmount(amount);
        const before = charged.get(key);
        const increase = before === undefined ? cents : cents - before;
        if (before !== undefined && increase <= 0) continue;
        schedule.charges.push({ date: segment.startDate, cents: increase });
        charged.set(key, cents);
      }
    }
  }
  return {
    termStart: coverage.termStart,
    termEnd: coverage.termEnd,
    coverageEnd,
    termDays: daysBetween(coverage.termStart, coverage.termEnd),
    components,
  };
}

/** The finest scale of a component's values: its pieces are summed in units of it. */
const scaleOf = (component: ComponentSchedule) => Math.max(0, ...component.pieces.map((p) => p.amount.scale));

/** Value units × days of the pieces before `to`: the exact numerator of a share over the term days. */
function pieceNumerator(component: ComponentSchedule, to: string, scale: number): bigint {
  return component.pieces.reduce((sum, p) => {
    const end = minDay(p.endDate, to);
    return end > p.startDate ? sum + unitsAt(p.amount, scale) * BigInt(daysBetween(p.startDate, end)) : sum;
  }, 0n);
}

/**
 * Written and earned cents of one component as of a day. Written: pro-rata exactly over the days in
 * force, rounded once half to even; fully earned the sum of its charges. Earned: the pro-rata share of
 * the days before `asOf`, rounded toward zero (never ahead of the days) until every day in force has
 * elapsed, when it is the written amount; fully-earned charges from their day on.
 */
export function componentFigures(schedule: PremiumSchedule, component: ComponentSchedule, asOf: string) {
  if (component.earningBasis !== "pro-rata") {
    const writtenCents = component.charges.reduce((sum, c) => sum + c.cents, 0);
    const earnedCents = component.charges.reduce((sum, c) => (c.date <= asOf ? sum + c.cents : sum), 0);
    return { writtenCents, earnedCents };
  }
  if (schedule.termDays <= 0) return { writtenCents: 0, earnedCents: 0 };
  const scale = scaleOf(component);
  // Cents = value units × 100 × days ÷ (term days × 10^scale).
  const denominator = BigInt(schedule.termDays) * 10n ** BigInt(scale);
  const written = pieceNumerator(component, schedule.coverageEnd, scale) * 100n;
  const earned = pieceNumerator(component, asOf, scale) * 100n;
  const writtenCents = divideHalfEven(written, denominator);
  return { writtenCents, earnedCents: earned === written ? writtenCents : Number(earned / denominator) };
}
