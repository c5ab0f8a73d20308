import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectError } from "../support/harness";
import { must } from "../support/must";
import { type Book, book, FIXED_KEYS, pricing, records, seedVersions } from "./bordereau-fixture";

/**
 * Policy A: new business, endorsement (new insured and premium from mid-term), cancellation,
 * reinstatement; policy B renews A. Timestamps carry different offsets on purpose.
 */
async function history(b: Book) {
  const a = await b.newBusiness("A-100", "2026-01-05T09:00:00Z", {
    retroDate: { date: "2020-06-01", timezone: "America/Chicago" },
    limit: 500000,
    territories: "NY,NJ",
  });
  const endorsed = await b.transact(`/policies/${a.policyId}/transaction/endorse`, {
    transactionTimestamp: "2026-02-01T10:00:00+02:00",
    displayAuthor: "Ben",
    effectiveDate: { date: "2026-07-01", timezone: "America/New_York" },
    deltas: [
      { path: "policy.exposures", value: [{ exposureName: "Zeta Holdings" }] },
      { path: "policy.fullTermPricingInfo", value: pricing(1500) },
      {
        path: "policy.fullTermPolicyRatingResult",
        value: { policyPremium: 1500, policyTaxes: 12.5, policyFees: 25, policyGrandTotal: 1537.5 },
      },
      {
        path: "policy.crossSegmentRatingOutputs",
        value: { raterVersion: "v7", outputs: { lossRatio: 0.42, tier: "B" } },
      },
    ],
  });
  await b.transact(`/policies/${a.policyId}/transaction/cancel`, {
    transactionTimestamp: "2026-03-01T07:30:00-05:00",
    displayAuthor: "Cy",
    effectiveDate: { date: "2026-09-01", timezone: "America/New_York" },
  });
  await b.transact(`/policies/${a.policyId}/transaction/reinstate`, {
    transactionTimestamp: "2026-03-10T00:00:00Z",
    displayAuthor: "Di",
  });
  const renewal = await b.transact("/policies/transaction/renew", {
    transactionTimestamp: "2026-03-15T00:00:00Z",
    displayAuthor: "Ed",
    data: {
      policyNumber: "B-200",
      previousPolicy: a.policyId,
      policyStartDate: { date: "2027-01-01" },
      policyEndDate: { date: "2028-01-01" },
      fullTermPricingInfo: null,
      exposures: [{ exposureName: "Alpha Trust" }],
    },
  });
  return { a: a.policyId as string, b: renewal.policyId as string, endorsed };
}

