import { describe, expect, it } from "vitest";
import type { SubField } from "../../worker/domain/configuration/document";
import type { Delta } from "../../worker/domain/policies/deltas";
import type { Coverage, Segment } from "../../worker/domain/policies/segments";
import {
  legacyEndorsementDeltas,
  type StoredVersion,
  transactionLog,
} from "../../worker/domain/policies/transaction-log";
import {
  type PlanContext,
  type PlanRequest,
  planTransaction,
  type TransactionPlan,
} from "../../worker/domain/policies/transaction-plan";

/**
 * The planner worked by hand: the example (issue 8), the example of CONTRACT section 4, the
 * refusals, cancel and reinstate on top of the replayed state, repaired values, and versions stored
 * before deltas were recorded.
 */

const NY = "America/New_York";
const field = (referenceId: string, kind: "Integer" | "String" | "Currency"): SubField => ({
  referenceId,
  label: referenceId,
  description: null,
  typeInfo: { kind },
  required: false,
  readOnly: false,
  writePermission: null,
  computedDefault: null,
  generatedAt: null,
});
const CONTEXT: PlanContext = {
  policyFields: [field("limit", "Integer"), field("note", "String"), field("cap", "Currency")],
  exposureFields: [],
  optionSets: [],
  // After every date below: cancellations are in force, none pending (see "pending cancellations").
  now: new Date("2028-01-01T12:00:00Z"),
};

const date = (day: string) => ({ date: day, timezone: NY });
const limit = (value: number): Delta => ({ path: "policy.limit", value });
const note = (value: string): Delta => ({ path: "policy.note", value });
const termEnd = (day: string): Delta => ({ path: "policy.policyEndDate", value: date(day) });

const endorse = (effectiveDate: string, ...deltas: Delta[]): PlanRequest => ({
  action: "ENDORSE",
  effectiveDate,
  deltas,
});
const cancel = (effectiveDate: string): PlanRequest => ({ action: "CANCEL", effectiveDate });
const REINSTATE: PlanRequest = { action: "REINSTATE" };

function accepted(plan: TransactionPlan) {
  if (!plan.ok) throw new Error(`refused: ${JSON.stringify(plan.refusal)}`);
  return plan;
}

/** A policy as the transaction operation holds it: its stored versions, planned one after another. */
class Policy {
  readonly versions: StoredVersion[] = [];

  constructor(data: Record<string, unknown> = {}, term = { start: "2026-01-01", end: "2027-01-01" }) {
    const plan = accepted(
      planTransaction(
        null,
        {
          action: "NEW_BUSINESS",
          data: { policyStartDate: date(term.start), policyEndDate: date(term.end), limit: 100, ...data },
          termStart: term.start,
          termEnd: term.end,
        },
        CONTEXT,
      ),
    );
    this.store("NEW_BUSINESS", plan);
  }

  get coverage(): Coverage {
    const current = this.versions.at(-1);
    if (!current) throw new Error("no version");
    return current.coverage;
  }

  plan(request: PlanRequest, context = CONTEXT): TransactionPlan {
    return planTransaction({ coverage: this.coverage, log: transactionLog(this.versions) }, request, context);
  }

  apply(request: PlanRequest, context = CONTEXT): Coverage {
    return this.store(request.action, accepted(this.plan(request, context)));
  }

  private store(action: StoredVersion["action"], plan: Extract<TransactionPlan, { ok: true }>) {
    this.versions.push({
      version: this.versions.length + 1,
      action,
      transactionTimestamp: new Date(Date.UTC(2026, 0, 1, 0, this.versions.length)).toISOString(),
      effectiveDate: plan.effectiveDate,
      deltas: plan.deltas,
      coverage: plan.coverage,
    });
    return plan.coverage;
  }
}

const rows = (segments: readonly Segment[], ...members: string[]) =>
  segments.map((s) => [s.startDate, s.endDate, ...members.map((m) => s.data[m])]);

