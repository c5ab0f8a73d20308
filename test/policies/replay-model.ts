import fc from "fast-check";
import { COMPONENT_KINDS } from "../../worker/domain/policies/pricing";

/**
 * The reference model of CONTRACT section 4 ("Out-of-sequence endorsements"): one entry per day of the
 * term holding the data in force, rebuilt after every transaction by replaying every endorsement issued
 * so far in effective-date order (issue order within one date), day by day, over the new-business data.
 * Cancel and reinstate act on top of that state. Days are offsets from the term start.
 */

// Values in whole cents, so rollup sums are exact.
export const componentArb = fc
  .record({
    kind: fc.constantFrom(...COMPONENT_KINDS),
    cents: fc.integer({ min: -1_000_000, max: 1_000_000 }),
    fullyEarned: fc.boolean(),
  })
  .map(({ kind, cents, fullyEarned }) => ({
    label: `${kind} item`,
    group: "g",
    kind,
    value: cents / 100,
    ...(fullyEarned && kind !== "Other" ? { earningBasis: "fully-earned-at-inception" } : {}),
  }));
export const componentsArb = fc.array(componentArb, { maxLength: 4 });
export type Component = ReturnType<(typeof componentsArb)["generate"]>["value"][number];

const ROLLUP_KINDS = ["Premium", "Taxes", "Fees", "BrokerCommission", "ProgramCommission"];
/** No kind sums below zero (CONTRACT section 4: a component may be negative, a rollup may not). */
export const rollupsNonNegative = (components: readonly Component[]) =>
  ROLLUP_KINDS.every(
    (kind) => components.filter((c) => c.kind === kind).reduce((sum, c) => sum + c.value * 100, 0) >= 0,
  );
/** Pricing a new business may carry. */
export const validComponentsArb = componentsArb.filter(rollupsNonNegative);

/** `crossSegmentRatingOutputs`: absent, null, or an object the deltas write whole or one member at a time. */
export type Rating = undefined | null | { raterVersion?: string; ratedAt?: string };

/** One change an endorsement makes, in the model's terms; `deltasOf` spells it as engine deltas. */
export type Change =
  | { limit: number }
  | { components: Component[] }
  | { termEnd: number }
  | { rating: Rating & object }
  | { clearRating: true }
  | { raterVersion: string };

export type Operation =
  | { op: "endorse"; at: number; changes: Change[] }
  | { op: "cancel"; at: number }
  | { op: "reinstate" };

/** What a day of coverage carries. `endDate` is the `policyEndDate` (day offset) in force that day. */
export interface DayData {
  limit: number;
  components: Component[];
  rating: Rating;
  endDate: number;
}

export type Outcome = "ok" | "state" | "date" | "delta";

interface Issued {
  at: number;
  changes: Change[];
}

export const ownTermEnd = (changes: readonly Change[]) =>
  changes.reduce<number | null>((end, c) => ("termEnd" in c ? c.termEnd : end), null);

function applyChange(day: DayData, change: Change): DayData {
  if ("limit" in change) return { ...day, limit: change.limit };
  if ("components" in change) return { ...day, components: change.components };
  if ("termEnd" in change) return { ...day, endDate: change.termEnd };
  if ("rating" in change) return { ...day, rating: change.rating };
  if ("clearRating" in change) return { ...day, rating: null };
  return { ...day, rating: { ...(day.rating ?? {}), raterVersion: change.raterVersion } };
}

/** Every endorsement replayed day by day in effective order; null when one falls outside the term. */
export function replayDays(initial: DayData, termDays: number, issued: readonly Issued[]): DayData[] | null {
  const ordered = [...issued].sort((a, b) => a.at - b.at); // stable: issue order within one date
  let days: DayData[] = Array.from({ length: termDays }, () => initial);
  for (const { at, changes } of ordered) {
    const end = ownTermEnd(changes) ?? days.length;
    if (at >= days.length || end <= at) return null;
    const before = days;
    days = Array.from({ length: end }, (_, d) => {
      const inForce = before[Math.min(d, before.length - 1)] ?? initial;
      return d < at ? inForce : changes.reduce(applyChange, inForce);
    });
  }
  return days;
}

