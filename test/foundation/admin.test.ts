import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createCompany, expectError, staff } from "../support/harness";
import { must } from "../support/must";

describe("staff administration: companies", () => {
  it("creates a company with sandbox lifecycle and every feature on by default", async () => {
    const res = await staff("POST", "/admin/companies", { name: "Acme Mutual", shortName: "acme" });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Acme Mutual",
      shortName: "acme",
      lifecycle: "sandbox",
      features: { financials: true, policyFinancials: true, ofacScreening: true },
      // CONTRACT section 7.1: the company gains bill review settings, capacity 5 and not paused by default.
      billReview: { capacity: 5, paused: false },
      // CONTRACT 8.2 (issue 15): each key's budget, 600 requests a minute by default.
      rateLimit: { requestsPerMinute: 600 },
    });
    expect((await staff("GET", `/admin/companies/${res.json.id}`)).json).toEqual(res.json);
  });

  it.each(["live", "retired", "uninitialized"])("creates a company with lifecycle %s", async (lifecycle) => {
    const res = await staff("POST", "/admin/companies", { name: "X", shortName: "x", lifecycle });
    expect(res.status).toBe(201);
    expect(res.json.lifecycle).toBe(lifecycle);
  });

  it("refuses an unknown lifecycle, a missing name and unknown members with 400 and writes nothing", async () => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM companies").first<{ n: number }>();
    const bad = await staff("POST", "/admin/companies", { name: "X", shortName: "x", lifecycle: "Production" });
    expect(must(expectError(bad, 400, "VALIDATION_ERROR").details[0]).field).toBe("lifecycle");
    expectError(await staff("POST", "/admin/companies", { shortName: "x" }), 400, "VALIDATION_ERROR");
    expectError(
      await staff("POST", "/admin/companies", { name: "X", shortName: "x", color: "red" }),
      400,
      "VALIDATION_ERROR",
    );
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM companies").first<{ n: number }>();
    expect(must(after).n).toBe(must(before).n);
  });

  it("answers 404 for an unknown company and 400 for a malformed id", async () => {
    expectError(
      await staff("GET", "/admin/companies/00000000-0000-4000-8000-000000000000"),
      404,
      "NotFoundError",
      "Not found",
    );
    expectError(await staff("GET", "/admin/companies/not-a-uuid"), 400, "VALIDATION_ERROR");
  });

  it("merges features on PATCH", async () => {
    const company = await createCompany();
    const res = await staff("PATCH", `/admin/companies/${company.id}`, { features: { ofacScreening: false } });
    expect(res.status).toBe(200);
    expect(res.json.features).toEqual({ financials: true, policyFinancials: true, ofacScreening: false });
    const again = await staff("PATCH", `/admin/companies/${company.id}`, { features: { financials: false } });
    expect(again.json.features).toEqual({ financials: false, policyFinancials: true, ofacScreening: false });
    expectError(
      await staff("PATCH", `/admin/companies/${company.id}`, { features: { telepathy: true } }),
      400,
      "VALIDATION_ERROR",
    );
  });

  it("moves the lifecycle forward and refuses moves back towards wipeable states", async () => {
    const company = await createCompany("uninitialized");
    expect((await staff("PATCH", `/admin/companies/${company.id}`, { lifecycle: "sandbox" })).json.lifecycle).toBe(
      "sandbox",
    );
    expect((await staff("PATCH", `/admin/companies/${company.id}`, { lifecycle: "live" })).json.lifecycle).toBe("live");
    expect((await staff("PATCH", `/admin/companies/${company.id}`, { lifecycle: "live" })).status).toBe(200);
    const back = await staff("PATCH", `/admin/companies/${company.id}`, { lifecycle: "sandbox" });
    expectError(back, 409, "CompanyLifecycleRefused", "Company lifecycle cannot move from live to sandbox");
    expect((await staff("PATCH", `/admin/companies/${company.id}`, { lifecycle: "retired" })).json.lifecycle).toBe(
      "retired",
    );
    expectError(
      await staff("PATCH", `/admin/companies/${company.id}`, { lifecycle: "live" }),
      409,
      "CompanyLifecycleRefused",
    );
    expect((await staff("GET", `/admin/companies/${company.id}`)).json.lifecycle).toBe("retired");
  });
});

