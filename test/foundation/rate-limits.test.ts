import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, createCompany, eventually, expectError, setRequestBudget, staff } from "../support/harness";

/** Rate limits per API key (CONTRACT 8.2). */

const HEADERS = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"];
const headersOf = (res: { headers: Headers }) => HEADERS.map((name) => res.headers.get(name));

async function companyWithBudget(requestsPerMinute: number) {
  const company = await createCompany();
  await setRequestBudget(company.id, requestsPerMinute);
  return company;
}

describe("a key's budget of requests per minute", () => {
  it("answers the 6th request over a budget of 5 with 429 RateLimited and Retry-After; the headers count down", async () => {
    const company = await companyWithBudget(5);
    const key = await company.key(["ReadOnly"]);
    const remaining: Array<string | null> = [];
    for (let i = 0; i < 5; i++) {
      const res = await company.call("GET", "/me", key);
      expect(res.status).toBe(200);
      expect(res.headers.get("RateLimit-Limit")).toBe("5");
      const reset = Number(res.headers.get("RateLimit-Reset"));
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(reset).toBeLessThanOrEqual(60);
      remaining.push(res.headers.get("RateLimit-Remaining"));
    }
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);
    const refused = await company.call("GET", "/me", key);
    expectError(refused, 429, "RateLimited", "Rate limit exceeded");
    expect(refused.headers.get("RateLimit-Remaining")).toBe("0");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("Retry-After")).toBe(refused.headers.get("RateLimit-Reset"));
  });

  it("runs nothing over budget, and audit-logs the refused call", async () => {
    const company = await companyWithBudget(1);
    const key = await company.key(["Admin"]);
    expect((await company.call("GET", "/me", key)).status).toBe(200);
    const refused = await company.call("POST", "/entities/person", key, { body: { name: "Never stored" } });
    expectError(refused, 429, "RateLimited");
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM entities WHERE company_id = ?")
      .bind(company.id)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
    const requestId = refused.headers.get("X-Request-Id");
    const row = await eventually(
      () =>
        env.DB.prepare("SELECT status, company_id FROM audit_log WHERE request_id = ?").bind(requestId).first<any>(),
      (r) => r !== null,
    );
    expect(row).toEqual({ status: 429, company_id: company.id });
  });

  it("is per key: another key of the company has its own budget", async () => {
    const company = await companyWithBudget(1);
    const [first, second] = [await company.key(["ReadOnly"]), await company.key(["ReadOnly"])];
    expect((await company.call("GET", "/me", first)).status).toBe(200);
    expect((await company.call("GET", "/me", first)).status).toBe(429);
    expect((await company.call("GET", "/me", second)).status).toBe(200);
  });

  it("counts a key used on another company's path against its own company's budget", async () => {
    const company = await companyWithBudget(3);
    const other = await createCompany();
    const key = await company.key(["Admin"]);
    const elsewhere = await call("GET", `/api/v1/companies/${other.id}/me`, { auth: key });
    expectError(elsewhere, 403, "AuthorizationError");
    expect(headersOf(elsewhere).slice(0, 2)).toEqual(["3", "2"]);
    expect((await company.call("GET", "/me", key)).headers.get("RateLimit-Remaining")).toBe("1");
  });

  it("charges most requests in the isolate: units granted by the key's limiter object are never allowed twice", async () => {
    // A budget of 32: each grant is 1/16 of what remains (floor(32 / 16) = 2 units, then 1 at a time).
    const company = await companyWithBudget(32);
    const key = await company.key(["ReadOnly"]);
    const first = await company.call("GET", "/me", key);
    expect(headersOf(first).slice(0, 2)).toEqual(["32", "31"]); // 2 granted, 30 left in the object, 1 held here
    // Another isolate takes every unit left in the object.
    const keyRow = await env.DB.prepare("SELECT id FROM api_keys WHERE company_id = ?").bind(company.id).first<any>();
    const limiter = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(keyRow.id));
    let elsewhere = 0;
    for (;;) {
      const grant = await limiter.grant(32, null);
      if (grant.units === 0) break;
      elsewhere += grant.units;
    }
    expect(elsewhere).toBe(30);
    // This isolate still holds one unit: allowed without asking the object (its count is as of its grant).
    expect(headersOf(await company.call("GET", "/me", key)).slice(0, 2)).toEqual(["32", "30"]);
    // Then nothing is left anywhere: 2 + 30 = the budget of 32, and the next request is refused.
    expectError(await company.call("GET", "/me", key), 429, "RateLimited");
  });

  it("tops a busy key's units up in the background before they run out, and never past the budget", async () => {
    // A budget of 100,000: grants of GRANT_MAX = 50 units. Once 12 are left (a quarter), the call that spent
    // the 38th asks the object for more after its answer; without that, the object would have granted 50 only.
    const company = await companyWithBudget(100_000);
    const key = await company.key(["ReadOnly"]);
    for (let i = 1; i <= 38; i++) {
      const res = await company.call("GET", "/me", key);
      expect(res.status).toBe(200);
      expect(headersOf(res).slice(0, 2)).toEqual(["100000", String(100_000 - i)]);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
    const keyRow = await env.DB.prepare("SELECT id FROM api_keys WHERE company_id = ?").bind(company.id).first<any>();
    const probe = await env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(keyRow.id)).grant(100_000, null);
    // Taken: the first grant (50), the top-up (50) and this probe's own grant (50).
    expect(probe.units).toBe(50);
    expect(probe.remaining).toBe(100_000 - 150);
    // The isolate holds the rest of both grants (61 after this call), counted against what the object had left
    // at the top-up (100,000 - 100): the count goes on from where it was, with no gap.
    const next = await company.call("GET", "/me", key);
    expect(headersOf(next).slice(0, 2)).toEqual(["100000", String(100_000 - 39)]);
  });

  it("keeps the exact one-grant-at-a-time count for small grants: a budget of 32 gets no top-up", async () => {
    const company = await companyWithBudget(32);
    const key = await company.key(["ReadOnly"]);
    for (let i = 1; i <= 3; i++) expect((await company.call("GET", "/me", key)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const keyRow = await env.DB.prepare("SELECT id FROM api_keys WHERE company_id = ?").bind(company.id).first<any>();
    const probe = await env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(keyRow.id)).grant(32, null);
    // Taken before the probe: 2 (floor(32 / 16)), then 1 when those were spent: 3 of 32, none held ahead.
    expect(probe.remaining + probe.units).toBe(32 - 3);
  });

  it("applies 600 a minute by default, shown by the staff read; staff and 401 answers carry no headers", async () => {
    const company = await createCompany();
    const read = await staff("GET", `/admin/companies/${company.id}`);
    expect(read.json.rateLimit).toEqual({ requestsPerMinute: 600 });
    expect(headersOf(read)).toEqual([null, null, null]);
    const key = await company.key(["ReadOnly"]);
    expect(headersOf(await company.call("GET", "/me", key)).slice(0, 2)).toEqual(["600", "599"]);
    const anonymous = await company.call("GET", "/me", "not-a-key");
    expectError(anonymous, 401, "AuthenticationError");
    expect(headersOf(anonymous)).toEqual([null, null, null]);
  });

  it("takes a budget of 1 to 100,000 from staff only, merged like the other settings", async () => {
    const company = await createCompany();
    for (const requestsPerMinute of [0, 100_001, 2.5, "10"]) {
      expectError(
        await staff("PATCH", `/admin/companies/${company.id}`, { rateLimit: { requestsPerMinute } }),
        400,
        "VALIDATION_ERROR",
      );
    }
    expectError(await staff("PATCH", `/admin/companies/${company.id}`, { rateLimit: {} }), 400, "VALIDATION_ERROR");
    const changed = await staff("PATCH", `/admin/companies/${company.id}`, { features: { financials: false } });
    expect(changed.json.rateLimit).toEqual({ requestsPerMinute: 600 });
    const set = await staff("PATCH", `/admin/companies/${company.id}`, { rateLimit: { requestsPerMinute: 100_000 } });
    expect(set.json).toMatchObject({ rateLimit: { requestsPerMinute: 100_000 }, features: { financials: false } });
  });
});
