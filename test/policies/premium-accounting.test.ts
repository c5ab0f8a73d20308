import { describe, expect, it } from "vitest";
import { expectError } from "../support/harness";
import { must } from "../support/must";
import { cancelBody, date, endorseBody, type PolicyFixture, reinstateBody, setUpPolicies } from "./helpers";

/**
 * Issue 9's premium reproductions, through HTTP (CONTRACT section 4, "Premium accounting" and "Bordereau
 * rows"). One-year policies 2025-01-01 to 2026-01-01 (365 days) at 3,650.00, 1,000 cents a day, unless said.
 * Day counts: Jan-Jun 181, Jul-Dec 184, Jul-Sep 92, Jan-Apr 10 = 100.
 */

const YEAR = { policyStartDate: date("2025-01-01"), policyEndDate: date("2026-01-01") };
const premium = (value: number) => ({ label: "Base premium", group: "premium", kind: "Premium", value });
const fee = (value: number, label = "Policy fee") => ({
  label,
  group: "fees",
  kind: "Fees",
  value,
  earningBasis: "fully-earned-at-inception",
});
const pricing = (...pricingComponents: object[]) => ({ pricingComponents });
const pricingDelta = (...components: object[]) => ({
  path: "policy.fullTermPricingInfo",
  value: pricing(...components),
});

async function policyAt(f: PolicyFixture, ...components: object[]) {
  return f.newBusiness({ ...YEAR, fullTermPricingInfo: pricing(...components), limit: 100 });
}

async function ok(res: { status: number; text: string; json: any }) {
  expect(res.status, res.text).toBe(200);
  return res.json;
}

async function earnings(f: PolicyFixture, policyId: string, asOf: string, bookedAsOf?: string) {
  const booked = bookedAsOf ? `&bookedAsOf=${encodeURIComponent(bookedAsOf)}` : "";
  const res = await f.company.call(
    "GET",
    `/policies/earned-premium?asOf=${asOf}&policyId=${policyId}${booked}`,
    f.admin,
  );
  expect(res.status, res.text).toBe(200);
  return res.json.items[0];
}

async function rowsOf(f: PolicyFixture, body: Record<string, unknown> = {}) {
  const res = await f.company.call("POST", "/policies/bordereau/rows", f.admin, {
    body: { sortBy: "transactionTimestamp", sortDirection: "asc", ...body },
  });
  expect(res.status, res.text).toBe(200);
  return res.json.rows.map((row: unknown[]) =>
    Object.fromEntries(res.json.columns.map((c: { key: string }, i: number) => [c.key, row[i]])),
  );
}

describe("1. every bordereau row carries its transaction's premium per kind", () => {
  it("new business, endorse 1 Jul to 7,300.00, cancel 1 Oct, reinstate: +3,650 / +1,840 / −1,840 / +1,840", async () => {
    const f = await setUpPolicies();
    const { policyId } = await policyAt(f, premium(3650));
    const path = `/policies/${policyId}/transaction`;
    await ok(
      await f.company.call("POST", `${path}/endorse`, f.admin, {
        body: endorseBody("2025-07-01", [pricingDelta(premium(7300))]),
      }),
    );
    await ok(await f.company.call("POST", `${path}/cancel`, f.admin, { body: cancelBody("2025-10-01") }));
    await ok(await f.company.call("POST", `${path}/reinstate`, f.admin, { body: reinstateBody() }));

    const rows = await rowsOf(f);
    // Full-term figures as before: 3,650 / 7,300 / 7,300 / 7,300 sum to 25,550, which nobody wrote.
    expect(rows.map((r: any) => r.premium)).toEqual([3650, 7300, 7300, 7300]);
    // Written: 181 days × 1,000 + 184 × 2,000 = 549,000 (+184,000); cancelled 1 Oct: 181 × 1,000 + 92 × 2,000
    // = 365,000 (−184,000); reinstated: 549,000 again (+184,000).
    expect(rows.map((r: any) => [r.action, r.transactionPremium])).toEqual([
      ["NEW_BUSINESS", 3650],
      ["ENDORSE", 1840],
      ["CANCEL", -1840],
      ["REINSTATE", 1840],
    ]);
    for (const key of ["transactionTaxes", "transactionFees", "transactionBrokerCommission"])
      expect(rows.map((r: any) => r[key])).toEqual([0, 0, 0, 0]);
    const written = rows.reduce((sum: number, r: any) => sum + Math.round(r.transactionPremium * 100), 0);
    expect(written).toBe(549_000);
    expect((await earnings(f, policyId, "2026-01-01")).byKind.Premium.writtenCents).toBe(written);
  });

  it("the rows of a period add up to the premium written in it", async () => {
    const f = await setUpPolicies();
    const { policyId } = await policyAt(f, premium(3650));
    const endorsed = endorseBody("2025-07-01", [pricingDelta(premium(7300))]);
    await ok(await f.company.call("POST", `/policies/${policyId}/transaction/endorse`, f.admin, { body: endorsed }));
    const period = await rowsOf(f, { periodStart: endorsed.transactionTimestamp });
    expect(period.map((r: any) => r.transactionPremium)).toEqual([1840]);
  });
});