describe("bordereau rows", () => {
  it("gives one row per policy version with the fixed columns, newest transaction first by default", async () => {
    const b = await book();
    const ids = await history(b);
    const res = await b.rows();
    expect(res.status, res.text).toBe(200);
    expect(res.json.columns).toEqual(FIXED_KEYS.map((key) => ({ key, header: key })));
    expect(res.json.rowCount).toBe(5);
    const rows = records(res);
    expect(rows.map((r: any) => [r.policyNumber, r.version, r.action])).toEqual([
      ["B-200", 1, "RENEW"],
      ["A-100", 4, "REINSTATE"],
      ["A-100", 3, "CANCEL"],
      ["A-100", 2, "ENDORSE"],
      ["A-100", 1, "NEW_BUSINESS"],
    ]);
    const [renewal, reinstated, cancelled, endorsed, first] = rows;
    expect(first).toEqual({
      policyId: ids.a,
      policyNumber: "A-100",
      version: 1,
      action: "NEW_BUSINESS",
      transactionTimestamp: "2026-01-05T09:00:00Z",
      effectiveDate: "2026-01-01",
      policyStartDate: "2026-01-01",
      policyEndDate: "2027-01-01",
      coverageStartDate: "2026-01-01",
      coverageEndDate: "2027-01-01",
      primaryInsuredName: "Insured of A-100",
      premium: 1000,
      taxes: 12.5,
      fees: 25,
      brokerCommission: 100,
      programCommission: 40,
      // New business writes the whole term.
      transactionPremium: 1000,
      transactionTaxes: 12.5,
      transactionFees: 25,
      transactionBrokerCommission: 100,
      transactionProgramCommission: 40,
      displayAuthor: "Ada",
      createdAt: expect.any(String),
    });
    // The root data is the data at the end of the coverage: the endorsement's from mid-term on.
    // The 365-day term: 181 days (Jan-Jun) at premium 1,000.00, then 184 at 1,500.00 written
    // (100,000 × 181 + 150,000 × 184) ÷ 365 = 45,700,000 ÷ 365 = 125,205.48 → 125,205 cents: the
    // endorsement adds 25,205. Nothing else changed: 0 on every other kind.
    expect(endorsed).toMatchObject({
      transactionTimestamp: "2026-02-01T10:00:00+02:00",
      effectiveDate: "2026-07-01",
      primaryInsuredName: "Zeta Holdings",
      premium: 1500,
      displayAuthor: "Ben",
      transactionPremium: 252.05,
      transactionTaxes: 0,
      transactionFees: 0,
      transactionBrokerCommission: 0,
      transactionProgramCommission: 0,
    });
    // A cancellation shrinks the covered span; reinstatement restores it. Cancelled on 1 Sep: 243 days in
    // force, 181 at 1,000.00 and 62 (Jul, Aug) at 1,500.00: (18,100,000 + 9,300,000) ÷ 365 = 75,068.49 →
    // 75,068, returning 125,205 − 75,068 = 50,137. Taxes 1,250 × 243 ÷ 365 = 832.19 → 832 (returns 418);
    // fees 2,500 × 243 ÷ 365 = 1,664.38 → 1,664 (836); broker 10,000 × 243 ÷ 365 = 6,657.53 → 6,658 (3,342);
    // program 4,000 × 243 ÷ 365 = 2,663.01 → 2,663 (1,337). The reinstatement writes them back.
    expect(cancelled).toMatchObject({
      effectiveDate: "2026-09-01",
      coverageEndDate: "2026-09-01",
      policyEndDate: "2027-01-01",
      primaryInsuredName: "Zeta Holdings",
      premium: 1500,
      transactionPremium: -501.37,
      transactionTaxes: -4.18,
      transactionFees: -8.36,
      transactionBrokerCommission: -33.42,
      transactionProgramCommission: -13.37,
    });
    expect(reinstated).toMatchObject({
      coverageEndDate: "2027-01-01",
      premium: 1500,
      transactionPremium: 501.37,
      transactionTaxes: 4.18,
      transactionFees: 8.36,
      transactionBrokerCommission: 33.42,
      transactionProgramCommission: 13.37,
    });
    expect(renewal).toMatchObject({
      policyId: ids.b,
      coverageStartDate: "2027-01-01",
      primaryInsuredName: "Alpha Trust",
      premium: null,
      taxes: null,
      programCommission: null,
      transactionPremium: 0,
    });
    // The rows add up to the premium written: 1,000.00 + 252.05 − 501.37 + 501.37 = 1,252.05.
    const sum = rows.reduce((total: number, r: any) => total + Math.round(r.transactionPremium * 100), 0);
    expect(sum).toBe(125_205);
  });

  it("gives a cancelled version the term's end, not the end in force on the cancellation date", async () => {
    const b = await book();
    const policy = await b.newBusiness("C-1", "2026-01-01T00:00:00Z");
    await b.transact(`/policies/${policy.policyId}/transaction/endorse`, {
      transactionTimestamp: "2026-01-02T00:00:00Z",
      displayAuthor: "Ben",
      effectiveDate: { date: "2026-06-01", timezone: "America/New_York" },
      deltas: [{ path: "policy.policyEndDate", value: { date: "2027-06-01", timezone: "America/New_York" } }],
    });
    await b.transact(`/policies/${policy.policyId}/transaction/cancel`, {
      transactionTimestamp: "2026-01-03T00:00:00Z",
      displayAuthor: "Cy",
      effectiveDate: { date: "2026-03-01", timezone: "America/New_York" },
    });
    const rows = records(await b.rows({ sortDirection: "asc" }));
    expect(
      rows.map((r: any) => [r.action, r.policyStartDate, r.policyEndDate, r.coverageStartDate, r.coverageEndDate]),
    ).toEqual([
      ["NEW_BUSINESS", "2026-01-01", "2027-01-01", "2026-01-01", "2027-01-01"],
      ["ENDORSE", "2026-01-01", "2027-06-01", "2026-01-01", "2027-06-01"],
      ["CANCEL", "2026-01-01", "2027-06-01", "2026-01-01", "2026-03-01"],
    ]);
    const version = await b.company.call("GET", `/policies/${policy.policyId}/versions/3?detail=summary`, b.reader);
    expect(version.json.policyEndDate.date).toBe("2027-06-01");
  });

  it("computes the transaction premium of versions stored before the ledger from their coverages", async () => {
    const b = await book();
    const ids = await history(b);
    const ledger = (rows: any[]) =>
      rows.map((r) => [r.policyNumber, r.version, r.transactionPremium, r.transactionFees]);
    const recorded = ledger(records(await b.rows({ sortDirection: "asc" })));
    // As versions written before migration 0007 are stored: no transaction premium.
    await env.DB.prepare("UPDATE policy_versions SET transaction_premium = NULL WHERE policy_id IN (?, ?)")
      .bind(ids.a, ids.b)
      .run();
    expect(ledger(records(await b.rows({ sortDirection: "asc" })))).toEqual(recorded);
    expect(recorded.map((r) => r[2])).toEqual([1000, 252.05, -501.37, 501.37, 0]);
  });

  it("answers an empty table for a company without policies", async () => {
    const b = await book();
    const res = await b.rows({ sortBy: "policyNumber", sortDirection: "asc" });
    expect(res.json).toEqual({ columns: FIXED_KEYS.map((key) => ({ key, header: key })), rows: [], rowCount: 0 });
  });
});

