import { describe, expect, it } from "vitest";
import { call, createCompany, expectError } from "../support/harness";

/**
 * Rules every company route obeys, checked against every operation the OpenAPI description lists, so
 * routes added later are covered without anyone remembering to add them here.
 */
interface Operation {
  method: string;
  path: string;
  permission: string;
}

async function companyOperations(): Promise<Operation[]> {
  const document = (await call("GET", "/openapi.json")).json;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<any>(document.paths)) {
    if (!path.startsWith("/api/")) continue;
    for (const [method, operation] of Object.entries<any>(item)) {
      // Staff-only company routes (policy repair) refuse every API key with 401; test/policies/repair.test.ts covers them.
      if (operation["x-permission"] === "staff") continue;
      operations.push({ method: method.toUpperCase(), path, permission: operation["x-permission"] });
    }
  }
  return operations;
}

const bodyFor = (op: Operation) => (op.method === "GET" || op.method === "HEAD" ? {} : { body: {} });

/** Fills path parameters with well-formed ids that exist nowhere. */
function concretePath(path: string, companyId: string): string {
  return path.replace("{companyId}", companyId).replaceAll(/\{\w+\}/g, "00000000-0000-4000-8000-000000000001");
}

describe("every company route", () => {
  it("is listed with an x-permission", async () => {
    const operations = await companyOperations();
    expect(operations.length).toBeGreaterThan(5);
    for (const op of operations) expect(op.permission, `${op.method} ${op.path}`).toBeTruthy();
  });

  it("answers 401 without a key", async () => {
    const company = await createCompany();
    for (const op of await companyOperations()) {
      const res = await call(op.method, concretePath(op.path, company.id));
      expectError(res, 401, "AuthenticationError", "API key authentication required");
    }
  });

  it("answers 403 to another company's key, whatever that key may do", async () => {
    const target = await createCompany("sandbox", "Target");
    const intruder = await createCompany("sandbox", "Intruder");
    const key = await intruder.key(["SUPER_ADMIN"]);
    for (const op of await companyOperations()) {
      const res = await call(op.method, concretePath(op.path, target.id), { auth: key, ...bodyFor(op) });
      expectError(res, 403, "AuthorizationError", "API key is not scoped to the requested company");
    }
  });

  it("answers 403 to a key of the company that lacks the route's permission", async () => {
    const company = await createCompany();
    const key = await company.key([], []);
    const guarded = (await companyOperations()).filter((op) => op.permission !== "any-valid-key");
    expect(guarded.length).toBeGreaterThan(0);
    for (const op of guarded) {
      const res = await call(op.method, concretePath(op.path, company.id), { auth: key, ...bodyFor(op) });
      expectError(res, 403, "AuthorizationError", "User is not authorized to perform the requested action");
    }
  });

  it("carries Cache-Control: no-store on success and on error", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    for (const op of (await companyOperations()).filter((o) => o.method === "GET")) {
      const ok = await call(op.method, concretePath(op.path, company.id), { auth: key });
      expect(ok.headers.get("Cache-Control"), `${op.method} ${op.path}`).toBe("no-store");
      const refused = await call(op.method, concretePath(op.path, company.id));
      expect(refused.headers.get("Cache-Control")).toBe("no-store");
    }
  });
});
