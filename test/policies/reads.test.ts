import { describe, expect, it } from "vitest";
import { createCompany, expectError } from "../support/harness";
import { must } from "../support/must";
import { date, NY, newBusinessBody, type PolicyFixture, setUpPolicies, TERM_END, TERM_START } from "./helpers";

const FORBIDDEN = "User is not authorized to perform the requested action";
const SUMMARY_KEYS = [
  "policyNumber",
  "policyStartDate",
  "policyEndDate",
  "startDate",
  "endDate",
  "status",
  "pendingCancellation",
  "primaryInsuredName",
  "primaryInsuredId",
  "previousPolicy",
].sort();

/**
 * Three policies, created in this order:
 * A 2026 term, endorsed once; B 2026-07-01..2027-07-01, cancelled at 2026-10-01; C 2025 term.
 */
async function book() {
  const f = await setUpPolicies();
  const a = await f.newBusiness({ policyNumber: "A-1" });
  expect((await f.endorse(a.policyId, "2026-06-01", [{ path: "policy.limit", value: 2 }])).status).toBe(200);
  const b = await f.newBusiness({
    policyNumber: "B-1",
    policyStartDate: date("2026-07-01"),
    policyEndDate: date("2027-07-01"),
  });
  expect((await f.cancel(b.policyId, "2026-10-01")).status).toBe(200);
  const c = await f.newBusiness({
    policyNumber: "C-1",
    policyStartDate: date("2025-01-01"),
    policyEndDate: date("2026-01-01"),
  });
  return { f, a: a.policyId as string, b: b.policyId as string, c: c.policyId as string };
}

const numbers = (res: { json: any }) => res.json.items.map((i: any) => i.summary.policyNumber);
const list = (f: PolicyFixture, query = "") => f.company.call("GET", `/policies/list${query}`, f.admin);
const literal = (day: string) =>
  encodeURIComponent(
    JSON.stringify({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), day: Number(day.slice(8, 10)) }),
  );

describe("GET P/policies/list", () => {
  it("lists policies newest first, each with its current version and a summary carrying the root fields", async () => {
    const { f, a, b } = await book();
    const res = await list(f);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ totalCount: 3, page: 1, pageSize: 50 });
    expect(numbers(res)).toEqual(["C-1", "B-1", "A-1"]);
    const [, itemB, itemA] = res.json.items;
    expect(itemA).toMatchObject({ policyId: a, version: 2, action: "ENDORSE" });
    expect(Object.keys(itemA.summary).sort()).toEqual(SUMMARY_KEYS);
    expect(itemA.summary).toMatchObject({
      policyNumber: "A-1",
      policyStartDate: { date: TERM_START, timezone: NY },
      policyEndDate: { date: TERM_END, timezone: NY },
      startDate: TERM_START,
      endDate: TERM_END,
      status: "active",
    });
    expect(itemB).toMatchObject({
      policyId: b,
      version: 2,
      action: "CANCEL",
      summary: { startDate: "2026-07-01", endDate: "2026-10-01", status: "cancelled" },
    });
  });

  it("filters by civil-day literals given as JSON or as dotted members", async () => {
    const { f } = await book();
    expect(numbers(await list(f, `?activeOn=${literal("2026-08-15")}`))).toEqual(["B-1", "A-1"]);
    // B's coverage ended at its cancellation, so it is not active on a later day of its term.
    expect(numbers(await list(f, "?activeOn.year=2026&activeOn.month=11&activeOn.day=1"))).toEqual(["A-1"]);
    expect(numbers(await list(f, `?activeOn=${literal("2025-06-30")}`))).toEqual(["C-1"]);
    expect(numbers(await list(f, `?startsOnOrAfter=${literal("2026-01-01")}`))).toEqual(["B-1", "A-1"]);
    expect(
      numbers(await list(f, "?startsOnOrBefore.year=2026&startsOnOrBefore.month=1&startsOnOrBefore.day=1")),
    ).toEqual(["C-1", "A-1"]);
    expect(numbers(await list(f, `?endsOnOrBefore=${literal("2026-10-01")}`))).toEqual(["C-1", "B-1"]);
    expect(
      numbers(await list(f, `?endsOnOrAfter=${literal("2027-01-01")}&startsOnOrAfter=${literal("2026-01-01")}`)),
    ).toEqual(["A-1"]);
  });

  it("refuses a bad civil-day literal with 400 VALIDATION_ERROR naming the filter", async () => {
    const { f } = await book();
    const cases = [
      ["?activeOn=2026-03-01", "must be a civil day literal {year, month, day}"],
      [
        `?activeOn=${encodeURIComponent('{"year":2026,"month":3}')}`,
        "must be a civil day literal {year, month, day} of whole numbers",
      ],
      ["?activeOn.year=2026&activeOn.month=2&activeOn.day=30", "is not a real calendar day"],
      ["?activeOn.year=2026&activeOn.month=2", "must be a civil day literal {year, month, day} of whole numbers"],
    ];
    for (const [query, message] of cases) {
      const error = expectError(await list(f, query), 400, "VALIDATION_ERROR");
      expect(error.details, query).toEqual([{ field: "activeOn", message }]);
    }
  });

  it("filters by status, policy number and previous policy", async () => {
    const { f, a } = await book();
    // Statuses are as of today (issue 9): C's 2025 term has ended, B was cancelled from 2026-10-01, and A's
    // 2026 term runs to 2027-01-01; D's term lies ahead, with a cancellation pending, so it stays active.
    const d = await f.newBusiness({
      policyNumber: "D-1",
      policyStartDate: date("2090-01-01"),
      policyEndDate: date("2091-01-01"),
    });
    expect((await f.cancel(d.policyId, "2090-06-01")).status).toBe(200);
    const aRunning = new Date().toISOString().slice(0, 10) < TERM_END;
    expect(numbers(await list(f, "?status=cancelled"))).toEqual(["B-1"]);
    expect(numbers(await list(f, "?status=expired"))).toEqual(aRunning ? ["C-1"] : ["C-1", "A-1"]);
    expect(numbers(await list(f, "?status=active"))).toEqual(aRunning ? ["D-1", "A-1"] : ["D-1"]);
    const pending = (await list(f, "?status=active")).json.items[0].summary;
    expect(pending).toMatchObject({ status: "active", pendingCancellation: { effectiveDate: "2090-06-01" } });
    expect(numbers(await list(f, "?policyNumber=A-1"))).toEqual(["A-1"]);
    expectError(await list(f, "?status=lapsed"), 400, "VALIDATION_ERROR");
    const renewal = await f.company.call("POST", "/policies/transaction/renew", f.admin, {
      body: {
        transactionTimestamp: new Date().toISOString(),
        displayAuthor: "R",
        data: {
          policyNumber: "A-2",
          policyStartDate: date(TERM_END),
          policyEndDate: date("2028-01-01"),
          previousPolicy: a,
        },
      },
    });
    expect(renewal.status).toBe(200);
    const renewals = await list(f, `?previousPolicy=${a}`);
    expect(numbers(renewals)).toEqual(["A-2"]);
    expect(renewals.json.items[0].summary.previousPolicy).toBe(a);
  });

  it("paginates with one-based pages and clamps the page size", async () => {
    const { f } = await book();
    const second = await list(f, "?pageSize=2&page=2");
    expect(second.json).toMatchObject({ totalCount: 3, page: 2, pageSize: 2 });
    expect(numbers(second)).toEqual(["A-1"]);
    expect(numbers(await list(f, "?pageSize=2&page=1"))).toEqual(["C-1", "B-1"]);
    expect((await list(f, "?pageSize=10000")).json.pageSize).toBe(500);
    expectError(await list(f, "?page=0"), 400, "VALIDATION_ERROR");
  });
});

