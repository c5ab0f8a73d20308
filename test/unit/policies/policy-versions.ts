import fc from "fast-check";
import type { EarnedFigures } from "../../../worker/domain/policies/earned-premium";
import type { PricingComponent } from "../../../worker/domain/policies/pricing";
import type { Coverage, Segment } from "../../../worker/domain/policies/segments";

/** Policy versions for direct earned-premium tests: hand-written ones, random ones, and a day-by-day reference. */

export type Component = Omit<PricingComponent, "earningBasis"> & { earningBasis?: PricingComponent["earningBasis"] };
const tz = "America/New_York";
export const day = (date: string) => ({ date, timezone: tz });

/** Adds whole days to a civil day, through UTC (no time zone can move it). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The days `[from, to)`, listed one by one. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d < to; d = addDays(d, 1)) days.push(d);
  return days;
}

export interface Policy {
  term: [string, string];
  /** `[start, end, components]` in order, covering the term. */
  segments: Array<[string, string, Component[]]>;
  /** A cancellation effective this day cuts the coverage there. */
  cancelledOn?: string;
}

/** A version's coverage as the segment planner stores it: every segment's data priced for the term. */
export function coverageOf({ term, segments, cancelledOn }: Policy): Coverage {
  const full: Segment[] = segments.map(([startDate, endDate, components]) => ({
    startDate,
    endDate,
    data: {
      policyStartDate: day(term[0]),
      policyEndDate: day(term[1]),
      fullTermPricingInfo: { pricingComponents: components },
    },
  }));
  if (cancelledOn === undefined) return { termStart: term[0], termEnd: term[1], segments: full, cancellation: null };
  const inForce = full
    .filter((s) => s.startDate < cancelledOn)
    .map((s) => (s.endDate > cancelledOn ? { ...s, endDate: cancelledOn } : s));
  return {
    termStart: term[0],
    termEnd: term[1],
    segments: inForce,
    cancellation: { effectiveDate: cancelledOn, restore: full },
  };
}

export const premium = (value: number): Component => ({
  label: "Base premium",
  group: "premium",
  kind: "Premium",
  value,
});
export const fee = (value: number): Component => ({
  label: "Policy fee",
  group: "fees",
  kind: "Fees",
  value,
  earningBasis: "fully-earned-at-inception",
});
export const figures = (writtenCents: number, earnedCents: number): EarnedFigures => ({
  writtenCents,
  earnedCents,
  unearnedCents: writtenCents - earnedCents,
});

export const YEAR_2025: [string, string] = ["2025-01-01", "2026-01-01"]; // 365 days

// ---------------------------------------------------------------------------------------------------------
// Properties over random versions: a term anywhere in 2023-2029 (leap years included) of 1 to 800 days, cut
// into up to five segments, each pricing a random subset of five components in whole cents (discounts
// negative), optionally cancelled on any day of the term, reported as of any day around it.

const CATALOGUE: Component[] = [
  { label: "Base premium", group: "premium", kind: "Premium", value: 0 },
  { label: "Tax", group: "taxes", kind: "Taxes", value: 0, earningBasis: "pro-rata" },
  { label: "Policy fee", group: "fees", kind: "Fees", value: 0, earningBasis: "fully-earned-at-inception" },
  { label: "Broker", group: "commission", kind: "BrokerCommission", value: 0 },
  { label: "Inspection", group: "other", kind: "Other", value: 0 },
];

const pricingArb = (minCents: number) =>
  fc
    .array(fc.option(fc.integer({ min: minCents, max: 10_000_000 }), { nil: null }), {
      minLength: CATALOGUE.length,
      maxLength: CATALOGUE.length,
    })
    .map((cents) =>
      CATALOGUE.flatMap((c, i) => {
        const value = cents[i];
        return value === null || value === undefined ? [] : [{ ...c, value: value / 100 }];
      }),
    );