describe("2. every segment prorates over the policy's current term", () => {
  it("endorse 1 Mar to end 2025-07-01, then 1 May back to 2026-01-01 at the same price: written 3,650.00", async () => {
    const f = await setUpPolicies();
    const { policyId } = await policyAt(f, premium(3650));
    await ok(await f.endorse(policyId, "2025-03-01", [{ path: "policy.policyEndDate", value: date("2025-07-01") }]));
    const back = await ok(
      await f.endorse(policyId, "2025-05-01", [{ path: "policy.policyEndDate", value: date("2026-01-01") }]),
    );
    // 59 + 61 + 245 = 365 days of one 365-day term at 1,000 cents a day (before: 4,270.11, the middle 61 days
    // prorated over a 181-day term).
    expect((await earnings(f, policyId, "2026-01-01")).byKind.Premium.writtenCents).toBe(365_000);
    // Every segment states the one term end; nothing else changed, so they read as one.
    expect(back.segments.map((s: any) => [s.startDate, s.endDate, s.data.policyEndDate.date])).toEqual([
      ["2025-01-01", "2026-01-01", "2026-01-01"],
    ]);
    const rows = await rowsOf(f);
    expect(rows.map((r: any) => r.transactionPremium)).toEqual([3650, 0, 0]);
  });
});

describe("5. fully-earned components are written by the transaction that brought them", () => {
  it("a 100.00 fee charged at inception stays written when a later pricing omits it", async () => {
    const f = await setUpPolicies();
    const { policyId } = await policyAt(f, premium(3650), fee(100));
    await ok(await f.endorse(policyId, "2025-07-01", [pricingDelta(premium(3650))]));
    expect((await earnings(f, policyId, "2025-02-01")).byKind.Fees).toEqual({
      writtenCents: 10_000,
      earnedCents: 10_000,
      unearnedCents: 0,
    });
    expect((await rowsOf(f)).map((r: any) => r.transactionFees)).toEqual([100, 0]);
  });

  it("an endorsement fee effective 1 Jul is written on 1 Jul: not earned on 1 Feb", async () => {
    const f = await setUpPolicies();
    const { policyId } = await policyAt(f, premium(3650));
    await ok(await f.endorse(policyId, "2025-07-01", [pricingDelta(premium(3650), fee(50, "Endorsement fee"))]));
    const fees = async (asOf: string) => (await earnings(f, policyId, asOf)).byKind.Fees;
    expect(await fees("2025-02-01")).toEqual({ writtenCents: 5_000, earnedCents: 0, unearnedCents: 5_000 });
    expect(await fees("2025-07-01")).toEqual({ writtenCents: 5_000, earnedCents: 5_000, unearnedCents: 0 });
  });

  it("a flat cancellation writes nothing, not even the fee of an endorsement that never took effect", async () => {
    const f = await setUpPolicies();
    const { policyId } = await policyAt(f, premium(3650), fee(100));
    await ok(await f.endorse(policyId, "2025-07-01", [pricingDelta(premium(3650), fee(50, "Endorsement fee"))]));
    await ok(await f.cancel(policyId, "2025-01-01"));
    const report = await earnings(f, policyId, "2026-01-01");
    expect(report.totals).toEqual({ writtenCents: 0, earnedCents: 0, unearnedCents: 0 });
    expect(report.components).toEqual([]);
    // The cancellation returns all that was written: 3,650 + 100 + 50.
    const cancelRow = must((await rowsOf(f)).at(-1));
    expect(cancelRow).toMatchObject({ action: "CANCEL", transactionPremium: -3650, transactionFees: -150 });
  });
});

