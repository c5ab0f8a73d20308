import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { KEY_CACHE_TTL_MS, KEY_REFRESH_AFTER_MS } from "../../worker/http/key-cache";
import { call, createCompany, expectError, STAFF_TOKEN, staff } from "../support/harness";

const MISSING = "API key authentication required";
const INVALID = "Invalid API key";
const WRONG_COMPANY = "API key is not scoped to the requested company";
const FORBIDDEN = "User is not authorized to perform the requested action";

describe("Authentication 1: the raw key is the whole Authorization value", () => {
  it("accepts the raw key", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const res = await call("GET", `/api/v1/companies/${company.id}/lifecycle`, { auth: key });
    expect(res.status).toBe(200);
  });
});

describe("Authentication 2: scheme prefixes and X-API-Key are refused", () => {
  it("refuses `Bearer <key>` as an invalid key", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    expectError(await company.call("GET", "/lifecycle", `Bearer ${key}`), 401, "AuthenticationError", INVALID);
  });

  it("refuses `ApiKey <key>` as an invalid key", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    expectError(await company.call("GET", "/lifecycle", `ApiKey ${key}`), 401, "AuthenticationError", INVALID);
  });

  it("refuses an X-API-Key header without Authorization as a missing key", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const res = await call("GET", `/api/v1/companies/${company.id}/lifecycle`, { headers: { "X-API-Key": key } });
    expectError(res, 401, "AuthenticationError", MISSING);
  });

  it("refuses the staff token on company routes, raw or as Bearer", async () => {
    const company = await createCompany();
    expectError(await company.call("GET", "/lifecycle", `Bearer ${STAFF_TOKEN}`), 401, "AuthenticationError", INVALID);
    expectError(await company.call("GET", "/lifecycle", STAFF_TOKEN), 401, "AuthenticationError", INVALID);
  });
});

describe("Authentication 3: missing and invalid keys", () => {
  it("answers a missing key with 401 `API key authentication required`", async () => {
    const company = await createCompany();
    expectError(await call("GET", `/api/v1/companies/${company.id}/lifecycle`), 401, "AuthenticationError", MISSING);
  });

  it("treats an empty Authorization header as missing", async () => {
    const company = await createCompany();
    expectError(await company.call("GET", "/lifecycle", ""), 401, "AuthenticationError", MISSING);
  });

  it("answers an unknown key with 401 `Invalid API key`", async () => {
    const company = await createCompany();
    expectError(await company.call("GET", "/lifecycle", "iop_not-a-real-key"), 401, "AuthenticationError", INVALID);
  });

  it("checks the key before anything else, even on unknown routes", async () => {
    const company = await createCompany();
    expectError(await company.call("GET", "/no-such-route", "iop_not-a-real-key"), 401, "AuthenticationError", INVALID);
  });
});

describe("Authentication 4: company scope and permissions", () => {
  it("answers a valid key naming another company with 403", async () => {
    const mine = await createCompany("sandbox", "Mine");
    const theirs = await createCompany("sandbox", "Theirs");
    const key = await mine.key(["SUPER_ADMIN"]);
    expectError(await theirs.call("GET", "/lifecycle", key), 403, "AuthorizationError", WRONG_COMPANY);
  });

  it("answers a company id that does not exist like any other company (403)", async () => {
    const mine = await createCompany();
    const key = await mine.key(["Admin"]);
    const res = await call("GET", "/api/v1/companies/00000000-0000-4000-8000-000000000000/lifecycle", { auth: key });
    expectError(res, 403, "AuthorizationError", WRONG_COMPANY);
  });

  it("answers a key without the route's permission with 403", async () => {
    const company = await createCompany();
    const key = await company.key([], ["audit.view"]);
    expectError(await company.call("GET", "/lifecycle", key), 403, "AuthorizationError", FORBIDDEN);
  });
});

describe("Revocation takes effect at once", () => {
  it("refuses a revoked key on its very next call", async () => {
    const company = await createCompany();
    const { id, key } = await company.keyWithId(["Admin"]);
    expect((await company.call("GET", "/lifecycle", key)).status).toBe(200);
    expect((await staff("DELETE", `/admin/companies/${company.id}/api-keys/${id}`)).status).toBe(204);
    expectError(await company.call("GET", "/lifecycle", key), 401, "AuthenticationError", INVALID);
    expectError(await company.call("GET", "/me", key), 401, "AuthenticationError", INVALID);
  });

  it("reaches every isolate within 1 s: a revocation written by another isolate is honoured after the bound", async () => {
    const company = await createCompany();
    const { id, key } = await company.keyWithId(["Admin"]);
    expect((await company.call("GET", "/lifecycle", key)).status).toBe(200);
    // As another isolate's revocation lands: in D1 only, this isolate's cache not told.
    await env.DB.prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ?").bind(new Date().toISOString(), id).run();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expectError(await company.call("GET", "/lifecycle", key), 401, "AuthenticationError", INVALID);
  });

  it("reaches every isolate within 1 s even while the key is in constant use: use does not extend the bound", async () => {
    const company = await createCompany();
    const { id, key } = await company.keyWithId(["Admin"]);
    expect((await company.call("GET", "/lifecycle", key)).status).toBe(200);
    await env.DB.prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ?").bind(new Date().toISOString(), id).run();
    const revokedAt = Date.now();
    // A call every 50 ms: a bound renewed by each call would keep the revoked key working for as long as this runs.
    const statuses: { afterMs: number; status: number }[] = [];
    while (Date.now() - revokedAt < 1_600) {
      const status = (await company.call("GET", "/lifecycle", key)).status;
      statuses.push({ afterMs: Date.now() - revokedAt, status });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const lateStatuses = statuses.filter((s) => s.afterMs > 1_050).map((s) => s.status);
    expect(lateStatuses.length).toBeGreaterThan(0);
    expect(new Set(lateStatuses)).toEqual(new Set([401]));
  });

  it("reads a key in use again in the background after half its bound: another isolate's revocation lands sooner", async () => {
    const company = await createCompany();
    const { id, key } = await company.keyWithId(["Admin"]);
    const firstCallAt = Date.now();
    // The key's entry is read here, so its second starts no earlier than firstCallAt.
    expect((await company.call("GET", "/lifecycle", key)).status).toBe(200);
    await env.DB.prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ?").bind(new Date().toISOString(), id).run();
    let refusedAfterMs: number | null = null;
    while (refusedAfterMs === null && Date.now() - firstCallAt < 1_500) {
      const res = await company.call("GET", "/lifecycle", key);
      if (res.status === 401) refusedAfterMs = Date.now() - firstCallAt;
      else expect(res.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // Kept for the whole second, the key would work until at least firstCallAt + 1 s: the call that found
    // the entry half a second old read it again after answering, and found it revoked.
    expect(refusedAfterMs).not.toBeNull();
    expect(refusedAfterMs).toBeLessThan(KEY_CACHE_TTL_MS);
    expect(refusedAfterMs).toBeGreaterThanOrEqual(KEY_REFRESH_AFTER_MS);
  });

  it("leaves the company's other keys working", async () => {
    const company = await createCompany();
    const revoked = await company.keyWithId(["Admin"]);
    const kept = await company.key(["Admin"]);
    await staff("DELETE", `/admin/companies/${company.id}/api-keys/${revoked.id}`);
    expect((await company.call("GET", "/lifecycle", kept)).status).toBe(200);
  });
});