describe("staff administration: API keys", () => {
  it("shows the key once and stores only its hash", async () => {
    const company = await createCompany();
    const res = await staff("POST", `/admin/companies/${company.id}/api-keys`, {
      name: "integration",
      roles: ["Finance"],
      permissions: ["company.claim:create"],
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(String),
      key: expect.stringMatching(/^iop_/),
      name: "integration",
      roles: ["Finance"],
      permissions: ["company.claim:create"],
    });

    const row = await env.DB.prepare("SELECT * FROM api_keys WHERE id = ?")
      .bind(res.json.id)
      .first<Record<string, unknown>>();
    expect(JSON.stringify(row)).not.toContain(res.json.key);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(res.json.key)));
    expect(must(row).key_hash).toBe([...digest].map((b) => b.toString(16).padStart(2, "0")).join(""));

    const listed = await staff("GET", `/admin/companies/${company.id}/api-keys`);
    expect(listed.json.items).toEqual([
      expect.objectContaining({ id: res.json.id, name: "integration", revokedAt: null }),
    ]);
    expect(listed.text).not.toContain(res.json.key);
  });

  it("refuses unknown roles and permissions with 400 and creates nothing", async () => {
    const company = await createCompany();
    const role = await staff("POST", `/admin/companies/${company.id}/api-keys`, { name: "k", roles: ["Wizard"] });
    expect(must(expectError(role, 400, "VALIDATION_ERROR").details[0]).field).toBe("roles[0]");
    const permission = await staff("POST", `/admin/companies/${company.id}/api-keys`, {
      name: "k",
      permissions: ["policy.teleport"],
    });
    expect(must(expectError(permission, 400, "VALIDATION_ERROR").details[0]).field).toBe("permissions[0]");
    expect((await staff("GET", `/admin/companies/${company.id}/api-keys`)).json.items).toEqual([]);
  });

  it("answers 404 when creating a key for an unknown company", async () => {
    const res = await staff("POST", "/admin/companies/00000000-0000-4000-8000-000000000000/api-keys", { name: "k" });
    expectError(res, 404, "NotFoundError");
  });

  it("revokes only under the key's own company, once", async () => {
    const mine = await createCompany("sandbox", "Mine");
    const theirs = await createCompany("sandbox", "Theirs");
    const { id, key } = await mine.keyWithId(["Admin"]);
    expectError(await staff("DELETE", `/admin/companies/${theirs.id}/api-keys/${id}`), 404, "NotFoundError");
    expect((await mine.call("GET", "/lifecycle", key)).status).toBe(200);
    expect((await staff("DELETE", `/admin/companies/${mine.id}/api-keys/${id}`)).status).toBe(204);
    expectError(await staff("DELETE", `/admin/companies/${mine.id}/api-keys/${id}`), 404, "NotFoundError");
    const listed = await staff("GET", `/admin/companies/${mine.id}/api-keys`);
    expect(listed.json.items[0].revokedAt).toEqual(expect.any(String));
  });
});

describe("staff administration refuses anything but the staff token", () => {
  const routes: Array<[string, string]> = [
    ["POST", "/admin/companies"],
    ["GET", "/admin/companies/{id}"],
    ["PATCH", "/admin/companies/{id}"],
    ["POST", "/admin/companies/{id}/api-keys"],
    ["GET", "/admin/companies/{id}/api-keys"],
    ["DELETE", "/admin/companies/{id}/api-keys/00000000-0000-4000-8000-000000000000"],
  ];

  it("refuses API keys, raw or as Bearer, even SUPER_ADMIN ones", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    for (const [method, path] of routes) {
      const concrete = path.replace("{id}", company.id);
      const body = method === "GET" || method === "DELETE" ? undefined : { name: "x", shortName: "x" };
      expectError(await call(method, concrete, { auth: key, body }), 401, "AuthenticationError", "Invalid staff token");
      expectError(
        await call(method, concrete, { auth: `Bearer ${key}`, body }),
        401,
        "AuthenticationError",
        "Invalid staff token",
      );
    }
  });

  it("refuses a missing or wrong staff token", async () => {
    const company = await createCompany();
    for (const [method, path] of routes) {
      const concrete = path.replace("{id}", company.id);
      expectError(await call(method, concrete), 401, "AuthenticationError", "Staff authentication required");
      expectError(
        await call(method, concrete, { auth: "Bearer wrong-token" }),
        401,
        "AuthenticationError",
        "Invalid staff token",
      );
    }
  });
});
