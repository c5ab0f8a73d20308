import { describe, expect, it } from "vitest";
import { call, createCompany, expectError, type Lifecycle, staff } from "../support/harness";
import { bodyFor, companyOperations, concretePath, type Operation, servedDocument } from "./operations";

/**
 * Rules every company route obeys, checked against every operation the OpenAPI description lists, so
 * routes added later are covered without anyone remembering to add them here.
 */

const label = (op: Operation) => `${op.method} ${op.path}`;
const NOT_AUTHORIZED = "User is not authorized to perform the requested action";

describe("every company route", () => {
  it("states its permission in x-permission: a permission, or null for a valid-key-only route", async () => {
    const operations = await companyOperations();
    expect(operations.length).toBeGreaterThan(5);
    for (const op of operations) {
      expect(Object.hasOwn(op.operation, "x-permission"), label(op)).toBe(true);
      expect(op.permission === null || typeof op.permission === "string", label(op)).toBe(true);
    }
    // The routes that need only a valid key (CONTRACT 8.3): the caller, the types, the entity configuration
    // read, and the retired starter seed (always 501).
    const validKeyOnly = operations.filter((op) => op.permission === null).map(label);
    expect(validKeyOnly.sort()).toEqual(
      [
        "GET /api/v1/companies/{companyId}/me",
        "GET /api/v1/companies/{companyId}/entity-types",
        "GET /api/v1/companies/{companyId}/entities/{entityType}/configuration",
        "POST /api/v1/companies/{companyId}/configuration/starter",
        "POST /api/v1/external/companies/{companyId}/configuration/starter",
      ].sort(),
    );
  });

  it("answers 401 without a key", async () => {
    const company = await createCompany();
    for (const op of await companyOperations()) {
      const res = await call(op.method, concretePath(op, company.id));
      expectError(res, 401, "AuthenticationError", "API key authentication required");
    }
  });

  it("answers 403 to another company's key, whatever that key may do", async () => {
    const target = await createCompany("sandbox", "Target");
    const intruder = await createCompany("sandbox", "Intruder");
    const key = await intruder.key(["SUPER_ADMIN"]);
    for (const op of await companyOperations()) {
      const res = await call(op.method, concretePath(op, target.id), { auth: key, ...bodyFor(op) });
      expectError(res, 403, "AuthorizationError", "API key is not scoped to the requested company");
    }
  });

  it("checks its permission before it looks anything up: 403, never 404, for ids that exist nowhere", async () => {
    const company = await createCompany();
    const none = await company.key([], []);
    const guarded = (await companyOperations()).filter((op) => op.permission !== null);
    expect(guarded.length).toBeGreaterThan(0);
    for (const op of guarded) {
      const res = await call(op.method, concretePath(op, company.id), { auth: none, ...bodyFor(op) });
      expectError(res, 403, "AuthorizationError", NOT_AUTHORIZED);
    }
  });

  it("refuses a key holding every other permission but its own, before it looks anything up", async () => {
    const company = await createCompany();
    const everything: string[] = (await company.call("GET", "/me", await company.key(["SUPER_ADMIN"]))).json
      .permissions;
    const guarded = (await companyOperations()).filter((op) => op.required.length > 0);
    for (const op of guarded) {
      const others = everything.filter((permission) => !op.required.includes(permission));
      const res = await call(op.method, concretePath(op, company.id), {
        auth: await company.key([], others),
        ...bodyFor(op),
      });
      expect(res.status, `${label(op)} ${res.text}`).toBe(403);
      expect(res.json.error.code).toBe("AuthorizationError");
    }
  });

  it("lets every closed JSON body carry batchId at its root (interface, Conventions)", async () => {
    const document = await servedDocument();
    const resolve = (schema: any) =>
      schema?.$ref ? document.components.schemas[schema.$ref.replace("#/components/schemas/", "")] : schema;
    const closed = (await companyOperations()).flatMap((op) => {
      const schema = resolve(op.operation.requestBody?.content?.["application/json"]?.schema);
      return schema?.type === "object" && schema.additionalProperties === false ? [{ op, schema }] : [];
    });
    expect(closed.length).toBeGreaterThan(20);
    const without = closed.filter(({ schema }) => !Object.hasOwn(schema.properties ?? {}, "batchId"));
    expect(without.map(({ op }) => label(op))).toEqual([]);
  });

  it("carries Cache-Control: no-store and X-Content-Type-Options: nosniff on success and on error", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    for (const op of (await companyOperations()).filter((o) => o.method === "GET")) {
      for (const res of [
        await call(op.method, concretePath(op, company.id), { auth: key }),
        await call(op.method, concretePath(op, company.id)),
      ]) {
        expect(res.headers.get("Cache-Control"), label(op)).toBe("no-store");
        expect(res.headers.get("X-Content-Type-Options"), label(op)).toBe("nosniff");
      }
    }
  });
});

describe("every company route applies the company's lifecycle (CONTRACT section 4, Lifecycle access)", () => {
  // The POSTs that change nothing (CONTRACT 8.1's read-only POSTs, a data validation batch, and the retired
  // starter seed's 501).
  const READ_ONLY_POST =
    /\/(policies\/bordereau\/rows|configuration\/(validate|compare|starter)|rate|data-validation\/batch)$/;

  it("states the lifecycles it runs in: reads even when retired, changes never when retired", async () => {
    for (const op of await companyOperations()) {
      expect(op.lifecycles.length, label(op)).toBeGreaterThan(0);
      const reads = op.method === "GET" || (op.method === "POST" && READ_ONLY_POST.test(op.path));
      expect(op.lifecycles.includes("retired"), label(op)).toBe(reads);
    }
  });

  it.each(["retired", "uninitialized", "live"] as const)(
    "a %s company answers 409 CompanyLifecycleRefused on every route that does not run then, after the permission",
    async (lifecycle: Lifecycle) => {
      const company = await createCompany(lifecycle);
      const key = await company.key(["SUPER_ADMIN"]);
      const none = await company.key([], []);
      for (const op of await companyOperations()) {
        const res = await call(op.method, concretePath(op, company.id), { auth: key, ...bodyFor(op) });
        if (op.lifecycles.includes(lifecycle)) {
          expect(res.json?.error?.code, `${label(op)} ${res.text}`).not.toBe("CompanyLifecycleRefused");
          continue;
        }
        expectError(res, 409, "CompanyLifecycleRefused");
        if (op.permission !== null) {
          const refused = await call(op.method, concretePath(op, company.id), { auth: none, ...bodyFor(op) });
          expectError(refused, 403, "AuthorizationError");
        }
      }
    },
  );

  it("a company moved from retired keeps no way back: its keys still read", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    expect((await staff("PATCH", `/admin/companies/${company.id}`, { lifecycle: "retired" })).status).toBe(200);
    expect((await company.call("GET", "/entities/exposure", key)).status).toBe(200);
    expectError(
      await company.call("POST", "/entities/exposure", key, { body: {} }),
      409,
      "CompanyLifecycleRefused",
      "The company is retired: its data can be read but not changed",
    );
  });
});