describe("the issue's example: a backdated endorsement keeps later changes in force from their dates", () => {
  it("limit 100; 1 Jun limit 200; 1 Mar a note; 1 Feb limit 150 → 100, 150, 150 + note, 200 + note", () => {
    const policy = new Policy();
    expect(rows(policy.apply(endorse("2026-06-01", limit(200))).segments, "limit", "note")).toEqual([
      ["2026-01-01", "2026-06-01", 100, undefined],
      ["2026-06-01", "2027-01-01", 200, undefined],
    ]);
    expect(rows(policy.apply(endorse("2026-03-01", note("x"))).segments, "limit", "note")).toEqual([
      ["2026-01-01", "2026-03-01", 100, undefined],
      ["2026-03-01", "2026-06-01", 100, "x"],
      ["2026-06-01", "2027-01-01", 200, "x"],
    ]);
    // Reverse and reapply: 150 from 1 Feb, then the 1 Mar note and the 1 Jun limit again over it.
    expect(rows(policy.apply(endorse("2026-02-01", limit(150))).segments, "limit", "note")).toEqual([
      ["2026-01-01", "2026-02-01", 100, undefined],
      ["2026-02-01", "2026-03-01", 150, undefined],
      ["2026-03-01", "2026-06-01", 150, "x"],
      ["2026-06-01", "2027-01-01", 200, "x"],
    ]);
  });

  it("records what replays it: the deltas of an endorsement, nothing for the other transactions", () => {
    const policy = new Policy();
    policy.apply(endorse("2026-06-01", limit(200)));
    policy.apply(cancel("2026-07-01"));
    policy.apply(REINSTATE);
    expect(policy.versions.map((v) => [v.action, v.effectiveDate, v.deltas])).toEqual([
      ["NEW_BUSINESS", "2026-01-01", null],
      ["ENDORSE", "2026-06-01", [limit(200)]],
      ["CANCEL", "2026-07-01", null],
      ["REINSTATE", "2026-07-01", null],
    ]);
  });
});

describe("CONTRACT section 4: limit 100; endorse 1 Jun limit 200; then endorse 1 Feb limit 150", () => {
  it("gives 100 until 1 Feb, 150 until 1 Jun, 200 after", () => {
    const policy = new Policy();
    policy.apply(endorse("2026-06-01", limit(200)));
    expect(rows(policy.apply(endorse("2026-02-01", limit(150))).segments, "limit")).toEqual([
      ["2026-01-01", "2026-02-01", 100],
      ["2026-02-01", "2026-06-01", 150],
      ["2026-06-01", "2027-01-01", 200],
    ]);
  });
});

describe("replay order", () => {
  it("within one effective date follows issue order: the endorsement issued last wins from that date", () => {
    const policy = new Policy();
    policy.apply(endorse("2026-05-01", limit(200)));
    expect(rows(policy.apply(endorse("2026-05-01", limit(300))).segments, "limit")).toEqual([
      ["2026-01-01", "2026-05-01", 100],
      ["2026-05-01", "2027-01-01", 300],
    ]);
    // Issued later but effective earlier: it goes before both of 1 May.
    expect(rows(policy.apply(endorse("2026-03-01", limit(150))).segments, "limit")).toEqual([
      ["2026-01-01", "2026-03-01", 100],
      ["2026-03-01", "2026-05-01", 150],
      ["2026-05-01", "2027-01-01", 300],
    ]);
  });

  it("a member write effective later is applied again over a backdated whole value", () => {
    const policy = new Policy({ cap: { code: "USD", value: 1 } });
    policy.apply(endorse("2026-06-01", { path: "policy.cap.value", value: 5 }));
    const coverage = policy.apply(endorse("2026-02-01", { path: "policy.cap", value: { code: "EUR", value: 2 } }));
    expect(rows(coverage.segments, "cap")).toEqual([
      ["2026-01-01", "2026-02-01", { code: "USD", value: 1 }],
      ["2026-02-01", "2026-06-01", { code: "EUR", value: 2 }],
      ["2026-06-01", "2027-01-01", { code: "EUR", value: 5 }],
    ]);
  });
});