export const versionArb = (minCents: number) =>
  fc
    .record({
      startOffset: fc.integer({ min: 0, max: 7 * 365 }),
      length: fc.integer({ min: 1, max: 800 }),
      cuts: fc.uniqueArray(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 4 }),
      pricings: fc.array(pricingArb(minCents), { minLength: 5, maxLength: 5 }),
      cancelAt: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
      asOfOffset: fc.integer({ min: -40, max: 840 }),
    })
    .map(({ startOffset, length, cuts, pricings, cancelAt, asOfOffset }) => {
      const start = addDays("2023-01-01", startOffset);
      const end = addDays(start, length);
      const bounds = [...new Set([0, ...cuts.map((c) => Math.floor(c * length)), length])].sort((a, b) => a - b);
      const segments = bounds
        .slice(1)
        .map((to, i): [string, string, Component[]] => [
          addDays(start, bounds[i] ?? 0),
          addDays(start, to),
          pricings[i] ?? [],
        ]);
      const policy: Policy = {
        term: [start, end],
        segments,
        ...(cancelAt === null ? {} : { cancelledOn: addDays(start, Math.floor(cancelAt * length)) }),
      };
      return { policy, asOf: addDays(start, asOfOffset) };
    });

const cents = (c: Component) => Math.round(c.value * 100);
const basisOf = (c: Component) => c.earningBasis ?? "pro-rata";

/** `n ÷ d` to the nearest integer, half to even, on exact integers. */
function halfEven(n: bigint, d: bigint): number {
  const sign = n < 0n ? -1n : 1n;
  const magnitude = n * sign;
  let q = magnitude / d;
  const twice = 2n * (magnitude - q * d);
  if (twice > d || (twice === d && q % 2n === 1n)) q += 1n;
  return Number(q * sign);
}

/**
 * The reference (CONTRACT section 4, premium accounting): walk every civil day of the term. On each day in
 * force, each pro-rata component adds its full-term cents; written is that sum ÷ the term's days, rounded
 * half to even, earned the same over the days before `asOf`, rounded toward zero until it is the whole sum
 * (then it is written). A fully-earned component is charged its cents on the first day in force carrying
 * it, and later the rise on any day it is higher than all it was charged so far; written sums the charges,
 * earned those on or before `asOf`. Other: the pricing at the end of the coverage (at inception after a flat
 * cancellation).
 */
export function reference({ term, segments, cancelledOn }: Policy, asOf: string) {
  const termDays = daysOf(term[0], term[1]).length;
  const coverageEnd = cancelledOn ?? term[1];
  const inForce = daysOf(term[0], coverageEnd);
  const pricingOn = (d: string) => segments.find(([from, to]) => from <= d && d < to)?.[2] ?? [];
  const rows = new Map<
    string,
    {
      component: Component;
      written: bigint;
      earned: bigint;
      charged: number | null;
      whole: number;
      wholeEarned: number;
    }
  >();
  const rowOf = (c: Component) => {
    const row = rows.get(c.label) ?? { component: c, written: 0n, earned: 0n, charged: null, whole: 0, wholeEarned: 0 };
    rows.set(c.label, row);
    return row;
  };
  for (const basis of ["pro-rata", "fully-earned-at-inception"]) {
    for (const d of inForce) {
      for (const c of pricingOn(d)) {
        if (c.kind === "Other" || basisOf(c) !== basis) continue;
        const row = rowOf(c);
        if (basis === "pro-rata") {
          row.written += BigInt(cents(c));
          if (d < asOf) row.earned += BigInt(cents(c));
          continue;
        }
        const charge = row.charged === null ? cents(c) : cents(c) - row.charged;
        if (row.charged !== null && charge <= 0) continue;
        row.charged = cents(c);
        row.whole += charge;
        if (d <= asOf) row.wholeEarned += charge;
      }
    }
  }
  const days = BigInt(termDays);
  const components = new Map(
    [...rows.values()].map(({ component, written, earned, whole, wholeEarned }) => {
      const writtenProRata = halfEven(written, days);
      const earnedProRata = earned === written ? writtenProRata : Number(earned / days);
      const figure = figures(writtenProRata + whole, earnedProRata + wholeEarned);
      return [component.label, { kind: component.kind, ...figure }];
    }),
  );
  const last = inForce.at(-1);
  const current = (last !== undefined ? pricingOn(last) : segments[0]?.[2]) ?? [];
  const otherCents = current.filter((c) => c.kind === "Other").reduce((sum, c) => sum + cents(c), 0);
  return {
    termDays,
    coverageEnd,
    elapsedDays: inForce.filter((d) => d < asOf).length,
    components,
    otherCents,
  };
}

export const sumOf = (rows: EarnedFigures[]) =>
  rows.reduce(
    (total, r) => figures(total.writtenCents + r.writtenCents, total.earnedCents + r.earnedCents),
    figures(0, 0),
  );
