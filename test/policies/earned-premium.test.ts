import { describe, expect, it } from "vitest";
import { createCompany, expectError, type TestCompany } from "../support/harness";

/**
 * GET P/policies/earned-premium?asOf= (issue 5 item 9). The main policy runs 2025-01-01 to 2026-01-01
 * (365 days): premium 36,500.00 earns 10,000 cents a day, broker commission 1,000 cents a day.
 */
const TERM = { start: "2025-01-01", end: "2026-01-01" };
const COMPONENTS = [
  { label: "Base premium", group: "premium", kind: "Premium", value: 36500 },
  { label: "State tax", group: "taxes", kind: "Taxes", value: 1000.01, earningBasis: "pro-rata" },
  { label: "Policy fee", group: "fees", kind: "Fees", value: 250, earningBasis: "fully-earned-at-inception" },
  { label: "Broker", group: "commission", kind: "BrokerCommission", value: 3650 },
  { label: "Inspection", group: "other", kind: "Other", value: 99.99 },
];
const ZERO = { writtenCents: 0, earnedCents: 0, unearnedCents: 0 };
const stamp = () => new Date().toISOString();
const day = (date: string) => ({ date, timezone: "America/New_York" });

async function setUp() {
  const company = await createCompany();
  const key = await company.key(["Admin"]);
  return { company, key };
}