describe("term-end changes out of sequence", () => {
  it("a later-effective term end stays the term end, and every segment states it", () => {
    const policy = new Policy();
    policy.apply(endorse("2026-06-01", termEnd("2026-10-01")));
    const coverage = policy.apply(endorse("2026-03-01", termEnd("2027-06-01"), limit(150)));
    expect(coverage.termEnd).toBe("2026-10-01");
    // One term for the whole policy (issue 9): before, each segment said the end in force on its days
    // (2027-01-01, 2027-06-01, 2026-10-01), so segments disagreed about when the policy ends; now the
    // last two differ in nothing else and read as one.
    expect(rows(coverage.segments, "limit", "policyEndDate")).toEqual([
      ["2026-01-01", "2026-03-01", 100, date("2026-10-01")],
      ["2026-03-01", "2026-10-01", 150, date("2026-10-01")],
    ]);
  });

  it("a backdated extension lets a later endorsement that extends again keep its term", () => {
    const policy = new Policy();
    policy.apply(endorse("2026-12-01", termEnd("2027-03-01")));
    const coverage = policy.apply(endorse("2026-04-01", termEnd("2026-12-15")));
    expect(coverage.termEnd).toBe("2027-03-01");
    expect(coverage.segments.at(-1)?.endDate).toBe("2027-03-01");
  });

  it("refuses a backdated term end that would end the term before a later endorsement (400, policyEndDate)", () => {
    const policy = new Policy();
    policy.apply(endorse("2026-06-01", limit(200)));
    expect(policy.plan(endorse("2026-03-01", termEnd("2026-05-01")))).toEqual({
      ok: false,
      refusal: {
        kind: "date",
        field: "policyEndDate",
        message: "policyEndDate 2026-05-01 would end the term before the endorsement effective 2026-06-01 (version 2)",
      },
    });
    // Ending the term after the later endorsement is fine, and that endorsement's data carries on to it
    // (every segment states the one term end, so nothing but the limit divides them).
    const coverage = policy.apply(endorse("2026-03-01", termEnd("2026-07-01")));
    expect(rows(coverage.segments, "limit")).toEqual([
      ["2026-01-01", "2026-06-01", 100],
      ["2026-06-01", "2026-07-01", 200],
    ]);
  });
});

describe("refusals are returned, with the messages the service has always answered", () => {
  it("dates outside the term and a term end not after the effective date: kind date", () => {
    const policy = new Policy();
    const outside = {
      kind: "date",
      field: "effectiveDate",
      message: "effectiveDate 2025-12-31 is outside the policy term 2026-01-01 to 2027-01-01",
    };
    expect(policy.plan(endorse("2025-12-31", limit(1)))).toEqual({ ok: false, refusal: outside });
    expect(policy.plan(endorse("2027-01-01", limit(1)))).toMatchObject({ ok: false, refusal: { kind: "date" } });
    expect(policy.plan(cancel("2025-12-31"))).toEqual({ ok: false, refusal: outside });
    expect(policy.plan(endorse("2026-09-01", termEnd("2026-08-01")))).toEqual({
      ok: false,
      refusal: {
        kind: "date",
        field: "policyEndDate",
        message: "policyEndDate must be after the endorsement's effectiveDate 2026-09-01",
      },
    });
    expect(
      planTransaction(
        null,
        { action: "NEW_BUSINESS", data: {}, termStart: "2026-01-01", termEnd: "2026-01-01" },
        CONTEXT,
      ),
    ).toEqual({
      ok: false,
      refusal: { kind: "date", field: "policyEndDate", message: "policyEndDate must be after policyStartDate" },
    });
  });

  it("transitions the policy's state forbids: kind state", () => {
    const policy = new Policy();
    expect(policy.plan(REINSTATE)).toEqual({
      ok: false,
      refusal: { kind: "state", field: "action", message: "Only a cancelled policy can be reinstated" },
    });
    policy.apply(cancel("2026-04-01"));
    expect(policy.plan(endorse("2026-02-01", limit(1)))).toEqual({
      ok: false,
      refusal: {
        kind: "state",
        field: "effectiveDate",
        message: "A cancelled policy cannot be endorsed; reinstate it first",
      },
    });
    expect(policy.plan(cancel("2026-03-01"))).toEqual({
      ok: false,
      refusal: { kind: "state", field: "effectiveDate", message: "The policy is already cancelled" },
    });
  });

  it("deltas that cannot be applied, here or by a later endorsement applied again over them: kind delta", () => {
    const policy = new Policy({ cap: { code: "USD", value: 1 } });
    expect(policy.plan(endorse("2026-02-01", { path: "policy.limit.amount", value: 5 }))).toEqual({
      ok: false,
      refusal: { kind: "delta", problems: [{ path: "policy.limit", problem: "must be a whole number" }] },
    });
    policy.apply(endorse("2026-06-01", { path: "policy.cap.value", value: 5 }));
    const refused = policy.plan(endorse("2026-02-01", { path: "policy.cap", value: 100 }));
    expect(refused).toMatchObject({ ok: false, refusal: { kind: "delta", problems: [{ path: "policy.cap" }] } });
    expect(JSON.stringify(refused)).toContain(
      "once the endorsement effective 2026-06-01 (version 2) is applied again over this one",
    );
  });
});

