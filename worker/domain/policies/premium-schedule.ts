import { addAmounts, centsOfAmount, divideHalfEven, type ExactAmount, exactAmountOf, unitsAt } from "../money";
import { daysBetween, maxDay, minDay } from "./civil-days";
import { COMPONENT_KINDS, type PricingComponent } from "./pricing";
import { type Coverage, coveredSpan, type FullyEarnedCharge } from "./segments";

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
 *   (the effective date of the transaction that first brought it in) and kept when later pricing omits
 *   it: each version carries the charges of the versions before it (`Coverage.charged`), so a later
 *   transaction, even one effective on the same day, cannot take a charge back. A charge is a level: a
 *   later, higher value writes the difference on the day it takes effect; a lower one returns nothing
 *   (it is earned). A charge counts only while coverage is in force on its day: a flat or earlier
 *   cancellation writes none, a reinstatement restores it, and a transaction effective after a
 *   cancellation date brings nothing in.
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
  /** Fully earned: the charges in force, each the whole level written from its day on, in cents. */
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

/** A segment in force, with the value of each premium component it prices (one key may be priced twice). */
interface PricedSegment {
  startDate: string;
  endDate: string;
  byKey: Map<string, { component: Omit<ComponentSchedule, "pieces" | "charges">; amount: ExactAmount }>;
}

/** The segments of a version in force (cut at a cancellation), each with its premium components by key. */
function pricedSegments(coverage: Coverage): PricedSegment[] {
  const { startDate: termStart, endDate: coverageEnd } = coveredSpan(coverage);
  return coverage.segments
    .map((s) => ({ startDate: maxDay(s.startDate, termStart), endDate: minDay(s.endDate, coverageEnd), data: s.data }))
    .filter((s) => s.startDate < s.endDate)
    .map(({ startDate, endDate, data }) => {
      const byKey: PricedSegment["byKey"] = new Map();
      for (const c of componentsOf(data)) {
        if (c.kind === "Other") continue;
        const component = { label: c.label, group: c.group, kind: c.kind, earningBasis: basisOf(c) };
        const key = componentKey(component);
        const found = byKey.get(key);
        const amount = exactAmountOf(c.value);
        byKey.set(key, { component, amount: found ? addAmounts(found.amount, amount) : amount });
      }
      return { startDate, endDate, byKey };
    });
}

const chargeKey = (c: FullyEarnedCharge) =>
  componentKey({
    kind: c.kind as PremiumKind,
    group: c.group,
    label: c.label,
    earningBasis: "fully-earned-at-inception",
  });

/** Whether coverage is in force on a charge's day: from the term start, before the term end or cancellation. */
const chargeInForce = (coverage: Coverage, charge: FullyEarnedCharge) => {
  const { startDate, endDate } = coveredSpan(coverage);
  return startDate <= charge.date && charge.date < endDate;
};

/**
 * The fully-earned charges a version's own segments make: a component's value, rounded once to cents, on
 * the first day in force that prices it, then each rise above it on the day the higher value takes effect.
 */
function ownCharges(segments: readonly PricedSegment[]): FullyEarnedCharge[] {
  const charges: FullyEarnedCharge[] = [];
  const level = new Map<string, number>();
  for (const segment of segments) {
    for (const [key, { component, amount }] of segment.byKey) {
      if (component.earningBasis !== "fully-earned-at-inception") continue;
      const cents = centsOfAmount(amount);
      const before = level.get(key);
      if (before !== undefined && cents <= before) continue;
      level.set(key, cents);
      const { kind, group, label } = component;
      charges.push({ kind, group, label, date: segment.startDate, cents });
    }
  }
  return charges;
}

/**
 * Every fully-earned charge a version holds: those carried from the versions before it, then each of its
 * own that rises above every carried charge of its component in force. A transaction that brings a
 * component in again at no more than it was charged writes nothing new, and the charge keeps the day of
 * the transaction that first brought it in. This is what the next version carries.
 */
export function fullyEarnedCharges(coverage: Coverage): FullyEarnedCharge[] {
  return mergedCharges(coverage, pricedSegments(coverage));
}

function mergedCharges(coverage: Coverage, segments: readonly PricedSegment[]): FullyEarnedCharge[] {
  const carried = coverage.charged ?? [];
  const top = new Map<string, number>();
  for (const charge of carried) {
    if (!chargeInForce(coverage, charge)) continue;
    const key = chargeKey(charge);
    top.set(key, Math.max(top.get(key) ?? charge.cents, charge.cents));
  }
  const risen = ownCharges(segments).filter((c) => {
    const highest = top.get(chargeKey(c));
    return highest === undefined || c.cents > highest;
  });
  return [...carried, ...risen];
}

/** The schedule of every premium component of one version. */
export function premiumSchedule(coverage: Coverage): PremiumSchedule {
  const { endDate: coverageEnd } = coveredSpan(coverage);
  const segments = pricedSegments(coverage);
  const components = new Map<string, ComponentSchedule>();
  const scheduleOf = (key: string, component: Omit<ComponentSchedule, "pieces" | "charges">) => {
    const found = components.get(key);
    if (found) return found;
    const made = { ...component, pieces: [], charges: [] };
    components.set(key, made);
    return made;
  };
  for (const segment of segments) {
    for (const [key, { component, amount }] of segment.byKey) {
      if (component.earningBasis !== "pro-rata") continue;
      scheduleOf(key, component).pieces.push({ startDate: segment.startDate, endDate: segment.endDate, amount });
    }
  }
  for (const charge of mergedCharges(coverage, segments)) {
    if (!chargeInForce(coverage, charge) || !isPremiumKind(charge.kind)) continue;
    const { kind, group, label, date, cents } = charge;
    const component = { kind, group, label, earningBasis: "fully-earned-at-inception" as const };
    scheduleOf(componentKey(component), component).charges.push({ date, cents });
  }
  return {
    termStart: coverage.termStart,
    termEnd: coverage.termEnd,
    coverageEnd,
    termDays: daysBetween(coverage.termStart, coverage.termEnd),
    components,
  };
}

const isPremiumKind = (kind: string): kind is PremiumKind => (PREMIUM_KINDS as readonly string[]).includes(kind);

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
 * force, rounded once half to even; fully earned its highest charge. Earned: the pro-rata share of
 * the days before `asOf`, rounded toward zero (never ahead of the days) until every day in force has
 * elapsed, when it is the written amount; fully-earned charges from their day on.
 */
export function componentFigures(schedule: PremiumSchedule, component: ComponentSchedule, asOf: string) {
  if (component.earningBasis !== "pro-rata") {
    // Charges are levels: what is written is the highest in force, what is earned the highest from its day.
    const highest = (charges: ComponentSchedule["charges"]) =>
      charges.length ? Math.max(...charges.map((c) => c.cents)) : 0;
    return {
      writtenCents: highest(component.charges),
      earnedCents: highest(component.charges.filter((c) => c.date <= asOf)),
    };
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
