import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SubField } from "../../worker/domain/configuration/document";
import { planDeltas } from "../../worker/domain/policies/deltas";
import { readPolicyData } from "../../worker/domain/policies/policy-data";
import { COMPONENT_KINDS } from "../../worker/domain/policies/pricing";
import {
  type Coverage,
  CoverageError,
  cancel,
  endorse,
  newCoverage,
  reinstate,
  type Segment,
} from "../../worker/domain/policies/segments";
import { must } from "../support/must";
import { date, setUpPolicies } from "./helpers";

/**
 * Random endorse / cancel / reinstate sequences keep the coverage coherent: segments contiguous,
 * non-overlapping, inside the term (ending at the cancel date while cancelled), every day carrying the
 * data a day-by-day reference model predicts, and rollups equal to the component sums in every segment.
 */

const START = "2026-01-01";
const DAY_MS = 86_400_000;
const dayAt = (offset: number) =>
  new Date(Date.parse(`${START}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
const offsetOf = (day: string) =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${START}T00:00:00Z`)) / DAY_MS);

const LIMIT: SubField = {
  referenceId: "limit",
  label: "Limit",
  description: null,
  typeInfo: { kind: "Integer" },
  required: false,
  readOnly: false,
  writePermission: null,
  computedDefault: null,
  generatedAt: null,
};

// Values in whole cents, so the reference sums below are exact.
const componentArb = fc
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
const componentsArb = fc.array(componentArb, { maxLength: 5 });
type Component = ReturnType<(typeof componentsArb)["generate"]>["value"][number];

type Operation =
  | { op: "endorse"; at: number; change: { limit: number } | { components: Component[] } | { termEnd: number } }
  | { op: "cancel"; at: number }
  | { op: "reinstate" };

const TERM_DAYS = 90;
const operationArb: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant("endorse" as const),
      at: fc.integer({ min: -3, max: TERM_DAYS + 30 }),
      change: fc.oneof(
        fc.record({ limit: fc.integer({ min: 0, max: 9 }) }),
        fc.record({ components: componentsArb }),
        fc.record({ termEnd: fc.integer({ min: 1, max: TERM_DAYS + 40 }) }),
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant("cancel" as const), at: fc.integer({ min: -3, max: TERM_DAYS + 30 }) }),
  },
  { weight: 2, arbitrary: fc.constant({ op: "reinstate" as const }) },
);

/** What a day of coverage carries, as the reference model sees it. */
interface DayData {
  limit: number;
  components: Component[];
}

/** The reference model: one entry per day of the term, plus the cancellation day while cancelled. */
class Model {
  days: DayData[];
  cancelledAt: number | null = null;
  constructor(termDays: number, initial: DayData) {
    this.days = Array.from({ length: termDays }, () => initial);
  }
  get termEnd() {
    return this.days.length;
  }
  /** The outcome the engine must give: applied, or refused as `state` (409) or `date` (400). */
  apply(operation: Operation): "ok" | "state" | "date" {
    if (operation.op === "reinstate") {
      if (this.cancelledAt === null) return "state";
      this.cancelledAt = null;
      return "ok";
    }
    if (this.cancelledAt !== null) return "state";
    if (operation.op === "cancel") {
      if (operation.at < 0 || operation.at > this.termEnd) return "date";
      this.cancelledAt = operation.at;
      return "ok";
    }
    const { at, change } = operation;
    if (at < 0 || at >= this.termEnd) return "date";
    const newEnd = "termEnd" in change ? change.termEnd : this.termEnd;
    if (newEnd <= at) return "date";
    const next = Array.from({ length: newEnd }, (_, d) => {
      if (d < at) return must(this.days[d]);
      const before = must(this.days[Math.min(d, this.termEnd - 1)]);
      if ("limit" in change) return { ...before, limit: change.limit };
      if ("components" in change) return { ...before, components: change.components };
      return before;
    });
    this.days = next;
    return "ok";
  }
}

const sumOf = (components: readonly Component[], kind: string) =>
  components.filter((c) => c.kind === kind).reduce((cents, c) => cents + Math.round(c.value * 100), 0) / 100;

/** Rollups are the sums of the components of the matching kind; there is no grand total. */
function expectRollups(pricing: any) {
  expect(pricing).toEqual({
    pricingComponents: pricing.pricingComponents,
    premium: sumOf(pricing.pricingComponents, "Premium"),
    taxes: sumOf(pricing.pricingComponents, "Taxes"),
    fees: sumOf(pricing.pricingComponents, "Fees"),
    brokerCommission: sumOf(pricing.pricingComponents, "BrokerCommission"),
    programCommission: sumOf(pricing.pricingComponents, "ProgramCommission"),
  });
}

/** Contiguous, non-overlapping, from the term start to the covered end; each day as the model predicts. */
function expectCoverageMatches(segments: readonly Pick<Segment, "startDate" | "endDate" | "data">[], model: Model) {
  const coveredEnd = model.cancelledAt ?? model.termEnd;
  if (coveredEnd === 0) return expect(segments).toEqual([]);
  expect(must(segments[0]).startDate).toBe(START);
  expect(must(segments.at(-1)).endDate).toBe(dayAt(coveredEnd));
  segments.forEach((segment, i) => {
    expect(segment.startDate < segment.endDate).toBe(true);
    if (i > 0) expect(segment.startDate).toBe(must(segments[i - 1]).endDate);
    expectRollups(segment.data.fullTermPricingInfo);
    for (let d = offsetOf(segment.startDate); d < offsetOf(segment.endDate); d++) {
      expect(segment.data.limit).toBe(must(model.days[d]).limit);
      expect((segment.data.fullTermPricingInfo as any).pricingComponents).toEqual(must(model.days[d]).components);
    }
  });
}

