import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SubField } from "../../worker/domain/configuration/document";
import { planDeltas } from "../../worker/domain/policies/deltas";
import { readPolicyData } from "../../worker/domain/policies/policy-data";
import type { Segment } from "../../worker/domain/policies/segments";
import { type StoredVersion, transactionLog } from "../../worker/domain/policies/transaction-log";
import {
  type PlanContext,
  type PlanRequest,
  planTransaction,
  replayLog,
  requestOf,
} from "../../worker/domain/policies/transaction-plan";
import { sameJson } from "../../worker/lib/json";
import {
  type Component,
  type DayData,
  deltasOf,
  type Operation,
  operationArb,
  ReplayModel,
  validComponentsArb,
} from "./replay-model";

/**
 * `planTransaction` against the day-by-day replay model (replay-model.ts): random endorsements in any
 * effective order (same dates included), term-end changes, whole and member writes, cancel and
 * reinstate. Each plan is refused exactly when the model refuses, and otherwise its segments carry on
 * every day of the term the data the model holds for that day.
 */

const START = "2026-01-01";
const TERM_DAYS = 90;
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
const CONTEXT: PlanContext = {
  policyFields: [LIMIT],
  exposureFields: [],
  optionSets: [],
  // After every day the generated operations name: cancellations are in force, never pending.
  now: new Date("2027-01-01T12:00:00Z"),
};

const centsSum = (components: readonly Component[], kind: string) =>
  components.filter((c) => c.kind === kind).reduce((cents, c) => cents + Math.round(c.value * 100), 0) / 100;

/** What a segment's data must say on a day the model holds `day` for. */
function expectDay(data: Record<string, unknown>, day: DayData, termEnd: number) {
  const components = day.components;
  expect(data.limit).toBe(day.limit);
  expect(data.fullTermPricingInfo).toEqual({
    pricingComponents: components,
    premium: centsSum(components, "Premium"),
    taxes: centsSum(components, "Taxes"),
    fees: centsSum(components, "Fees"),
    brokerCommission: centsSum(components, "BrokerCommission"),
    programCommission: centsSum(components, "ProgramCommission"),
  });
  expect(data.crossSegmentRatingOutputs).toEqual(day.rating);
  // Every segment states the policy's current term end (issue 9), whatever the end in force on its days.
  expect((data.policyEndDate as { date: string }).date).toBe(dayAt(termEnd));
}

/** Contiguous from the term start to `end`, neighbours differ, every day as the model holds it. */
function expectSegments(segments: readonly Segment[], days: readonly DayData[], end: number, termEnd: number) {
  if (end === 0) return expect(segments).toEqual([]);
  expect(segments[0]?.startDate).toBe(START);
  expect(segments.at(-1)?.endDate).toBe(dayAt(end));
  segments.forEach((segment, i) => {
    expect(segment.startDate < segment.endDate).toBe(true);
    const previous = segments[i - 1];
    if (previous) {
      expect(segment.startDate).toBe(previous.endDate);
      expect(sameJson(segment.data, previous.data)).toBe(false);
    }
    for (let d = offsetOf(segment.startDate); d < offsetOf(segment.endDate); d++) {
      const day = days[d];
      if (!day) throw new Error(`the model holds no day ${d}`);
      expectDay(segment.data, day, termEnd);
    }
  });
}

function planRequest(operation: Operation): PlanRequest {
  if (operation.op === "reinstate") return { action: "REINSTATE" };
  if (operation.op === "cancel") return { action: "CANCEL", effectiveDate: dayAt(operation.at) };
  const deltas = deltasOf(operation.changes, dayAt);
  const checked = planDeltas(deltas, CONTEXT);
  if (!checked.ok) throw new Error(`the generated deltas are invalid: ${JSON.stringify(checked)}`);
  return { action: "ENDORSE", effectiveDate: dayAt(operation.at), deltas };
}

const ACTION = { endorse: "ENDORSE", cancel: "CANCEL", reinstate: "REINSTATE" } as const;