describe("cancel and reinstate keep their meaning on top of the replayed state", () => {
  it("a cancellation ends the replayed coverage; reinstatement restores it; a later backdated change replays", () => {
    const policy = new Policy();
    policy.apply(endorse("2026-06-01", limit(200)));
    const cancelled = policy.apply(cancel("2026-08-01"));
    expect(rows(cancelled.segments, "limit")).toEqual([
      ["2026-01-01", "2026-06-01", 100],
      ["2026-06-01", "2026-08-01", 200],
    ]);
    expect(policy.apply(REINSTATE).segments).toEqual(policy.versions[1]?.coverage.segments);
    expect(rows(policy.apply(endorse("2026-02-01", limit(150))).segments, "limit")).toEqual([
      ["2026-01-01", "2026-02-01", 100],
      ["2026-02-01", "2026-06-01", 150],
      ["2026-06-01", "2027-01-01", 200],
    ]);
    expect(rows(policy.apply(cancel("2026-04-01")).segments, "limit")).toEqual([
      ["2026-01-01", "2026-02-01", 100],
      ["2026-02-01", "2026-04-01", 150],
    ]);
  });
});

describe("values repaired in place (staff fieldValues repair) stay in force", () => {
  it("wherever no endorsement sets them again", () => {
    const policy = new Policy({ note: "typo" });
    policy.apply(endorse("2026-06-01", limit(200)));
    // The repair rewrites the current version's stored segments, not the log.
    const current = policy.versions[1];
    if (!current) throw new Error("no version 2");
    current.coverage = {
      ...current.coverage,
      segments: current.coverage.segments.map((s) => ({ ...s, data: { ...s.data, note: "fixed" } })),
    };
    const coverage = policy.apply(endorse("2026-02-01", limit(150)));
    expect(rows(coverage.segments, "limit", "note")).toEqual([
      ["2026-01-01", "2026-02-01", 100, "fixed"],
      ["2026-02-01", "2026-06-01", 150, "fixed"],
      ["2026-06-01", "2027-01-01", 200, "fixed"],
    ]);
  });
});

