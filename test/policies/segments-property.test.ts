import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { must } from "../support/must";
import { setUpPolicies } from "./helpers";
import { type Component, type DayData, deltasOf, operationArb, ReplayModel, validComponentsArb } from "./replay-model";

/**
 * Random endorse / cancel / reinstate sequences through HTTP, endorsements in any effective order, answer
 * as the day-by-day replay model of CONTRACT section 4 predicts (replay-model.ts): the same refusals
 * (409 state, 400 date), and segments contiguous from the term start to the covered end, each day carrying
 * the data the model holds for it, rollups equal to the component sums. The pure planner is checked against
 * the same model in transaction-plan-property.test.ts.
 */

const START = "2026-01-01";
const TERM_DAYS = 90;
const DAY_MS = 86_400_000;
const dayAt = (offset: number) =>
  new Date(Date.parse(`${START}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
const offsetOf = (day: string) =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${START}T00:00:00Z`)) / DAY_MS);

const centsSum = (components: readonly Component[], kind: string) =>
  components.filter((c) => c.kind === kind).reduce((cents, c) => cents + Math.round(c.value * 100), 0) / 100;

/** What a segment's data must say on a day the model holds `day` for. */
function expectDay(data: Record<string, any>, day: DayData, termEnd: number) {
  expect(data.limit).toBe(day.limit);
  expect(data.fullTermPricingInfo).toEqual({
    pricingComponents: day.components,
    premium: centsSum(day.components, "Premium"),
    taxes: centsSum(day.components, "Taxes"),
    fees: centsSum(day.components, "Fees"),
    brokerCommission: centsSum(day.components, "BrokerCommission"),
    programCommission: centsSum(day.components, "ProgramCommission"),
  });
  expect(data.crossSegmentRatingOutputs).toEqual(day.rating);
  // Every segment states the policy's current term end (issue 9).
  expect(data.policyEndDate.date).toBe(dayAt(termEnd));
}

/** Contiguous from the term start to the covered end, every day as the model holds it. */
function expectSegments(segments: Array<{ startDate: string; endDate: string; data: any }>, model: ReplayModel) {
  const end = model.cancelledAt ?? model.termEnd;
  if (end === 0) return expect(segments).toEqual([]);
  expect(must(segments[0]).startDate).toBe(START);
  expect(must(segments.at(-1)).endDate).toBe(dayAt(end));
  segments.forEach((segment, i) => {
    expect(segment.startDate < segment.endDate).toBe(true);
    if (i > 0) expect(segment.startDate).toBe(must(segments[i - 1]).endDate);
    for (let d = offsetOf(segment.startDate); d < offsetOf(segment.endDate); d++)
      expectDay(segment.data, must(model.days[d]), model.termEnd);
  });
}

/** The status as of today (the UTC day): cancelled from the cancellation's date, expired from the term end. */
function statusOf(model: ReplayModel) {
  const today = new Date().toISOString().slice(0, 10);
  if (model.cancelledAt !== null && dayAt(model.cancelledAt) <= today) return "cancelled";
  return dayAt(model.termEnd) <= today ? "expired" : "active";
}

describe("random transaction sequences through HTTP follow the replay model", () => {
  it("answers as the model predicts and every response's segments carry the replayed data", async () => {
    const f = await setUpPolicies();
    const STATUS = { ok: 200, state: 409, date: 400, delta: 400 } as const;
    await fc.assert(
      fc.asyncProperty(
        validComponentsArb,
        fc.array(operationArb(TERM_DAYS), { maxLength: 8 }),
        async (components, operations) => {
          const created = await f.newBusiness({
            policyEndDate: { date: dayAt(TERM_DAYS) },
            exposures: [],
            limit: 0,
            fullTermPricingInfo: { pricingComponents: components },
          });
          const model = new ReplayModel({ limit: 0, components, rating: undefined, endDate: TERM_DAYS }, TERM_DAYS);
          expectSegments(created.segments, model);
          let version = 1;
          for (const operation of operations) {
            const res =
              operation.op === "endorse"
                ? await f.endorse(created.policyId, dayAt(operation.at), deltasOf(operation.changes, dayAt))
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
              status: statusOf(model),
            });
            expect(res.json.policyEndDate.date).toBe(dayAt(model.termEnd));
            expectSegments(res.json.segments, model);
          }
          const latest = (await f.company.call("GET", `/policies/${created.policyId}`, f.admin)).json;
          expect(latest.version).toBe(version);
          expectSegments(latest.segments, model);
        },
      ),
      { numRuns: 12 },
    );
  }, 180_000);
});
