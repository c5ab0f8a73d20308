import { describe, expect, it } from "vitest";
import { createCompany, expectError } from "../support/harness";

describe("permission names: both styles grant the same permission", () => {
  it.each([["audit.view"], ["company.audit:read"]])("a key holding %s reads the audit log", async (permission) => {
    const company = await createCompany();
    const key = await company.key([], [permission]);
    expect((await company.call("GET", "/audit-log", key)).status).toBe(200);
  });

  it("lists effective permissions in resource.verb style only", async () => {
    const company = await createCompany();
    const key = await company.key([], ["company.claim:create", "company.payment:read", "quote.cancel"]);
    const me = await company.call("GET", "/me", key);
    expect(me.json.permissions).toEqual(["event.create", "payment.view", "quote.cancel"]);
  });
});

describe("roles (CONTRACT section 1)", () => {
  it("Admin holds every company permission except company.reset, and field write groups", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const { permissions } = (await company.call("GET", "/me", key)).json;
    expect(permissions).toContain("invoice.edit-paid");
    expect(permissions).toContain("note.view-privileged");
    expect(permissions).toContain("audit.view");
    expect(permissions).not.toContain("company.reset");
    expectError(await company.call("POST", "/reset", key), 403, "AuthorizationError");
  });

  it("Finance holds financial permissions including invoice.edit-paid, plus reads, and no other writes", async () => {
    const company = await createCompany();
    const key = await company.key(["Finance"]);
    const { permissions } = (await company.call("GET", "/me", key)).json as { permissions: string[] };
    expect(permissions).toEqual(
      expect.arrayContaining([
        "invoice.edit-paid",
        "invoice.edit",
        "invoice.delete",
        "payment.record",
        "payment.delete",
        "payment.view",
        "policy.view",
        "company.view",
      ]),
    );
    expect(permissions.filter((p) => !/^(payment|invoice)\./.test(p)).every((p) => p.endsWith(".view"))).toBe(true);
    expect((await company.call("GET", "/lifecycle", key)).status).toBe(200);
  });

  it("ReadOnly holds view permissions only", async () => {
    const company = await createCompany();
    const key = await company.key(["ReadOnly"]);
    const { permissions } = (await company.call("GET", "/me", key)).json as { permissions: string[] };
    expect(permissions.length).toBeGreaterThan(10);
    expect(permissions.every((p) => p.endsWith(".view"))).toBe(true);
    expect(permissions).not.toContain("note.view-privileged");
    expect((await company.call("GET", "/lifecycle", key)).status).toBe(200);
    expectError(await company.call("POST", "/reset", key), 403, "AuthorizationError");
  });

  it("SandboxManager holds company.reset", async () => {
    const company = await createCompany();
    const key = await company.key(["SandboxManager"]);
    expect((await company.call("GET", "/me", key)).json.permissions).toEqual(["company.reset"]);
    expect((await company.call("POST", "/reset", key)).status).toBe(200);
  });

  it("SUPER_ADMIN holds everything, company.reset included", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    const { permissions } = (await company.call("GET", "/me", key)).json as { permissions: string[] };
    expect(permissions).toContain("company.reset");
    expect(permissions).toContain("configuration.export");
    expect((await company.call("POST", "/reset", key)).status).toBe(200);
  });

  it("FMV1_CONFIGURATION_MANAGER holds the configuration permissions", async () => {
    const company = await createCompany();
    const key = await company.key(["FMV1_CONFIGURATION_MANAGER"]);
    const { permissions } = (await company.call("GET", "/me", key)).json as { permissions: string[] };
    expect(permissions).toEqual(
      expect.arrayContaining(["configuration.export", "configuration.import", "configuration.view"]),
    );
    expect(permissions).not.toContain("company.reset");
  });

  it("a key's grants are the union of its roles and explicit permissions", async () => {
    const company = await createCompany();
    const key = await company.key(["ReadOnly"], ["company.reset"]);
    const me = (await company.call("GET", "/me", key)).json;
    expect(me.roles).toEqual(["ReadOnly"]);
    expect(me.permissions).toContain("company.reset");
    expect(me.permissions).toContain("policy.view");
    expect((await company.call("POST", "/reset", key)).status).toBe(200);
  });
});

describe("reads every integration needs take only a valid key", () => {
  it("GET /me and GET /entity-types answer a key with no grants", async () => {
    const company = await createCompany();
    const { id, key } = await company.keyWithId([], []);
    const me = await company.call("GET", "/me", key);
    expect(me.status).toBe(200);
    expect(me.json).toEqual({ companyId: company.id, keyId: id, roles: [], permissions: [] });
    const types = await company.call("GET", "/entity-types", key);
    expect(types.status).toBe(200);
    expect(types.json.items.map((t: { key: string }) => t.key)).toEqual([
      "exposure",
      "event",
      "submission",
      "quote",
      "person",
      "organization",
      "policy",
    ]);
  });
});
