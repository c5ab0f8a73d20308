import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createCompany, eventually, expectError, staff, type TestCompany } from "../support/harness";
import { must } from "../support/must";

async function seedSequence(company: TestCompany, name: string, value: number) {
  await env.DB.prepare("INSERT INTO sequences (company_id, name, value) VALUES (?, ?, ?)")
    .bind(company.id, name, value)
    .run();
}

async function sequencesOf(company: TestCompany) {
  const { results } = await env.DB.prepare("SELECT name, value FROM sequences WHERE company_id = ?")
    .bind(company.id)
    .all();
  return results;
}

describe("GET /lifecycle", () => {
  it.each(["sandbox", "live", "retired", "uninitialized"] as const)("reports %s", async (lifecycle) => {
    const company = await createCompany(lifecycle);
    const key = await company.key(["ReadOnly"]);
    expect((await company.call("GET", "/lifecycle", key)).json).toEqual({ companyId: company.id, lifecycle });
  });

  it("answers the lifecycle the call was authorized under: a staff change at once here, elsewhere within 1 s", async () => {
    const company = await createCompany("sandbox");
    const key = await company.key(["ReadOnly"]);
    expect((await company.call("GET", "/lifecycle", key)).json.lifecycle).toBe("sandbox");
    // Through the staff API in this isolate: forgotten at once.
    expect((await staff("PATCH", `/admin/companies/${company.id}`, { lifecycle: "live" })).status).toBe(200);
    expect((await company.call("GET", "/lifecycle", key)).json.lifecycle).toBe("live");
    // As another isolate's change lands (D1 only): the answer follows within the key cache's bound.
    await env.DB.prepare("UPDATE companies SET lifecycle = 'retired' WHERE id = ?").bind(company.id).run();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await company.call("GET", "/lifecycle", key)).json.lifecycle).toBe("retired");
  });

  it("needs company.view", async () => {
    const company = await createCompany();
    expectError(
      await company.call("GET", "/lifecycle", await company.key([], ["audit.view"])),
      403,
      "AuthorizationError",
    );
    expect((await company.call("GET", "/lifecycle", await company.key([], ["company.view"]))).status).toBe(200);
  });
});

describe("POST /reset on a Sandbox company", () => {
  it("clears application data and restarts sequence counters, keeping other companies' data", async () => {
    const company = await createCompany();
    const neighbour = await createCompany();
    await seedSequence(company, "policyNumber", 41);
    await seedSequence(neighbour, "policyNumber", 7);
    const res = await company.call("POST", "/reset", await company.key(["SandboxManager"]));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      companyId: company.id,
      lifecycle: "sandbox",
      resetAt: expect.any(String),
      receiptId: expect.any(String),
    });
    expect(await sequencesOf(company)).toEqual([]);
    expect(await sequencesOf(neighbour)).toEqual([{ name: "policyNumber", value: 7 }]);
  });

  it("keeps configuration and access: the company, its lifecycle and its keys", async () => {
    const company = await createCompany();
    const admin = await company.key(["Admin"]);
    expect((await company.call("POST", "/reset", await company.key(["SandboxManager"]))).status).toBe(200);
    expect((await company.call("GET", "/lifecycle", admin)).json).toEqual({
      companyId: company.id,
      lifecycle: "sandbox",
    });
    expect((await staff("GET", `/admin/companies/${company.id}/api-keys`)).json.items).toHaveLength(2);
  });

  it("commits its audit receipt with the reset and keeps the audit log", async () => {
    const company = await createCompany();
    const reader = await company.key(["ReadOnly"]);
    await company.call("GET", "/lifecycle", reader);
    const { id: keyId, key } = await company.keyWithId(["SandboxManager"]);
    const res = await company.call("POST", "/reset", key);
    // The receipt is part of the reset's own batch, so it is readable as soon as the reset answers.
    const receipt = await env.DB.prepare("SELECT * FROM audit_log WHERE id = ?")
      .bind(res.json.receiptId)
      .first<Record<string, any>>();
    expect(receipt).toMatchObject({
      company_id: company.id,
      kind: "receipt",
      action: "resetCompany",
      key_id: keyId,
      method: "POST",
    });
    // Request rows are written after their answers (the isolate's audit buffer), so the read waits for it.
    const log = await eventually(
      () => company.call("GET", "/audit-log", reader),
      (read) => read.json.items.some((e: any) => e.kind === "request" && e.action === "getLifecycle"),
    );
    expect(log.json.items.some((e: any) => e.id === res.json.receiptId)).toBe(true);
    expect(log.json.items.some((e: any) => e.kind === "request" && e.action === "getLifecycle")).toBe(true);
  });
});

describe("POST /reset refuses companies that are not Sandbox, for every caller", () => {
  it.each(["live", "retired", "uninitialized"] as const)(
    "%s answers 409 CompanyLifecycleRefused and clears nothing",
    async (lifecycle) => {
      const company = await createCompany(lifecycle);
      await seedSequence(company, "quoteNumber", 3);
      for (const roles of [["SandboxManager"], ["SUPER_ADMIN"]]) {
        const res = await company.call("POST", "/reset", await company.key(roles));
        expectError(
          res,
          409,
          "CompanyLifecycleRefused",
          `Reset is only available to Sandbox companies; this company is ${lifecycle}`,
        );
      }
      expect(await sequencesOf(company)).toEqual([{ name: "quoteNumber", value: 3 }]);
      const receipts = await env.DB.prepare(
        "SELECT COUNT(*) AS n FROM audit_log WHERE company_id = ? AND kind = 'receipt'",
      )
        .bind(company.id)
        .first<{ n: number }>();
      expect(must(receipts).n).toBe(0);
    },
  );

  it("checks the permission before the lifecycle", async () => {
    const company = await createCompany("live");
    expectError(await company.call("POST", "/reset", await company.key(["Admin"])), 403, "AuthorizationError");
  });

  it("refuses after the company went live, even when the moves race", async () => {
    const company = await createCompany();
    const key = await company.key(["SandboxManager"]);
    const [reset, golive] = await Promise.all([
      company.call("POST", "/reset", key),
      staff("PATCH", `/admin/companies/${company.id}`, { lifecycle: "live" }),
    ]);
    expect(golive.status).toBe(200);
    expect([200, 409]).toContain(reset.status);
    expectError(await company.call("POST", "/reset", key), 409, "CompanyLifecycleRefused");
  });
});