describe("7. a flat cancellation reports the data in force at inception", () => {
  it("the CANCEL row and the version carry the new business's premium, insured and limit", async () => {
    const f = await setUpPolicies();
    const { policyId } = await f.newBusiness({
      ...YEAR,
      fullTermPricingInfo: pricing(premium(3650)),
      exposures: [{ exposureName: "Alpha Holdings" }],
      limit: 100,
    });
    await ok(
      await f.endorse(policyId, "2025-07-01", [
        pricingDelta(premium(7300)),
        { path: "policy.exposures", value: [{ exposureName: "Beta Trading" }] },
        { path: "policy.limit", value: 500 },
      ]),
    );
    const cancelled = await ok(await f.cancel(policyId, "2025-01-01"));
    expect(cancelled).toMatchObject({
      primaryInsuredName: "Alpha Holdings",
      fullTermPricingInfo: { premium: 3650 },
      segments: [],
      startDate: "2025-01-01",
      endDate: "2025-01-01",
    });
    const row = must((await rowsOf(f, { transpositions: [{ path: "limit", header: "Limit" }] })).at(-1));
    // Before issue 9 the row said 7,300, Beta Trading and 500: an endorsement that never took effect.
    expect(row).toMatchObject({ action: "CANCEL", premium: 3650, primaryInsuredName: "Alpha Holdings", limit: 100 });
  });
});

describe("8. bookedAsOf reproduces a closed period", () => {
  it("a backdated cancellation booked in September changes the July figures, except as booked by July's close", async () => {
    const f = await setUpPolicies();
    const issued = await f.company.call("POST", "/policies/transaction/new-business", f.admin, {
      body: {
        transactionTimestamp: "2025-06-15T09:00:00Z",
        displayAuthor: "Underwriter",
        data: { ...YEAR, fullTermPricingInfo: pricing(premium(3650)) },
      },
    });
    const { policyId } = await ok(issued);
    const path = `/policies/${policyId}/transaction`;
    await ok(
      await f.company.call("POST", `${path}/endorse`, f.admin, {
        body: {
          ...endorseBody("2025-07-01", [pricingDelta(premium(7300))]),
          transactionTimestamp: "2025-07-10T09:00:00Z",
        },
      }),
    );
    const close = "2025-07-31T23:59:59Z";
    const july = await earnings(f, policyId, "2025-08-01");
    // As of 1 Aug: written 549,000; earned 181 days × 1,000 + 31 days × 2,000 = 243,000.
    expect(july.byKind.Premium).toEqual({ writtenCents: 549_000, earnedCents: 243_000, unearnedCents: 306_000 });
    expect(await earnings(f, policyId, "2025-08-01", close)).toEqual(july);

    // Booked in September, effective 1 Jul: the written premium falls to 181,000 (181 days) and earned with it.
    await ok(
      await f.company.call("POST", `${path}/cancel`, f.admin, {
        body: { ...cancelBody("2025-07-01"), transactionTimestamp: "2025-09-10T09:00:00Z" },
      }),
    );
    const restated = await earnings(f, policyId, "2025-08-01");
    expect(restated.byKind.Premium).toEqual({ writtenCents: 181_000, earnedCents: 181_000, unearnedCents: 0 });
    const asBooked = await earnings(f, policyId, "2025-08-01", close);
    expect(asBooked).toEqual({ ...july });
    expect(asBooked).toMatchObject({ version: 2, status: "active" });
  });

  it("leaves out policies with nothing booked by then, echoes bookedAsOf, and refuses one that is not a date-time", async () => {
    const f = await setUpPolicies();
    await policyAt(f, premium(3650));
    const before = await f.company.call(
      "GET",
      "/policies/earned-premium?asOf=2025-06-01&bookedAsOf=2020-01-01T00:00:00Z",
      f.admin,
    );
    expect(before.json).toMatchObject({ bookedAsOf: "2020-01-01T00:00:00Z", items: [], totalCount: 0 });
    const error = expectError(
      await f.company.call("GET", "/policies/earned-premium?asOf=2025-06-01&bookedAsOf=2025-07-01", f.admin),
      400,
      "VALIDATION_ERROR",
    );
    expect(must(error.details[0]).field).toBe("bookedAsOf");
    // An instant past year 9999 in UTC has no four-digit form to compare with the stored ones: 400, not an empty report.
    for (const bookedAsOf of ["9999-12-31T23:59:59-05:00", "0000-01-01T00:00:00+01:00"]) {
      const outside = expectError(
        await f.company.call(
          "GET",
          `/policies/earned-premium?asOf=2025-06-01&bookedAsOf=${encodeURIComponent(bookedAsOf)}`,
          f.admin,
        ),
        400,
        "VALIDATION_ERROR",
      );
      expect(outside.details).toEqual([
        { field: "bookedAsOf", message: "must be an instant within the years 0000 to 9999 in UTC" },
      ]);
    }
    const latest = await f.company.call(
      "GET",
      `/policies/earned-premium?asOf=2025-06-01&bookedAsOf=${encodeURIComponent("9999-12-31T18:59:59-05:00")}`,
      f.admin,
    );
    expect(latest.json.totalCount).toBe(1);
  });
});