describe("filters", () => {
  it("periodStart is inclusive and periodEnd exclusive on transactionTimestamp, compared as instants", async () => {
    const b = await book();
    await history(b);
    const versions = async (body: Record<string, unknown>) =>
      records(await b.rows({ ...body, sortDirection: "asc" })).map((r: any) => `${r.policyNumber}/${r.version}`);
    // The endorsement was recorded at 10:00+02:00, that is 08:00Z.
    expect(await versions({ periodStart: "2026-02-01T08:00:00Z" })).toEqual([
      "A-100/2",
      "A-100/3",
      "A-100/4",
      "B-200/1",
    ]);
    expect(await versions({ periodStart: "2026-02-01T08:00:00.001Z" })).toEqual(["A-100/3", "A-100/4", "B-200/1"]);
    // The cancellation was recorded at 07:30-05:00, that is 12:30Z.
    expect(await versions({ periodStart: "2026-01-01T00:00:00Z", periodEnd: "2026-03-01T12:30:00Z" })).toEqual([
      "A-100/1",
      "A-100/2",
    ]);
    expect(await versions({ periodEnd: "2026-03-01T14:30:01+02:00" })).toEqual(["A-100/1", "A-100/2", "A-100/3"]);
  });

  it("keeps only the listed actions", async () => {
    const b = await book();
    await history(b);
    const res = await b.rows({ actions: ["CANCEL", "RENEW", "CANCEL"] });
    expect(records(res).map((r: any) => r.action)).toEqual(["RENEW", "CANCEL"]);
  });

  it("refuses a malformed period, an empty or unknown actions list, and unknown members", async () => {
    const b = await book();
    const backwards = expectError(
      await b.rows({ periodStart: "2026-02-01T00:00:00Z", periodEnd: "2026-02-01T00:00:00Z" }),
      400,
      "VALIDATION_ERROR",
    );
    expect(backwards.details).toEqual([{ field: "periodEnd", message: "must be after periodStart" }]);
    for (const member of ["periodStart", "periodEnd"]) {
      const outside = expectError(await b.rows({ [member]: "9999-12-31T23:59:59-05:00" }), 400, "VALIDATION_ERROR");
      expect(outside.details).toEqual([
        { field: member, message: "must be an instant within the years 0000 to 9999 in UTC" },
      ]);
    }
    expect(
      must(expectError(await b.rows({ periodStart: "2026-02-01" }), 400, "VALIDATION_ERROR").details[0]).field,
    ).toBe("periodStart");
    expect(must(expectError(await b.rows({ actions: [] }), 400, "VALIDATION_ERROR").details[0]).field).toBe("actions");
    expect(must(expectError(await b.rows({ actions: ["EXPIRE"] }), 400, "VALIDATION_ERROR").details[0]).field).toBe(
      "actions[0]",
    );
    expect(must(expectError(await b.rows({ sheetsOAuthToken: "t" }), 400, "VALIDATION_ERROR").details[0]).field).toBe(
      "sheetsOAuthToken",
    );
  });
});