describe("version lists", () => {
  it("GET P/policies/versions lists every version of the company, newest transaction first, with summaries", async () => {
    const { f, a, b } = await book();
    const res = await f.company.call("GET", "/policies/versions", f.admin);
    expect(res.json.totalCount).toBe(5);
    expect(res.json.items.map((i: any) => [i.summary.policyNumber, i.version, i.action])).toEqual([
      ["C-1", 1, "NEW_BUSINESS"],
      ["B-1", 2, "CANCEL"],
      ["B-1", 1, "NEW_BUSINESS"],
      ["A-1", 2, "ENDORSE"],
      ["A-1", 1, "NEW_BUSINESS"],
    ]);
    // Each item summarises its own version: B before its cancellation still covered its whole term.
    expect(res.json.items[2]).toMatchObject({ policyId: b, summary: { endDate: "2027-07-01", status: "active" } });
    expect(res.json.items[4].policyId).toBe(a);
    const paged = await f.company.call("GET", "/policies/versions?pageSize=2&page=3", f.admin);
    expect(paged.json).toMatchObject({ totalCount: 5, page: 3, pageSize: 2 });
    expect(paged.json.items).toHaveLength(1);
  });

  it("orders versions by the instant of transactionTimestamp, whatever offset each was written with", async () => {
    const f = await setUpPolicies();
    const write = (timestamp: string, policyNumber: string) =>
      f.company.call("POST", "/policies/transaction/new-business", f.admin, {
        body: { ...newBusinessBody({ policyNumber }), transactionTimestamp: timestamp },
      });
    // As text, "2026-02-01T10:00:00+02:00" sorts after "2026-02-01T09:00:00Z"; as instants it is an hour earlier.
    expect((await write("2026-02-01T09:00:00Z", "LATER")).status).toBe(200);
    expect((await write("2026-02-01T10:00:00+02:00", "EARLIER")).status).toBe(200);
    const res = await f.company.call("GET", "/policies/versions", f.admin);
    expect(res.json.items.map((i: any) => i.summary.policyNumber)).toEqual(["LATER", "EARLIER"]);
  });

  it("GET P/policies/{policyId}/versions lists one policy's versions, newest first", async () => {
    const { f, b } = await book();
    const res = await f.company.call("GET", `/policies/${b}/versions`, f.admin);
    expect(res.json).toMatchObject({ totalCount: 2, page: 1, pageSize: 50 });
    expect(res.json.items.map((i: any) => [i.version, i.action, i.summary.endDate])).toEqual([
      [2, "CANCEL", "2026-10-01"],
      [1, "NEW_BUSINESS", "2027-07-01"],
    ]);
  });
});