function newBusiness(components: Component[]): StoredVersion {
  const reading = readPolicyData(
    {
      policyStartDate: { date: START },
      policyEndDate: { date: dayAt(TERM_DAYS) },
      limit: 0,
      fullTermPricingInfo: { pricingComponents: components },
    },
    { ...CONTEXT, holdsWriteGroup: () => true },
    { previousPolicy: "refused" },
  );
  if (!reading.ok) throw new Error(JSON.stringify(reading));
  const { data, termStart, termEnd } = reading.value;
  const plan = planTransaction(
    null,
    { action: "NEW_BUSINESS", data, termStart: termStart.date, termEnd: termEnd.date },
    CONTEXT,
  );
  if (!plan.ok) throw new Error(JSON.stringify(plan.refusal));
  return {
    version: 1,
    action: "NEW_BUSINESS",
    transactionTimestamp: "2026-01-01T00:00:00Z",
    effectiveDate: plan.effectiveDate,
    deltas: plan.deltas,
    coverage: plan.coverage,
  };
}

/** Versions written before deltas were recorded: the same rows with no deltas. */
const asLegacy = (versions: readonly StoredVersion[]) => versions.map((v) => ({ ...v, deltas: null }));

describe("planTransaction replays endorsements in effective order (CONTRACT section 4)", () => {
  it("gives the model's data on every day, refuses as the model does, and the whole log replays to the same", () => {
    fc.assert(
      fc.property(
        validComponentsArb,
        fc.array(operationArb(TERM_DAYS), { maxLength: 25 }),
        (components, operations) => {
          const versions = [newBusiness(components)];
          const model = new ReplayModel({ limit: 0, components, rating: undefined, endDate: TERM_DAYS }, TERM_DAYS);
          let latestEffective = 0;
          let inSequence = true;
          for (const operation of operations) {
            const current = versions.at(-1);
            if (!current) throw new Error("no version");
            const plan = planTransaction(
              { coverage: current.coverage, log: transactionLog(versions) },
              planRequest(operation),
              CONTEXT,
            );
            const expected = model.apply(operation);
            expect(plan.ok ? "ok" : plan.refusal.kind, JSON.stringify(operation)).toBe(expected);
            if (!plan.ok) continue;

            const { coverage } = plan;
            expect(coverage.termStart).toBe(START);
            expect(coverage.termEnd).toBe(dayAt(model.termEnd));
            expect(coverage.cancellation?.effectiveDate ?? null).toBe(
              model.cancelledAt === null ? null : dayAt(model.cancelledAt),
            );
            expectSegments(coverage.segments, model.days, model.cancelledAt ?? model.termEnd, model.termEnd);
            if (coverage.cancellation)
              expectSegments(coverage.cancellation.restore, model.days, model.termEnd, model.termEnd);
            if (operation.op !== "reinstate") expect(plan.effectiveDate).toBe(dayAt(operation.at));
            else expect(plan.effectiveDate).toBe(current.coverage.cancellation?.effectiveDate);

            if (operation.op === "endorse") {
              inSequence &&= operation.at >= latestEffective;
              latestEffective = Math.max(latestEffective, operation.at);
            }
            versions.push({
              version: versions.length + 1,
              action: ACTION[operation.op],
              transactionTimestamp: `2026-01-01T00:${String(versions.length).padStart(2, "0")}:00Z`,
              effectiveDate: plan.effectiveDate,
              deltas: plan.deltas,
              coverage,
            });
          }

          const last = versions.at(-1);
          const replayed = replayLog(transactionLog(versions), CONTEXT);
          expect(replayed.ok && replayed.coverage).toEqual(last?.coverage);
          // Versions stored without deltas: for a history written in sequence, the derived deltas give
          // back every version from its predecessor.
          if (inSequence) {
            const legacy = transactionLog(asLegacy(versions));
            legacy.forEach((logged, i) => {
              const previous = versions[i - 1];
              const planned = planTransaction(
                previous ? { coverage: previous.coverage, log: legacy.slice(0, i) } : null,
                requestOf(logged),
                CONTEXT,
              );
              expect(planned.ok && planned.coverage).toEqual(versions[i]?.coverage);
            });
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