describe("sorting", () => {
  async function sortable() {
    const b = await book();
    // Created in this order; numbers, names, effective dates and instants each order them differently.
    await b.newBusiness("P-2", "2026-05-01T12:00:00+09:00", {
      exposures: [{ exposureName: "Mango" }],
      policyStartDate: { date: "2026-03-01" },
    });
    await b.newBusiness("P-3", "2026-05-01T02:00:00Z", {
      exposures: [{ exposureName: "apple" }],
      policyStartDate: { date: "2026-01-15" },
    });
    await b.newBusiness("P-1", "2026-04-30T23:00:00-05:00", { exposures: [], policyStartDate: { date: "2026-02-01" } });
    return b;
  }
  const order = async (b: Book, sortBy: string, sortDirection?: string) =>
    records(await b.rows({ sortBy, ...(sortDirection ? { sortDirection } : {}) })).map((r: any) => r.policyNumber);

  it("sorts by each sort field in both directions", async () => {
    const b = await sortable();
    expect(await order(b, "policyNumber", "asc")).toEqual(["P-1", "P-2", "P-3"]);
    expect(await order(b, "policyNumber", "desc")).toEqual(["P-3", "P-2", "P-1"]);
    expect(await order(b, "effectiveDate", "asc")).toEqual(["P-3", "P-1", "P-2"]);
    expect(await order(b, "effectiveDate", "desc")).toEqual(["P-2", "P-1", "P-3"]);
    expect(await order(b, "createdAt", "asc")).toEqual(["P-2", "P-3", "P-1"]);
    expect(await order(b, "createdAt")).toEqual(["P-1", "P-3", "P-2"]);
    // Instants: P-2 at 03:00Z, P-3 at 02:00Z... P-1 at 04:00Z on 2026-05-01.
    expect(await order(b, "transactionTimestamp", "asc")).toEqual(["P-3", "P-2", "P-1"]);
    expect(await order(b, "transactionTimestamp")).toEqual(["P-1", "P-2", "P-3"]);
  });

  it("sorts by primary insured name with policies without one last either way", async () => {
    const b = await sortable();
    // SQLite compares text by code point: upper case before lower case.
    expect(await order(b, "primaryInsuredName", "asc")).toEqual(["P-2", "P-3", "P-1"]);
    expect(await order(b, "primaryInsuredName", "desc")).toEqual(["P-3", "P-2", "P-1"]);
  });

  it("refuses an unknown sort field or direction", async () => {
    const b = await book();
    expect(must(expectError(await b.rows({ sortBy: "premium" }), 400, "VALIDATION_ERROR").details[0]).field).toBe(
      "sortBy",
    );
    expect(must(expectError(await b.rows({ sortDirection: "up" }), 400, "VALIDATION_ERROR").details[0]).field).toBe(
      "sortDirection",
    );
  });
});

