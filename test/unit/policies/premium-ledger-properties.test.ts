import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SubField } from "../../../worker/domain/configuration/document";
import {
  bookedEarnings,
  EARNED_KINDS,
  type EarnedKind,
  earnedPremium,
  type KindCents,
  transactionPremium,
  writtenByKind,
} from "../../../worker/domain/policies/earned-premium";
import { readPolicyData } from "../../../worker/domain/policies/policy-data";
import type { Coverage } from "../../../worker/domain/policies/segments";
import { type StoredVersion, transactionLog } from "../../../worker/domain/policies/transaction-log";
import { type PlanContext, type PlanRequest, planTransaction } from "../../../worker/domain/policies/transaction-plan";
import {
  type Component,
  type DayData,
  deltasOf,
  type Operation,
  operationArb,
  ReplayModel,
} from "../../policies/replay-model";
import { must } from "../../support/must";

/**
 * The ledger of transaction premium over random transaction sequences (issue 9): new business, then
 * endorsements with pricing and term changes in any effective order, cancellations and reinstatements,
 * planned by `planTransaction` and checked against the day-by-day replay model (replay-model.ts):
 *
 * - the transaction premiums of all versions add up to the written premium of the last one;
 * - earned never exceeds written, and earned as of the end of coverage is written;
 * - written equals an independent day-by-day computation from the model's days;
 * - counting only the first versions as booked gives exactly what the report said at that version.
 *
 * Prices here are not negative (a discount could make earned run ahead of written by design).
 */