describe("GET P/policies/{policyId}/versions/{version}", () => {
  it("requires detail: 400 VALIDATION_ERROR without it", async () => {
    const { f, a } = await book();
    const error = expectError(
      await f.company.call("GET", `/policies/${a}/versions/1`, f.admin),
      400,
      "VALIDATION_ERROR",
    );
    expect(must(error.details[0]).field).toBe("detail");
    expectError(
      await f.company.call("GET", `/policies/${a}/versions/1?detail=everything`, f.admin),
      400,
      "VALIDATION_ERROR",
    );
  });

  it("full carries the segments; summary carries the root fields and hoisted containers only", async () => {
    const { f, a } = await book();
    const full = (await f.company.call("GET", `/policies/${a}/versions/2?detail=full`, f.admin)).json;
    expect(full.segments.map((s: any) => [s.startDate, s.endDate, s.data.limit])).toEqual([
      [TERM_START, "2026-06-01", 1_000_000],
      ["2026-06-01", TERM_END, 2],
    ]);
    expect(full).toHaveProperty("crossSegmentRatingOutputs");
    const summary = (await f.company.call("GET", `/policies/${a}/versions/2?detail=summary`, f.admin)).json;
    expect(summary).not.toHaveProperty("segments");
    expect(summary).toMatchObject({
      policyId: a,
      version: 2,
      action: "ENDORSE",
      policyNumber: "A-1",
      startDate: TERM_START,
      endDate: TERM_END,
    });
    expect(summary.fullTermPricingInfo).toEqual(full.fullTermPricingInfo);
    const first = (await f.company.call("GET", `/policies/${a}/versions/1?detail=full`, f.admin)).json;
    expect(first.segments).toHaveLength(1);
  });

  it("answers 404 for a version that does not exist and 400 for one that is not a positive whole number", async () => {
    const { f, a } = await book();
    expectError(
      await f.company.call("GET", `/policies/${a}/versions/3?detail=full`, f.admin),
      404,
      "NotFoundError",
      "Not found",
    );
    for (const version of ["0", "two", "1.5"]) {
      expect(
        must(
          expectError(
            await f.company.call("GET", `/policies/${a}/versions/${version}?detail=full`, f.admin),
            400,
            "VALIDATION_ERROR",
          ).details[0],
        ).field,
      ).toBe("version");
    }
  });
});

describe("GET P/policies/{policyId}", () => {
  it("reads the latest version in full", async () => {
    const { f, a, b } = await book();
    const latest = (await f.company.call("GET", `/policies/${a}`, f.admin)).json;
    expect(latest).toEqual((await f.company.call("GET", `/policies/${a}/versions/2?detail=full`, f.admin)).json);
    expect((await f.company.call("GET", `/policies/${b}`, f.admin)).json).toMatchObject({
      version: 2,
      status: "cancelled",
      endDate: "2026-10-01",
    });
    expectError(
      await f.company.call("GET", `/policies/${crypto.randomUUID()}`, f.admin),
      404,
      "NotFoundError",
      "Not found",
    );
    expect(
      must(
        expectError(await f.company.call("GET", "/policies/not-a-uuid", f.admin), 400, "VALIDATION_ERROR").details[0],
      ).field,
    ).toBe("policyId");
  });
});

describe("read routes: permissions and company scope", () => {
  const paths = (policyId: string) => [
    "/policies/list",
    "/policies/versions",
    `/policies/${policyId}/versions`,
    `/policies/${policyId}/versions/1?detail=full`,
    `/policies/${policyId}`,
  ];

  it("answer 403 to a key without policy.view", async () => {
    const { f, a } = await book();
    const key = await f.company.key(
      [],
      ["policy.create", "policy.endorse", "policy.cancel", "policy.reinstate", "policy.renew"],
    );
    for (const path of paths(a))
      expectError(await f.company.call("GET", path, key), 403, "AuthorizationError", FORBIDDEN);
    const reader = await f.company.key([], ["policy.view"]);
    for (const path of paths(a)) expect((await f.company.call("GET", path, reader)).status, path).toBe(200);
  });

  it("answer 404 to another company's policy id under the caller's own path, and list nothing of it", async () => {
    const { a } = await book();
    const intruder = await setUpPolicies();
    for (const path of paths(a).slice(2))
      expectError(await intruder.company.call("GET", path, intruder.admin), 404, "NotFoundError", "Not found");
    expect((await list(intruder)).json).toMatchObject({ items: [], totalCount: 0 });
    expect((await intruder.company.call("GET", "/policies/versions", intruder.admin)).json).toMatchObject({
      items: [],
      totalCount: 0,
    });
  });

  it("answer 403 to another company's key on its path", async () => {
    const { f, a } = await book();
    const other = await createCompany();
    const key = await other.key(["SUPER_ADMIN"]);
    for (const path of paths(a))
      expectError(
        await f.company.call("GET", path, key),
        403,
        "AuthorizationError",
        "API key is not scoped to the requested company",
      );
  });
});