describe("limit and offset", () => {
  it("pages through the sorted rows", async () => {
    const b = await book();
    for (const [n, at] of [
      ["L-1", "2026-01-01T00:00:00Z"],
      ["L-2", "2026-01-02T00:00:00Z"],
      ["L-3", "2026-01-03T00:00:00Z"],
      ["L-4", "2026-01-04T00:00:00Z"],
    ] as const)
      await b.newBusiness(n, at);
    const page = await b.rows({ sortBy: "policyNumber", sortDirection: "asc", limit: 2, offset: 1 });
    expect(page.json.rowCount).toBe(2);
    expect(records(page).map((r: any) => r.policyNumber)).toEqual(["L-2", "L-3"]);
    const past = await b.rows({ offset: 4 });
    expect(past.json).toMatchObject({ rows: [], rowCount: 0 });
    expect((await b.rows({ limit: 50000 })).json.rowCount).toBe(4);
  });

  it("refuses a limit outside 1 to 50,000 and a negative or fractional offset", async () => {
    const b = await book();
    for (const body of [{ limit: 0 }, { limit: 50001 }, { limit: 2.5 }, { limit: "10" }]) {
      expect(must(expectError(await b.rows(body), 400, "VALIDATION_ERROR").details[0]).field).toBe("limit");
    }
    for (const body of [{ offset: -1 }, { offset: 0.5 }]) {
      expect(must(expectError(await b.rows(body), 400, "VALIDATION_ERROR").details[0]).field).toBe("offset");
    }
  });
});