const START = "2026-01-01";
const TERM_DAYS = 90;
const DAY_MS = 86_400_000;
const dayAt = (offset: number) =>
  new Date(Date.parse(`${START}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);

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
// After every day the operations name: no cancellation is pending.
const CONTEXT: PlanContext = { policyFields: [LIMIT], exposureFields: [], optionSets: [], now: new Date("2028-01-01") };

const positive = (components: readonly Component[]) => components.map((c) => ({ ...c, value: Math.abs(c.value) }));
const positiveOperation = (operation: Operation): Operation =>
  operation.op !== "endorse"
    ? operation
    : {
        ...operation,
        changes: operation.changes.map((c) => ("components" in c ? { components: positive(c.components) } : c)),
      };

const componentsArb = fc
  .array(
    fc.record({
      kind: fc.constantFrom("Premium", "Taxes", "Fees", "BrokerCommission", "ProgramCommission", "Other"),
      cents: fc.integer({ min: 0, max: 1_000_000 }),
      fullyEarned: fc.boolean(),
    }),
    { maxLength: 4 },
  )
  .map((items) =>
    items.map(({ kind, cents, fullyEarned }) => ({
      label: `${kind} item`,
      group: "g",
      kind,
      value: cents / 100,
      ...(fullyEarned && kind !== "Other" ? { earningBasis: "fully-earned-at-inception" } : {}),
    })),
  ) as fc.Arbitrary<Component[]>;

function request(operation: Operation): PlanRequest {
  if (operation.op === "reinstate") return { action: "REINSTATE" };
  if (operation.op === "cancel") return { action: "CANCEL", effectiveDate: dayAt(operation.at) };
  return { action: "ENDORSE", effectiveDate: dayAt(operation.at), deltas: deltasOf(operation.changes, dayAt) };
}

/** The versions' coverages: new business, then every accepted operation. */
function coveragesOf(
  components: Component[],
  operations: readonly Operation[],
  model: ReplayModel,
  modelVersions: ModelVersion[],
): Coverage[] {
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
  const { data } = reading.value;
  const first = planTransaction(
    null,
    { action: "NEW_BUSINESS", data, termStart: START, termEnd: dayAt(TERM_DAYS) },
    CONTEXT,
  );
  if (!first.ok) throw new Error(JSON.stringify(first.refusal));
  const versions: StoredVersion[] = [stored(1, "NEW_BUSINESS", first)];
  modelVersions.push(versionOf(model));
  for (const operation of operations) {
    const current = must(versions.at(-1));
    const plan = planTransaction(
      { coverage: current.coverage, log: transactionLog(versions) },
      request(operation),
      CONTEXT,
    );
    const expected = model.apply(operation);
    expect(plan.ok ? "ok" : plan.refusal.kind).toBe(expected);
    if (!plan.ok) continue;
    versions.push(stored(versions.length + 1, ACTION[operation.op], plan));
    modelVersions.push(versionOf(model));
  }
  return versions.map((v) => v.coverage);
}

const ACTION = { endorse: "ENDORSE", cancel: "CANCEL", reinstate: "REINSTATE" } as const;
const stored = (
  version: number,
  action: StoredVersion["action"],
  plan: Extract<ReturnType<typeof planTransaction>, { ok: true }>,
): StoredVersion => ({
  version,
  action,
  transactionTimestamp: new Date(Date.UTC(2026, 0, 1, 0, version)).toISOString(),
  effectiveDate: plan.effectiveDate,
  deltas: plan.deltas,
  coverage: plan.coverage,
});

const cents = (c: Component) => Math.round(c.value * 100);

/** `n ÷ d`, half to even. */
function halfEven(n: bigint, d: bigint): number {
  let q = n / d;
  const twice = 2n * (n - q * d);
  if (twice > d || (twice === d && q % 2n === 1n)) q += 1n;
  return Number(q);
}

/** The model after one accepted version: its days and how many of them are in force. */
interface ModelVersion {
  days: readonly DayData[];
  inForce: number;
}

const versionOf = (model: ReplayModel): ModelVersion => ({
  days: model.days,
  inForce: model.cancelledAt ?? model.termEnd,
});

/** A fully-earned charge of the model: the level a component is written at from a day (offset) on. */
interface ModelCharge {
  key: string;
  kind: EarnedKind;
  day: number;
  cents: number;
}

/**
 * Written cents per kind, walking each version's days one by one: each day in force of the last version
 * adds each pro-rata component's full-term cents (÷ the term's days, half to even, once at the end). A
 * fully-earned component is charged on the first day in force that carries it and again on any day it
 * rises above that (same-named components of one day are one); every version keeps the charges of the
 * versions before it and adds only those of its own that rise above every kept charge in force, and what
 * is written is the highest charge in force in the last version.
 */
function dayByDayWritten(versions: readonly ModelVersion[], termDays: number): KindCents {
  let carried: ModelCharge[] = [];
  const proRata = new Map<string, { kind: EarnedKind; sum: bigint }>();
  versions.forEach(({ days, inForce }, v) => {
    const last = v === versions.length - 1;
    const top = new Map<string, number>();
    for (const c of carried) if (c.day < inForce) top.set(c.key, Math.max(top.get(c.key) ?? c.cents, c.cents));
    const level = new Map<string, number>();
    const own: ModelCharge[] = [];
    for (let d = 0; d < inForce; d++) {
      const today = new Map<string, { kind: EarnedKind; basis: string; cents: number }>();
      for (const c of must(days[d]).components) {
        if (c.kind === "Other") continue;
        const basis = c.earningBasis ?? "pro-rata";
        const key = JSON.stringify([c.kind, c.label, basis]);
        const found = today.get(key);
        today.set(key, { kind: c.kind as EarnedKind, basis, cents: (found?.cents ?? 0) + cents(c) });
      }
      for (const [key, { kind, basis, cents: value }] of today) {
        if (basis === "pro-rata") {
          if (!last) continue;
          const row = proRata.get(key) ?? { kind, sum: 0n };
          proRata.set(key, { kind, sum: row.sum + BigInt(value) });
          continue;
        }
        const before = level.get(key);
        if (before !== undefined && value <= before) continue;
        level.set(key, value);
        own.push({ key, kind, day: d, cents: value });
      }
    }
    carried = [...carried, ...own.filter((c) => !top.has(c.key) || c.cents > (top.get(c.key) ?? 0))];
  });
  const out = Object.fromEntries(EARNED_KINDS.map((k) => [k, 0])) as KindCents;
  for (const { kind, sum } of proRata.values()) out[kind] += halfEven(sum, BigInt(termDays));
  const inForce = must(versions.at(-1)).inForce;
  const written = new Map<string, ModelCharge>();
  for (const c of carried) {
    const found = written.get(c.key);
    if (c.day < inForce && (!found || c.cents > found.cents)) written.set(c.key, c);
  }
  for (const { kind, cents: value } of written.values()) out[kind] += value;
  return out;
}

describe("the ledger of transaction premium over random transaction sequences", () => {
  it("adds up to written; earned stays within written and reaches it; written matches a day-by-day walk", () => {
    fc.assert(
      fc.property(
        componentsArb,
        fc.array(operationArb(TERM_DAYS).map(positiveOperation), { maxLength: 20 }),
        fc.integer({ min: -5, max: TERM_DAYS + 50 }),
        (components, operations, asOfOffset) => {
          const model = new ReplayModel({ limit: 0, components, rating: undefined, endDate: TERM_DAYS }, TERM_DAYS);
          const modelVersions: ModelVersion[] = [];
          const coverages = coveragesOf(components, operations, model, modelVersions);
          const last = must(coverages.at(-1));

          const ledger = coverages.map((coverage, i) => transactionPremium(coverages[i - 1] ?? null, coverage));
          const written = writtenByKind(last);
          for (const kind of EARNED_KINDS) expect(ledger.reduce((sum, t) => sum + t[kind], 0)).toBe(written[kind]);

          const asOf = dayAt(asOfOffset);
          const report = earnedPremium(last, asOf);
          const atEnd = earnedPremium(last, last.cancellation?.effectiveDate ?? last.termEnd);
          for (const kind of EARNED_KINDS) {
            expect(report.byKind[kind].writtenCents).toBe(written[kind]);
            expect(report.byKind[kind].earnedCents).toBeLessThanOrEqual(written[kind]);
            expect(report.byKind[kind].earnedCents).toBeGreaterThanOrEqual(0);
            expect(atEnd.byKind[kind].earnedCents).toBe(written[kind]);
          }

          expect(dayByDayWritten(modelVersions, model.termEnd)).toEqual(written);

          // A period closed after version k: its transactions reproduce version k's report exactly.
          const k = Math.ceil(coverages.length / 2);
          const booked = coverages.map((coverage, i) => ({ version: i + 1, coverage, booked: i < k }));
          expect(bookedEarnings(booked, asOf)).toEqual(earnedPremium(must(coverages[k - 1]), asOf));
        },
      ),
      { numRuns: 150 },
    );
  });
});
