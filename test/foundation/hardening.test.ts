import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createCompany, eventually, expectError, STAFF_TOKEN, staff } from "../support/harness";

/** Hardening found by the penetration test (issue 11, item 3) and the headers every answer carries. */

describe("the Authorization value", () => {
  it("is not trimmed of vertical tabs, form feeds or other non-HTTP whitespace", async () => {
    const company = await createCompany();
    const key = await company.key(["ReadOnly"]);
    expect((await company.call("GET", "/me", key)).status).toBe(200);
    for (const padded of [`\v${key}`, `${key}\f`, `\u00a0${key}`, `${key}\u2028`]) {
      const res = await call("GET", `/api/v1/companies/${company.id}/me`, { auth: padded });
      expectError(res, 401, "AuthenticationError", "Invalid API key");
    }
    const staffPadded = await call("GET", `/admin/companies/${company.id}`, { auth: `Bearer ${STAFF_TOKEN}\v` });
    expectError(staffPadded, 401, "AuthenticationError", "Invalid staff token");
  });
});

describe("company ids in paths", () => {
  it("are UUIDs: a staff route answers 400 naming companyId; a key is 403 as for any other company", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    const staffRes = await staff("GET", "/admin/companies/not-a-uuid");
    expect(expectError(staffRes, 400, "VALIDATION_ERROR").details).toEqual([
      { field: "companyId", message: "must be a valid uuid" },
    ]);
    const keyRes = await call("GET", `/api/v1/companies/${"x".repeat(2_000)}/me`, { auth: key });
    expectError(keyRes, 403, "AuthorizationError");
    // The cross-company audit detail names only a well-formed id.
    await eventually(
      async () =>
        (
          await env.DB.prepare("SELECT detail FROM audit_log WHERE company_id = ? AND path LIKE ?")
            .bind(company.id, "/api/v1/companies/xxx%")
            .all<{ detail: string | null }>()
        ).results,
      (rows) => rows.length > 0,
    ).then((rows) => expect(rows.every((r) => !r.detail?.includes("companyIdInPath"))).toBe(true));
  });
});

describe("headers", () => {
  it("X-Content-Type-Options: nosniff on every answer: success, error, 404, 405, system routes", async () => {
    const company = await createCompany();
    for (const res of [
      await call("GET", "/health"),
      await call("GET", "/openapi.json"),
      await call("GET", "/docs"),
      await call("GET", "/nowhere"),
      await call("DELETE", "/health"),
      await call("GET", `/api/v1/companies/${company.id}/me`),
    ]) {
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
  });

  it("the reference page carries a Content-Security-Policy whose script nonce is on its scripts", async () => {
    const res = await call("GET", "/docs");
    const policy = res.headers.get("Content-Security-Policy") ?? "";
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...res.text.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((attributes) => attributes.includes(`nonce="${nonce}"`))).toBe(true);
    const again = (await call("GET", "/docs")).headers.get("Content-Security-Policy");
    expect(again).not.toBe(policy);
  });

  it("loads its script from this service only (the pinned bundle, which the worker serves): it works offline", async () => {
    const res = await call("GET", "/docs");
    expect(res.text).toContain('src="/docs/scalar.js"');
    expect(res.text).not.toMatch(/https?:\/\//);
    const policy = res.headers.get("Content-Security-Policy") ?? "";
    expect(policy).not.toMatch(/https?:/);
  });
});

describe("batchId (interface, Conventions)", () => {
  it("keeps any JSON value as its JSON text, and refuses one over 256 characters", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    const reader = await company.key(["ReadOnly"]);
    const created = await company.call("POST", "/entities/person", key, { body: { batchId: { run: 7, step: "a" } } });
    expect(created.status).toBe(201);
    const entries = await eventually(
      async () => (await company.call("GET", "/audit-log", reader)).json.items as Array<{ batchId: string | null }>,
      (items) => items.some((e) => e.batchId !== null),
    );
    expect(entries.map((e) => e.batchId)).toContain('{"run":7,"step":"a"}');
    const long = await company.call("POST", "/entities/person", key, { body: { batchId: "b".repeat(300) } });
    expect(expectError(long, 400, "VALIDATION_ERROR").details).toEqual([
      { field: "batchId", message: "must be at most 256 characters of JSON text" },
    ]);
    const declared = await company.call("POST", "/relationships/x/links", key, {
      body: { fromId: crypto.randomUUID(), toId: crypto.randomUUID(), batchId: ["b".repeat(300)] },
    });
    expectError(declared, 400, "VALIDATION_ERROR");
  });
});