describe("transpositions", () => {
  it("adds one column per path, after the fixed ones, under its header", async () => {
    const b = await book();
    await history(b);
    const res = await b.rows({
      sortDirection: "asc",
      transpositions: [
        { path: "fullTermPolicyRatingResult.policyGrandTotal", header: "Grand total" },
        { path: "crossSegmentRatingOutputs.outputs.lossRatio", header: "Loss ratio" },
        { path: "crossSegmentRatingOutputs.raterVersion", header: "Rater" },
        { path: "fullTermPricingInfo.premium", header: "Gross premium" },
        { path: "retroDate", header: "Retro date" },
        { path: "limit", header: "Limit" },
        { path: "territories", header: "Territories" },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.columns.slice(FIXED_KEYS.length)).toEqual([
      { key: "fullTermPolicyRatingResult.policyGrandTotal", header: "Grand total" },
      { key: "crossSegmentRatingOutputs.outputs.lossRatio", header: "Loss ratio" },
      { key: "crossSegmentRatingOutputs.raterVersion", header: "Rater" },
      { key: "fullTermPricingInfo.premium", header: "Gross premium" },
      { key: "retroDate", header: "Retro date" },
      { key: "limit", header: "Limit" },
      { key: "territories", header: "Territories" },
    ]);
    const pick = (r: any) => [
      r["Grand total"],
      r["Loss ratio"],
      r.Rater,
      r["Gross premium"],
      r["Retro date"],
      r.Limit,
      r.Territories,
    ];
    const rows = records(res);
    // Version 1 had no rating result or outputs; a Date gives its day.
    expect(pick(rows[0])).toEqual([null, null, null, 1000, "2020-06-01", 500000, "NY,NJ"]);
    expect(pick(rows[1])).toEqual([1537.5, 0.42, "v7", 1500, "2020-06-01", 500000, "NY,NJ"]);
    expect(pick(rows[4])).toEqual([null, null, null, null, null, null, null]);
    expect(res.json.rows[0]).toHaveLength(FIXED_KEYS.length + 7);
  });

  it("refuses a path that cannot be transposed, naming it", async () => {
    const b = await book();
    const refused = await b.rows({
      transpositions: [
        { path: "limit", header: "Limit" },
        { path: "fullTermPricingInfo.pricingComponents", header: "Components" },
        { path: "unknownField", header: "X" },
      ],
    });
    const error = expectError(
      refused,
      400,
      "VALIDATION_ERROR",
      'Unknown transposition path "fullTermPricingInfo.pricingComponents", "unknownField"',
    );
    expect(error.details).toEqual([
      {
        field: "transpositions[1].path",
        message: '"fullTermPricingInfo.pricingComponents" is not a transposable path',
      },
      { field: "transpositions[2].path", message: '"unknownField" is not a transposable path' },
    ]);
    expect(error.userMessages[0]).toContain("fullTermPolicyRatingResult.policyGrandTotal");
  });

  it("refuses a header that repeats another column's", async () => {
    const b = await book();
    const sameAsFixed = expectError(
      await b.rows({ transpositions: [{ path: "limit", header: "premium" }] }),
      400,
      "VALIDATION_ERROR",
    );
    expect(sameAsFixed.details).toEqual([
      { field: "transpositions[0].header", message: 'repeats the column header "premium"' },
    ]);
    const repeated = expectError(
      await b.rows({
        transpositions: [
          { path: "limit", header: "L" },
          { path: "retroDate", header: "L" },
        ],
      }),
      400,
      "VALIDATION_ERROR",
    );
    expect(repeated.details).toEqual([{ field: "transpositions[1].header", message: 'repeats the column header "L"' }]);
  });
});

describe("access", () => {
  it("needs policy.view (company.policy:read)", async () => {
    const b = await book();
    const other = await b.company.key([], ["quote.view", "policy.create"]);
    expectError(
      await b.rows({}, other),
      403,
      "AuthorizationError",
      "User is not authorized to perform the requested action",
    );
    const legacy = await b.company.key([], ["company.policy:read"]);
    expect((await b.rows({}, legacy)).status).toBe(200);
  });

  it("never includes another company's policies", async () => {
    const mine = await book();
    const theirs = await book();
    await theirs.newBusiness("THEIRS-1", "2026-01-01T00:00:00Z");
    await mine.newBusiness("MINE-1", "2026-01-01T00:00:00Z");
    // The same policy number in both companies stays apart too.
    await theirs.newBusiness("MINE-1", "2026-01-02T00:00:00Z");
    const res = await mine.rows();
    expect(records(res).map((r: any) => r.policyNumber)).toEqual(["MINE-1"]);
    expect(res.json.rowCount).toBe(1);
    const intruder = await theirs.company.key(["SUPER_ADMIN"]);
    expectError(
      await mine.rows({}, intruder),
      403,
      "AuthorizationError",
      "API key is not scoped to the requested company",
    );
  });
});

describe("at the row limit", () => {
  it("answers 50,000 rows by default and the rest past that offset", async () => {
    const b = await book();
    const template = await b.newBusiness("T-1", "2025-12-31T00:00:00Z");
    await seedVersions(b.company.id, template.policyId, 50_000);
    const started = Date.now();
    const all = await b.rows();
    const elapsed = Date.now() - started;
    expect(all.status).toBe(200);
    expect(all.json.rowCount).toBe(50_000);
    expect(all.json.rows).toHaveLength(50_000);
    // Newest first: the seeded versions are an hour apart, the template is the oldest.
    expect(all.json.rows[0].slice(1, 5)).toEqual(["S-050000", 1, "NEW_BUSINESS", "2031-09-15T08:00:00Z"]);
    expect(all.json.rows[49_999][1]).toBe("S-000001");
    const rest = await b.rows({ offset: 50_000 });
    expect(records(rest).map((r: any) => r.policyNumber)).toEqual(["T-1"]);
    const byName = await b.rows({ sortBy: "primaryInsuredName", sortDirection: "asc", limit: 3 });
    expect(records(byName).map((r: any) => r.primaryInsuredName)).toEqual([
      "Insured 00001",
      "Insured 00002",
      "Insured 00003",
    ]);
    console.log(JSON.stringify({ bordereauRows: 50_000, milliseconds: elapsed }));
  }, 120_000);
});