export class ReplayModel {
  private issued: Issued[] = [];
  days: DayData[];
  cancelledAt: number | null = null;

  constructor(
    private readonly initial: DayData,
    private readonly termDays: number,
  ) {
    this.days = Array.from({ length: termDays }, () => initial);
  }

  get termEnd() {
    return this.days.length;
  }

  /** The outcome the engine must give: applied, or refused as `state` (409), `date` or `delta` (400). */
  apply(operation: Operation): Outcome {
    if (operation.op === "reinstate") {
      if (this.cancelledAt === null) return "state";
      this.cancelledAt = null;
      return "ok";
    }
    if (this.cancelledAt !== null) return "state";
    if (operation.op === "cancel") {
      // Inside the term: on the term end coverage has ended, and there is nothing left to cancel.
      if (operation.at < 0 || operation.at >= this.termEnd) return "date";
      this.cancelledAt = operation.at;
      return "ok";
    }
    const { at, changes } = operation;
    if (at < 0 || at >= this.termEnd) return "date";
    const end = ownTermEnd(changes);
    if (end !== null && end <= at) return "date";
    const issued = [...this.issued, { at, changes }];
    const days = replayDays(this.initial, this.termDays, issued);
    if (!days) return "date";
    // Restated pricing may not leave a rollup negative on any day from the endorsement on.
    if (changes.some((c) => "components" in c) && days.slice(at).some((d) => !rollupsNonNegative(d.components)))
      return "delta";
    this.issued = issued;
    this.days = days;
    return "ok";
  }
}

const ratingArb = fc.record(
  { raterVersion: fc.constantFrom("r1", "r2"), ratedAt: fc.constant("2026-01-01T00:00:00Z") },
  { requiredKeys: [] },
);

export const changeArb = (termDays: number): fc.Arbitrary<Change> =>
  fc.oneof(
    fc.record({ limit: fc.integer({ min: 0, max: 9 }) }),
    fc.record({ components: componentsArb }),
    fc.record({ termEnd: fc.integer({ min: 1, max: termDays + 40 }) }),
    fc.record({ rating: ratingArb }),
    fc.record({ clearRating: fc.constant(true as const) }),
    fc.record({ raterVersion: fc.constantFrom("r3", "r4") }),
  );

/** Effective days: anywhere around the term, and often one of a few shared days (same-date issue order). */
const dayArb = (termDays: number) =>
  fc.oneof(fc.integer({ min: -3, max: termDays + 30 }), fc.constantFrom(0, 10, 30, 31, 60));

export const operationArb = (termDays: number): fc.Arbitrary<Operation> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        op: fc.constant("endorse" as const),
        at: dayArb(termDays),
        changes: fc.array(changeArb(termDays), { minLength: 1, maxLength: 2 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant("cancel" as const), at: dayArb(termDays) }) },
    { weight: 1, arbitrary: fc.constant({ op: "reinstate" as const }) },
  );

/** The engine deltas of a change; rollups sent with restated pricing are wrong on purpose (ignored). */
export function deltasOf(changes: readonly Change[], dayAt: (offset: number) => string) {
  return changes.map((change) => {
    if ("limit" in change) return { path: "policy.limit", value: change.limit };
    if ("components" in change)
      return {
        path: "policy.fullTermPricingInfo",
        value: { pricingComponents: change.components, premium: -1, fees: 12345 },
      };
    if ("termEnd" in change)
      return { path: "policy.policyEndDate", value: { date: dayAt(change.termEnd), timezone: "America/New_York" } };
    if ("rating" in change) return { path: "policy.crossSegmentRatingOutputs", value: change.rating };
    if ("clearRating" in change) return { path: "policy.crossSegmentRatingOutputs", value: null };
    return { path: "policy.crossSegmentRatingOutputs.raterVersion", value: change.raterVersion };
  });
}

/** Whether a change writes one member of a value (a legacy version's derived deltas write it whole). */
export const writesMember = (change: Change) => "raterVersion" in change;