describe("versions stored before deltas were recorded (migration 0005)", () => {
  const seg = (startDate: string, endDate: string, data: Record<string, unknown>): Segment => ({
    startDate,
    endDate,
    data: {
      policyStartDate: date("2026-01-01"),
      policyEndDate: date("2027-01-01"),
      primaryInsuredName: null,
      primaryInsuredId: null,
      ...data,
    },
  });
  const coverage = (...segments: Segment[]): Coverage => ({
    termStart: "2026-01-01",
    termEnd: segments.at(-1)?.endDate ?? "2027-01-01",
    segments,
    cancellation: null,
  });
  const legacy = (version: number, action: StoredVersion["action"], effectiveDate: string, stored: Coverage) => ({
    version,
    action,
    transactionTimestamp: `2026-01-0${version}T00:00:00.000Z`,
    effectiveDate,
    deltas: null,
    coverage: stored,
  });

  it("derive an endorsement's deltas: each field it changed, whole, as in force on its effective date", () => {
    const before = coverage(seg("2026-01-01", "2027-01-01", { limit: 100, cap: { code: "USD", value: 1 } }));
    // Written by a member path (policy.cap.value) and a whole value, with the derived insured resolved again.
    const after = coverage(
      seg("2026-01-01", "2026-05-01", { limit: 100, cap: { code: "USD", value: 1 } }),
      seg("2026-05-01", "2027-01-01", {
        limit: 7,
        cap: { code: "USD", value: 9 },
        primaryInsuredName: "A",
        note: null,
      }),
    );
    expect(legacyEndorsementDeltas(before, after, "2026-05-01")).toEqual([
      { path: "policy.limit", value: 7 },
      { path: "policy.cap", value: { code: "USD", value: 9 } },
      { path: "policy.note", value: null },
    ]);
    const log = transactionLog([
      legacy(1, "NEW_BUSINESS", "2026-01-01", before),
      legacy(2, "ENDORSE", "2026-05-01", after),
    ]);
    expect(log[1]).toMatchObject({ action: "ENDORSE", deltasFrom: "derived", termEnd: null });
  });

  it("read a term-end change from the segments", () => {
    const before = coverage(seg("2026-01-01", "2027-01-01", { limit: 100 }));
    const after = coverage(
      seg("2026-01-01", "2026-05-01", { limit: 100 }),
      seg("2026-05-01", "2027-03-01", { limit: 100, policyEndDate: date("2027-03-01") }),
    );
    const log = transactionLog([
      legacy(1, "NEW_BUSINESS", "2026-01-01", before),
      legacy(2, "ENDORSE", "2026-05-01", after),
    ]);
    expect(log[1]).toMatchObject({
      deltas: [{ path: "policy.policyEndDate", value: date("2027-03-01") }],
      termEnd: "2027-03-01",
    });
  });

  it("replay under a backdated endorsement; the old engine's lost change comes back once one reaches behind it", () => {
    // The history as the old engine stored it: the 1 Feb endorsement overwrote June's 200.
    const v1 = coverage(seg("2026-01-01", "2027-01-01", { limit: 100 }));
    const v2 = coverage(
      seg("2026-01-01", "2026-06-01", { limit: 100 }),
      seg("2026-06-01", "2027-01-01", { limit: 200 }),
    );
    const v3 = coverage(
      seg("2026-01-01", "2026-03-01", { limit: 100 }),
      seg("2026-03-01", "2026-06-01", { limit: 100, note: "x" }),
      seg("2026-06-01", "2027-01-01", { limit: 200, note: "x" }),
    );
    const v4 = coverage(
      seg("2026-01-01", "2026-02-01", { limit: 100 }),
      seg("2026-02-01", "2026-03-01", { limit: 150 }),
      seg("2026-03-01", "2027-01-01", { limit: 150, note: "x" }),
    );
    const versions: StoredVersion[] = [
      legacy(1, "NEW_BUSINESS", "2026-01-01", v1),
      legacy(2, "ENDORSE", "2026-06-01", v2),
      legacy(3, "ENDORSE", "2026-03-01", v3),
      legacy(4, "ENDORSE", "2026-02-01", v4),
    ];
    const log = transactionLog(versions);
    expect(log.map((t) => (t.action === "ENDORSE" ? [t.effectiveDate, t.deltas] : t.action))).toEqual([
      "NEW_BUSINESS",
      ["2026-06-01", [limit(200)]],
      ["2026-03-01", [note("x")]],
      ["2026-02-01", [{ path: "policy.limit", value: 150 }]],
    ]);

    // An endorsement after all of them changes only its own days: the stored segments stand.
    const later = accepted(planTransaction({ coverage: v4, log }, endorse("2026-09-01", note("y")), CONTEXT));
    expect(rows(later.coverage.segments, "limit", "note")).toEqual([
      ["2026-01-01", "2026-02-01", 100, undefined],
      ["2026-02-01", "2026-03-01", 150, undefined],
      ["2026-03-01", "2026-09-01", 150, "x"],
      ["2026-09-01", "2027-01-01", 150, "y"],
    ]);
    // One effective before them applies them again in effective order: June's 200 is back from 1 Jun.
    const backdated = accepted(planTransaction({ coverage: v4, log }, endorse("2026-01-15", note("z")), CONTEXT));
    expect(rows(backdated.coverage.segments, "limit", "note")).toEqual([
      ["2026-01-01", "2026-01-15", 100, undefined],
      ["2026-01-15", "2026-02-01", 100, "z"],
      ["2026-02-01", "2026-03-01", 150, "z"],
      ["2026-03-01", "2026-06-01", 150, "x"],
      ["2026-06-01", "2027-01-01", 200, "x"],
    ]);
  });

  it("mix with recorded ones: only the versions without deltas get derived ones", () => {
    const v1 = coverage(seg("2026-01-01", "2027-01-01", { limit: 100 }));
    const v2 = coverage(
      seg("2026-01-01", "2026-06-01", { limit: 100 }),
      seg("2026-06-01", "2027-01-01", { limit: 200 }),
    );
    const policy = new Policy();
    policy.versions.splice(0, 1, legacy(1, "NEW_BUSINESS", "2026-01-01", v1), legacy(2, "ENDORSE", "2026-06-01", v2));
    policy.apply(endorse("2026-08-01", note("n")));
    expect(transactionLog(policy.versions).map((t) => (t.action === "ENDORSE" ? t.deltasFrom : t.action))).toEqual([
      "NEW_BUSINESS",
      "derived",
      "recorded",
    ]);
    expect(rows(policy.apply(endorse("2026-02-01", limit(150))).segments, "limit", "note")).toEqual([
      ["2026-01-01", "2026-02-01", 100, undefined],
      ["2026-02-01", "2026-06-01", 150, undefined],
      ["2026-06-01", "2026-08-01", 200, undefined],
      ["2026-08-01", "2027-01-01", 200, "n"],
    ]);
  });
});