const deltasOf = (change: Extract<Operation, { op: "endorse" }>["change"]) => {
  if ("limit" in change) return [{ path: "policy.limit", value: change.limit }];
  // Rollups sent with the restated pricing are wrong on purpose: they must be ignored.
  if ("components" in change)
    return [
      { path: "policy.fullTermPricingInfo", value: { pricingComponents: change.components, premium: -1, fees: 12345 } },
    ];
  return [{ path: "policy.policyEndDate", value: date(dayAt(change.termEnd)) }];
};

/** One operation through the pure domain functions, the way the company object runs it. */
function step(coverage: Coverage, operation: Operation): { coverage: Coverage; outcome: "ok" | "state" | "date" } {
  try {
    if (operation.op === "reinstate") return { coverage: reinstate(coverage), outcome: "ok" };
    if (operation.op === "cancel") return { coverage: cancel(coverage, dayAt(operation.at)), outcome: "ok" };
    const plan = planDeltas(deltasOf(operation.change), { policyFields: [LIMIT], exposureFields: [], optionSets: [] });
    if (!plan.ok) throw new Error(JSON.stringify(plan.problems));
    const change = (data: Record<string, unknown>) => {
      const applied = plan.apply(data);
      if (!applied.ok) throw new Error(JSON.stringify(applied.problems));
      return applied.data;
    };
    return {
      coverage: endorse(coverage, dayAt(operation.at), change, plan.termEnd ?? coverage.termEnd),
      outcome: "ok",
    };
  } catch (error) {
    if (error instanceof CoverageError) return { coverage, outcome: error.kind };
    throw error;
  }
}

describe("random transaction sequences keep coverage coherent (pure domain)", () => {
  it("holds for endorse, cancel and reinstate in any order", () => {
    fc.assert(
      fc.property(componentsArb, fc.array(operationArb, { maxLength: 25 }), (initialComponents, operations) => {
        const reading = readPolicyData(
          {
            policyStartDate: { date: START },
            policyEndDate: { date: dayAt(TERM_DAYS) },
            limit: 0,
            fullTermPricingInfo: { pricingComponents: initialComponents },
          },
          { policyFields: [LIMIT], exposureFields: [], optionSets: [], holdsWriteGroup: () => true },
          { previousPolicy: "refused" },
        );
        if (!reading.ok) throw new Error(JSON.stringify(reading));
        let coverage = newCoverage(START, dayAt(TERM_DAYS), reading.value.data);
        const model = new Model(TERM_DAYS, { limit: 0, components: initialComponents });
        expectCoverageMatches(coverage.segments, model);
        for (const operation of operations) {
          const before = coverage;
          const result = step(coverage, operation);
          expect(result.outcome).toBe(model.apply(operation));
          if (result.outcome !== "ok") expect(result.coverage).toBe(before);
          coverage = result.coverage;
          expect(coverage.termStart).toBe(START);
          expect(coverage.termEnd).toBe(dayAt(model.termEnd));
          expect(coverage.cancellation?.effectiveDate ?? null).toBe(
            model.cancelledAt === null ? null : dayAt(model.cancelledAt),
          );
          expectCoverageMatches(coverage.segments, model);
          for (const segment of coverage.cancellation?.restore ?? []) expectRollups(segment.data.fullTermPricingInfo);
        }
      }),
      { numRuns: 50 },
    );
  });
});

describe("random transaction sequences keep coverage coherent (through HTTP)", () => {
  it("answers as the model predicts and every response's segments stay coherent", async () => {
    const f = await setUpPolicies();
    const STATUS = { ok: 200, state: 409, date: 400 } as const;
    await fc.assert(
      fc.asyncProperty(
        componentsArb,
        fc.array(operationArb, { maxLength: 8 }),
        async (initialComponents, operations) => {
          const created = await f.newBusiness({
            policyEndDate: { date: dayAt(TERM_DAYS) },
            exposures: [],
            limit: 0,
            fullTermPricingInfo: { pricingComponents: initialComponents },
          });
          const model = new Model(TERM_DAYS, { limit: 0, components: initialComponents });
          expectCoverageMatches(created.segments, model);
          let version = 1;
          for (const operation of operations) {
            const res =
              operation.op === "endorse"
                ? await f.endorse(created.policyId, dayAt(operation.at), deltasOf(operation.change))
                : operation.op === "cancel"
                  ? await f.cancel(created.policyId, dayAt(operation.at))
                  : await f.reinstate(created.policyId);
            const expected = model.apply(operation);
            expect(res.status, JSON.stringify({ operation, body: res.json })).toBe(STATUS[expected]);
            if (expected !== "ok") continue;
            expect(res.json.version).toBe(++version);
            expect(res.json).toMatchObject({
              startDate: START,
              endDate: dayAt(model.cancelledAt ?? model.termEnd),
              status: model.cancelledAt === null ? "active" : "cancelled",
            });
            expect(res.json.policyEndDate.date).toBe(dayAt(model.termEnd));
            expectCoverageMatches(res.json.segments, model);
          }
          const latest = (await f.company.call("GET", `/policies/${created.policyId}`, f.admin)).json;
          expect(latest.version).toBe(version);
          expectCoverageMatches(latest.segments, model);
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});