async function newBusiness(company: TestCompany, key: string, components: unknown[] = COMPONENTS, term = TERM) {
  const res = await company.call("POST", "/policies/transaction/new-business", key, {
    body: {
      transactionTimestamp: stamp(),
      displayAuthor: "Underwriter",
      data: {
        policyStartDate: day(term.start),
        policyEndDate: day(term.end),
        fullTermPricingInfo: { pricingComponents: components },
      },
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as { policyId: string; policyNumber: string };
}

async function report(company: TestCompany, key: string, query: string) {
  const res = await company.call("GET", `/policies/earned-premium?${query}`, key);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
}

async function earningsOf(company: TestCompany, key: string, policyId: string, asOf: string) {
  const json = await report(company, key, `asOf=${asOf}&policyId=${policyId}`);
  expect(json.items).toHaveLength(1);
  return json.items[0];
}

describe("pro-rata components earn by day over the term", () => {
  it("mid-term: earned for the days before asOf, unearned the rest, per component, kind and policy", async () => {
    const { company, key } = await setUp();
    const policy = await newBusiness(company, key);
    const item = await earningsOf(company, key, policy.policyId, "2025-04-11");
    expect(item).toMatchObject({
      policyId: policy.policyId,
      policyNumber: policy.policyNumber,
      version: 1,
      status: "active",
      termStart: "2025-01-01",
      termEnd: "2026-01-01",
      coverageEnd: "2026-01-01",
      termDays: 365,
      elapsedDays: 100,
    });
    expect(item.byKind).toEqual({
      Premium: { writtenCents: 3_650_000, earnedCents: 1_000_000, unearnedCents: 2_650_000 },
      // 1000.01 over 365 days: floor(100001 × 100 ÷ 365) = 27397 earned; unearned takes the remainder.
      Taxes: { writtenCents: 100_001, earnedCents: 27_397, unearnedCents: 72_604 },
      Fees: { writtenCents: 25_000, earnedCents: 25_000, unearnedCents: 0 },
      BrokerCommission: { writtenCents: 365_000, earnedCents: 100_000, unearnedCents: 265_000 },
      ProgramCommission: ZERO,
    });
    expect(item.totals).toEqual({ writtenCents: 3_775_001, earnedCents: 1_052_397, unearnedCents: 2_722_604 });
    expect(item.components).toEqual([
      {
        label: "Base premium",
        group: "premium",
        kind: "Premium",
        earningBasis: "pro-rata",
        writtenCents: 3_650_000,
        earnedCents: 1_000_000,
        unearnedCents: 2_650_000,
      },
      {
        label: "State tax",
        group: "taxes",
        kind: "Taxes",
        earningBasis: "pro-rata",
        writtenCents: 100_001,
        earnedCents: 27_397,
        unearnedCents: 72_604,
      },
      {
        label: "Broker",
        group: "commission",
        kind: "BrokerCommission",
        earningBasis: "pro-rata",
        writtenCents: 365_000,
        earnedCents: 100_000,
        unearnedCents: 265_000,
      },
      {
        label: "Policy fee",
        group: "fees",
        kind: "Fees",
        earningBasis: "fully-earned-at-inception",
        writtenCents: 25_000,
        earnedCents: 25_000,
        unearnedCents: 0,
      },
    ]);
  });

  it("kind Other is reported apart, never earned and never in the totals", async () => {
    const { company, key } = await setUp();
    const policy = await newBusiness(company, key);
    const item = await earningsOf(company, key, policy.policyId, "2027-01-01");
    expect(item.otherCents).toBe(9_999);
    expect(item.components.map((c: { kind: string }) => c.kind)).not.toContain("Other");
    expect(item.byKind).not.toHaveProperty("Other");
    expect(item.totals.writtenCents).toBe(3_650_000 + 100_001 + 25_000);
  });

  it("before inception nothing is earned, not even fully-earned components", async () => {
    const { company, key } = await setUp();
    const policy = await newBusiness(company, key);
    const item = await earningsOf(company, key, policy.policyId, "2024-12-31");
    expect(item.elapsedDays).toBe(0);
    expect(item.totals).toEqual({ writtenCents: 3_775_001, earnedCents: 0, unearnedCents: 3_775_001 });
    expect(item.byKind.Fees).toEqual({ writtenCents: 25_000, earnedCents: 0, unearnedCents: 25_000 });
  });

  it("on the first day fully-earned components are earned whole and pro-rata ones not yet", async () => {
    const { company, key } = await setUp();
    const policy = await newBusiness(company, key);
    const item = await earningsOf(company, key, policy.policyId, "2025-01-01");
    expect(item.byKind.Fees).toEqual({ writtenCents: 25_000, earnedCents: 25_000, unearnedCents: 0 });
    expect(item.byKind.Premium).toEqual({ writtenCents: 3_650_000, earnedCents: 0, unearnedCents: 3_650_000 });
  });

  it("on and after the term end everything written is earned", async () => {
    const { company, key } = await setUp();
    const policy = await newBusiness(company, key);
    for (const asOf of ["2026-01-01", "2030-06-15"]) {
      const item = await earningsOf(company, key, policy.policyId, asOf);
      expect(item.elapsedDays).toBe(365);
      expect(item.totals).toEqual({ writtenCents: 3_775_001, earnedCents: 3_775_001, unearnedCents: 0 });
      expect(item.byKind.Taxes).toEqual({ writtenCents: 100_001, earnedCents: 100_001, unearnedCents: 0 });
    }
  });
});

describe("endorsements weight each segment's full-term value by its days", () => {
  it("a mid-term premium change writes and earns each segment at its own rate", async () => {
    const { company, key } = await setUp();
    const policy = await newBusiness(company, key);
    const doubled = COMPONENTS.map((c) => (c.kind === "Premium" ? { ...c, value: 73000 } : c));
    const endorsed = await company.call("POST", `/policies/${policy.policyId}/transaction/endorse`, key, {
      body: {
        transactionTimestamp: stamp(),
        displayAuthor: "Underwriter",
        effectiveDate: day("2025-07-02"),
        deltas: [{ path: "policy.fullTermPricingInfo", value: { pricingComponents: doubled } }],
      },
    });
    expect(endorsed.status, JSON.stringify(endorsed.json)).toBe(200);
    expect(endorsed.json.segments).toHaveLength(2);

    const item = await earningsOf(company, key, policy.policyId, "2025-10-10");
    expect(item.version).toBe(2);
    // 182 days at 10,000 cents a day, then 183 days at 20,000; 282 days elapsed.
    expect(item.byKind.Premium).toEqual({
      writtenCents: 1_820_000 + 3_660_000,
      earnedCents: 1_820_000 + 2_000_000,
      unearnedCents: 1_660_000,
    });
    // The tax did not change: its two segments add exactly to its full-term amount (no cent lost to the split).
    expect(item.byKind.Taxes).toEqual({ writtenCents: 100_001, earnedCents: 77_261, unearnedCents: 22_740 });
    expect(item.byKind.Fees).toEqual({ writtenCents: 25_000, earnedCents: 25_000, unearnedCents: 0 });
  });
});

describe("cancellation stops earning at its date; reinstatement restores the coverage", () => {
  it("written shrinks to the pro-rata part up to the cancellation plus fully-earned parts, then comes back", async () => {
    const { company, key } = await setUp();
    const policy = await newBusiness(company, key);
    const cancelled = await company.call("POST", `/policies/${policy.policyId}/transaction/cancel`, key, {
      body: { transactionTimestamp: stamp(), displayAuthor: "Underwriter", effectiveDate: day("2025-04-11") },
    });
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);

    const during = await earningsOf(company, key, policy.policyId, "2025-02-20");
    // The status is the policy's as of asOf (issue 9): on 20 Feb the cancellation of 11 Apr was still ahead.
    expect(during).toMatchObject({
      version: 2,
      status: "active",
      coverageEnd: "2025-04-11",
      termEnd: "2026-01-01",
      elapsedDays: 50,
    });
    expect(during.byKind.Premium).toEqual({ writtenCents: 1_000_000, earnedCents: 500_000, unearnedCents: 500_000 });
    // 1000.01 for 100 of 365 days: 10,000,100 ÷ 365 = 27,397.53 is written, rounded half to even: 27,398
    // (issue 9; rounded toward zero before, 27,397). Earned after 50 days: 5,000,050 ÷ 365 = 13,698.77,
    // rounded toward zero: 13,698.
    expect(during.byKind.Taxes).toEqual({ writtenCents: 27_398, earnedCents: 13_698, unearnedCents: 13_700 });
    expect(during.byKind.Fees).toEqual({ writtenCents: 25_000, earnedCents: 25_000, unearnedCents: 0 });

    const after = await earningsOf(company, key, policy.policyId, "2025-12-01");
    expect(after.elapsedDays).toBe(100);
    expect(after.status).toBe("cancelled");
    expect(after.totals).toEqual({
      writtenCents: 1_000_000 + 27_398 + 25_000,
      earnedCents: 1_000_000 + 27_398 + 25_000,
      unearnedCents: 0,
    });

    const reinstated = await company.call("POST", `/policies/${policy.policyId}/transaction/reinstate`, key, {
      body: { transactionTimestamp: stamp(), displayAuthor: "Underwriter" },
    });
    expect(reinstated.status, JSON.stringify(reinstated.json)).toBe(200);
    const restored = await earningsOf(company, key, policy.policyId, "2025-12-01");
    expect(restored).toMatchObject({ version: 3, status: "active", coverageEnd: "2026-01-01", elapsedDays: 334 });
    expect(restored.byKind.Premium).toEqual({
      writtenCents: 3_650_000,
      earnedCents: 3_340_000,
      unearnedCents: 310_000,
    });
  });
});

describe("a fully-earned component is kept when later pricing omits it (CONTRACT section 4)", () => {
  it("stays written through same-day endorsements, leaves with a flat cancellation and comes back on reinstatement", async () => {
    const { company, key } = await setUp();
    const premium = { label: "Base premium", group: "premium", kind: "Premium", value: 3650 };
    const fee = (value: number) => ({
      label: "Policy fee",
      group: "fees",
      kind: "Fees",
      value,
      earningBasis: "fully-earned-at-inception",
    });
    const policy = await newBusiness(company, key, [premium, fee(100)]);
    const path = `/policies/${policy.policyId}/transaction`;
    const endorse = async (effectiveDate: string, components: unknown[]) => {
      const res = await company.call("POST", `${path}/endorse`, key, {
        body: {
          transactionTimestamp: stamp(),
          displayAuthor: "Underwriter",
          effectiveDate: day(effectiveDate),
          deltas: [{ path: "policy.fullTermPricingInfo", value: { pricingComponents: components } }],
        },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    };
    const fees = async () => (await earningsOf(company, key, policy.policyId, "2025-03-01")).byKind.Fees;

    // v2, effective on the term start, drops the fee: the 10,000 cents v1 charged on 1 Jan stay written.
    await endorse("2025-01-01", [premium]);
    expect(await fees()).toEqual({ writtenCents: 10_000, earnedCents: 10_000, unearnedCents: 0 });
    // v3 brings it back at 150 on the same day: written rises to 15,000 (+5,000).
    await endorse("2025-01-01", [premium, fee(150)]);
    expect(await fees()).toEqual({ writtenCents: 15_000, earnedCents: 15_000, unearnedCents: 0 });
    // v4 lowers it to 80 from 2 Jul: it is earned, nothing comes back.
    await endorse("2025-07-02", [premium, fee(80)]);
    expect(await fees()).toEqual({ writtenCents: 15_000, earnedCents: 15_000, unearnedCents: 0 });

    // v5, flat: no day in force, so nothing is written; v6 restores the charge.
    const flat = await company.call("POST", `${path}/cancel`, key, {
      body: { transactionTimestamp: stamp(), displayAuthor: "Underwriter", effectiveDate: day("2025-01-01") },
    });
    expect(flat.status, JSON.stringify(flat.json)).toBe(200);
    expect(await fees()).toEqual(ZERO);
    const reinstated = await company.call("POST", `${path}/reinstate`, key, {
      body: { transactionTimestamp: stamp(), displayAuthor: "Underwriter" },
    });
    expect(reinstated.status, JSON.stringify(reinstated.json)).toBe(200);
    expect(await fees()).toEqual({ writtenCents: 15_000, earnedCents: 15_000, unearnedCents: 0 });

    // The bordereau's transaction fees by version add up to the 150.00 written: 100 + 0 + 50 + 0 - 150 + 150.
    const rows = await company.call("POST", "/policies/bordereau/rows", key, { body: {} });
    expect(rows.status, JSON.stringify(rows.json)).toBe(200);
    const column = (name: string) => rows.json.columns.findIndex((c: { key: string }) => c.key === name);
    const byVersion = (rows.json.rows as unknown[][])
      .map((row) => [row[column("version")], row[column("transactionFees")], row[column("transactionPremium")]])
      .sort((a, b) => Number(a[0]) - Number(b[0]));
    // The premium (1,000 cents a day for 365 days) is unchanged by the endorsements; the flat
    // cancellation returns all of it and the reinstatement writes it again.
    expect(byVersion).toEqual([
      [1, 100, 3650],
      [2, 0, 0],
      [3, 50, 0],
      [4, 0, 0],
      [5, -150, -3650],
      [6, 150, 3650],
    ]);
  });
});

describe("rounding: round-half-even cents, earned rounded down, unearned the remainder", () => {
  it("reads amounts on their decimal spelling and rounds half to even", async () => {
    const { company, key } = await setUp();
    const policy = await newBusiness(company, key, [
      {
        label: "Half down to even",
        group: "fees",
        kind: "Fees",
        value: 0.125,
        earningBasis: "fully-earned-at-inception",
      },
      { label: "Binary noise", group: "fees", kind: "Fees", value: 2.675, earningBasis: "fully-earned-at-inception" },
      { label: "Half up to even", group: "premium", kind: "Premium", value: 0.135 },
    ]);
    const item = await earningsOf(company, key, policy.policyId, "2026-02-01");
    expect(item.components.map((c: { label: string; writtenCents: number }) => [c.label, c.writtenCents])).toEqual([
      ["Half up to even", 14],
      ["Half down to even", 12],
      ["Binary noise", 268],
    ]);
  });

  it("prorates a value with a fraction of a cent exactly and rounds once: 10.005 for 183 of 365 days is 502", async () => {
    const { company, key } = await setUp();
    const policy = await newBusiness(company, key, [
      { label: "Sub-cent premium", group: "premium", kind: "Premium", value: 10.005 },
    ]);
    const cancelled = await company.call("POST", `/policies/${policy.policyId}/transaction/cancel`, key, {
      body: { transactionTimestamp: stamp(), displayAuthor: "Underwriter", effectiveDate: day("2025-07-03") },
    });
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    // 31 + 28 + 31 + 30 + 31 + 30 + 2 = 183 days in force: 1,000.5 × 183 ÷ 365 = 501.62 → 502 cents (rounding the
    // value to 1,000 cents first gave 501.37 → 501). Earned to 1 Apr (90 days): 1,000.5 × 90 ÷ 365 = 246.69 → 246.
    const item = await earningsOf(company, key, policy.policyId, "2025-04-01");
    expect(item.byKind.Premium).toEqual({ writtenCents: 502, earnedCents: 246, unearnedCents: 256 });
    // The cancellation's transaction premium on the bordereau: 502 − 1,000 (the whole term, 1,000.5 → 1,000).
    const rows = await company.call("POST", "/policies/bordereau/rows", key, { body: {} });
    expect(rows.status, JSON.stringify(rows.json)).toBe(200);
    const column = rows.json.columns.findIndex((c: { key: string }) => c.key === "transactionPremium");
    expect(rows.json.rows.map((row: number[]) => row[column]).sort((a: number, b: number) => a - b)).toEqual([
      -4.98, 10,
    ]);
  });

  it("earned + unearned = written exactly on every row", async () => {
    const { company, key } = await setUp();
    const policy = await newBusiness(company, key, [
      { label: "Odd", group: "premium", kind: "Premium", value: 1000.01 },
      { label: "Odder", group: "premium", kind: "Premium", value: 333.33 },
      { label: "Tax", group: "taxes", kind: "Taxes", value: 77.77 },
    ]);
    for (const asOf of ["2025-01-02", "2025-03-17", "2025-08-31", "2025-12-31"]) {
      const item = await earningsOf(company, key, policy.policyId, asOf);
      for (const row of [...item.components, ...Object.values(item.byKind), item.totals] as Array<{
        writtenCents: number;
        earnedCents: number;
        unearnedCents: number;
      }>) {
        expect(Number.isInteger(row.earnedCents)).toBe(true);
        expect(row.earnedCents + row.unearnedCents).toBe(row.writtenCents);
      }
    }
    const firstDay = await earningsOf(company, key, policy.policyId, "2025-01-02");
    // floor(100001 ÷ 365) = 273, floor(33333 ÷ 365) = 91: earned never runs ahead of the days.
    expect(firstDay.byKind.Premium.earnedCents).toBe(273 + 91);
  });

  it("a policy without pricing reports zeros", async () => {
    const { company, key } = await setUp();
    const res = await company.call("POST", "/policies/transaction/new-business", key, {
      body: {
        transactionTimestamp: stamp(),
        displayAuthor: "U",
        data: { policyStartDate: day(TERM.start), policyEndDate: day(TERM.end), fullTermPricingInfo: null },
      },
    });
    expect(res.status).toBe(200);
    const item = await earningsOf(company, key, res.json.policyId, "2025-06-01");
    expect(item.components).toEqual([]);
    expect(item.totals).toEqual(ZERO);
    expect(item.otherCents).toBe(0);
  });
});

describe("listing, filters and pagination", () => {
  it("orders by policy number, filters by policyId and clamps the page size", async () => {
    const { company, key } = await setUp();
    const a = await newBusiness(company, key);
    const b = await newBusiness(company, key, [{ label: "P", group: "p", kind: "Premium", value: 100 }]);
    const all = await report(company, key, "asOf=2025-06-01");
    expect(all).toMatchObject({ asOf: "2025-06-01", totalCount: 2, page: 1, pageSize: 50 });
    expect(all.items.map((i: { policyNumber: string }) => i.policyNumber)).toEqual(
      [a.policyNumber, b.policyNumber].sort(),
    );

    const second = await report(company, key, "asOf=2025-06-01&page=2&pageSize=1");
    expect(second).toMatchObject({ totalCount: 2, page: 2, pageSize: 1 });
    expect(second.items).toHaveLength(1);
    expect(second.items[0].policyNumber).toBe([a.policyNumber, b.policyNumber].sort()[1]);

    expect((await report(company, key, "asOf=2025-06-01&pageSize=5000")).pageSize).toBe(500);
    const one = await report(company, key, `asOf=2025-06-01&policyId=${b.policyId}`);
    expect(one.totalCount).toBe(1);
    expect(one.items[0].policyId).toBe(b.policyId);
  });

  it("is not mistaken for a policy id by GET /policies/{policyId}", async () => {
    const { company, key } = await setUp();
    const res = await company.call("GET", "/policies/earned-premium?asOf=2025-06-01", key);
    expect(res.status).toBe(200);
    expect(res.json.items).toEqual([]);
  });
});

describe("bad input is 400", () => {
  const NOT_A_DAY = "must be a civil day written YYYY-MM-DD that is a real calendar day";
  it.each([
    ["missing", "", "is required"],
    ["not a day", "asOf=soon", NOT_A_DAY],
    ["slashes", "asOf=2025/06/01", NOT_A_DAY],
    ["not a real day", "asOf=2025-02-30", NOT_A_DAY],
  ])("asOf %s", async (_, query, problem) => {
    const { company, key } = await setUp();
    const error = expectError(
      await company.call("GET", `/policies/earned-premium?${query}`, key),
      400,
      "VALIDATION_ERROR",
      `Invalid query: asOf ${problem}`,
    );
    expect(error.details).toEqual([{ field: "asOf", message: problem }]);
  });

  it("a malformed policyId filter", async () => {
    const { company, key } = await setUp();
    const error = expectError(
      await company.call("GET", "/policies/earned-premium?asOf=2025-06-01&policyId=nope", key),
      400,
      "VALIDATION_ERROR",
    );
    expect(error.details).toEqual([{ field: "policyId", message: "must be a valid uuid" }]);
  });
});

describe("security", () => {
  it("needs policy.view", async () => {
    const { company } = await setUp();
    const without = await company.key([], ["policy.create", "person.view"]);
    expectError(
      await company.call("GET", "/policies/earned-premium?asOf=2025-06-01", without),
      403,
      "AuthorizationError",
      "User is not authorized to perform the requested action",
    );
    const readOnly = await company.key(["ReadOnly"]);
    expect((await company.call("GET", "/policies/earned-premium?asOf=2025-06-01", readOnly)).status).toBe(200);
    const legacy = await company.key([], ["company.policy:read"]);
    expect((await company.call("GET", "/policies/earned-premium?asOf=2025-06-01", legacy)).status).toBe(200);
  });

  it("reports only the caller's company; another company's policy id matches nothing", async () => {
    const mine = await setUp();
    const theirs = await setUp();
    const foreign = await newBusiness(theirs.company, theirs.key);
    await newBusiness(mine.company, mine.key);
    const own = await report(mine.company, mine.key, "asOf=2025-06-01");
    expect(own.totalCount).toBe(1);
    expect(own.items.map((i: { policyId: string }) => i.policyId)).not.toContain(foreign.policyId);
    const filtered = await report(mine.company, mine.key, `asOf=2025-06-01&policyId=${foreign.policyId}`);
    expect(filtered).toMatchObject({ items: [], totalCount: 0 });
    expectError(
      await mine.company.call("GET", "/policies/earned-premium?asOf=2025-06-01", theirs.key),
      403,
      "AuthorizationError",
      "API key is not scoped to the requested company",
    );
  });
});