describe("transaction rules of CONTRACT section 4 the planner enforces (issue 9)", () => {
  const onDay = (day: string): PlanContext => ({ ...CONTEXT, now: new Date(`${day}T12:00:00Z`) });
  const spans = (segments: readonly Segment[]) => segments.map((s) => [s.startDate, s.endDate, s.data.limit]);

  it("a cancellation effective after today is pending: endorsements before its date apply to the whole term", () => {
    const policy = new Policy();
    const today = onDay("2026-03-01");
    policy.apply(cancel("2026-09-01"), today);
    const endorsed = policy.apply(endorse("2026-06-01", limit(200)), today);
    expect(spans(endorsed.segments)).toEqual([
      ["2026-01-01", "2026-06-01", 100],
      ["2026-06-01", "2026-09-01", 200],
    ]);
    expect(endorsed.cancellation?.effectiveDate).toBe("2026-09-01");
    expect(spans(endorsed.cancellation?.restore ?? [])).toEqual([
      ["2026-01-01", "2026-06-01", 100],
      ["2026-06-01", "2027-01-01", 200],
    ]);
    expect(policy.plan(endorse("2026-09-01", limit(1)), today)).toEqual({
      ok: false,
      refusal: {
        kind: "date",
        field: "effectiveDate",
        message:
          "effectiveDate 2026-09-01 is not before the pending cancellation effective 2026-09-01; reinstate first",
      },
    });
    expect(policy.plan(endorse("2026-05-01", termEnd("2026-08-01")), today)).toMatchObject({
      ok: false,
      refusal: { kind: "date", field: "policyEndDate" },
    });
    expect(policy.plan(cancel("2026-04-01"), today)).toEqual({
      ok: false,
      refusal: {
        kind: "state",
        field: "effectiveDate",
        message: "The policy already has a cancellation pending from 2026-09-01",
      },
    });
    // From the cancellation's date on it is in force: the policy is cancelled and cannot be endorsed.
    expect(policy.plan(endorse("2026-02-01", limit(1)), onDay("2026-09-01"))).toMatchObject({
      ok: false,
      refusal: { kind: "state" },
    });
    const reinstated = policy.apply(REINSTATE, today);
    expect(reinstated.cancellation).toBeNull();
    expect(spans(reinstated.segments)).toEqual([
      ["2026-01-01", "2026-06-01", 100],
      ["2026-06-01", "2027-01-01", 200],
    ]);
  });

  it("a cancellation lies inside the term: on the term end there is nothing left to cancel", () => {
    const policy = new Policy();
    expect(policy.plan(cancel("2027-01-01"))).toEqual({
      ok: false,
      refusal: {
        kind: "date",
        field: "effectiveDate",
        message: "effectiveDate 2027-01-01 is not before the end of coverage 2027-01-01: nothing is left to cancel",
      },
    });
    expect(policy.apply(cancel("2026-12-31")).cancellation?.effectiveDate).toBe("2026-12-31");
  });

  it("refuses pricing whose rollups go negative from the endorsement on, and a term end in another zone", () => {
    const policy = new Policy({ fullTermPricingInfo: { pricingComponents: [], premium: 0 } });
    const pricing = (value: number) => ({
      path: "policy.fullTermPricingInfo",
      value: {
        pricingComponents: [
          { label: "Base", group: "p", kind: "Premium", value: 100 },
          { label: "Discount", group: "p", kind: "Premium", value },
        ],
      },
    });
    // A discount may be negative; the kind's sum may not.
    expect(policy.plan(endorse("2026-03-01", pricing(-40))).ok).toBe(true);
    expect(policy.plan(endorse("2026-03-01", pricing(-140)))).toEqual({
      ok: false,
      refusal: {
        kind: "delta",
        problems: [
          {
            path: "policy.fullTermPricingInfo.premium",
            problem: "must not be negative: the components of its kind sum to -40",
          },
        ],
      },
    });
    const london = { path: "policy.policyEndDate", value: { date: "2027-02-01", timezone: "Europe/London" } };
    expect(policy.plan(endorse("2026-03-01", london))).toEqual({
      ok: false,
      refusal: {
        kind: "delta",
        problems: [
          {
            path: "policy.policyEndDate",
            problem: "must be in the policy's time zone America/New_York, like policyStartDate",
          },
        ],
      },
    });
  });
});
