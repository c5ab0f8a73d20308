import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createCompany, eventually, expectError, type TestCompany } from "../support/harness";
import { must } from "../support/must";

async function auditEntries(company: TestCompany, reader: string, query = "") {
  return (await company.call("GET", `/audit-log${query}`, reader)).json;
}

/** The platform log's row of a request (no company), read from D1: there is no route to it. */
async function platformEntry(requestId: string) {
  return eventually(
    () =>
      env.DB.prepare("SELECT * FROM audit_log WHERE request_id = ? AND company_id IS NULL")
        .bind(requestId)
        .first<any>(),
    (row) => row !== null,
  );
}

async function waitForEntry(company: TestCompany, reader: string, match: (entry: any) => boolean) {
  const log = await eventually(
    () => auditEntries(company, reader, "?pageSize=500"),
    (l) => l.items.some(match),
  );
  return log.items.find(match);
}

describe("every external call is audit-logged", () => {
  it("records an accepted call with request id, key id, method, path, status and duration", async () => {
    const company = await createCompany();
    const { id: keyId, key } = await company.keyWithId(["ReadOnly"]);
    const res = await company.call("GET", "/lifecycle", key);
    const requestId = res.headers.get("X-Request-Id");
    const entry = await waitForEntry(company, key, (e) => e.requestId === requestId);
    expect(entry).toMatchObject({
      kind: "request",
      keyId,
      actor: "api-key",
      action: "getLifecycle",
      method: "GET",
      path: `/api/v1/companies/${company.id}/lifecycle`,
      status: 200,
      batchId: null,
    });
    expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(entry)).not.toContain(key);
  });

  it("records refused calls: missing permission, wrong company and invalid key", async () => {
    const company = await createCompany();
    const other = await createCompany();
    const reader = await company.key(["ReadOnly"]);
    const { id: weakId, key: weak } = await company.keyWithId([], []);

    const forbidden = await company.call("POST", "/reset", weak);
    expect(forbidden.status).toBe(403);
    expect(
      await waitForEntry(company, reader, (e) => e.requestId === forbidden.headers.get("X-Request-Id")),
    ).toMatchObject({ status: 403, keyId: weakId, action: "resetCompany" });

    // A key naming another company is logged under its own company, and (issue 10, item 10) in the log of the
    // company it tried to reach.
    const elsewhere = await other.call("GET", "/lifecycle", weak);
    expect(elsewhere.status).toBe(403);
    expect(
      await waitForEntry(company, reader, (e) => e.requestId === elsewhere.headers.get("X-Request-Id")),
    ).toMatchObject({ status: 403, keyId: weakId, detail: { companyIdInPath: other.id } });
    const otherReader = await other.key(["ReadOnly"]);
    expect(
      await waitForEntry(other, otherReader, (e) => e.requestId === elsewhere.headers.get("X-Request-Id")),
    ).toMatchObject({ status: 403, keyId: weakId, batchId: null, detail: { crossCompany: true } });

    // A call that fails authentication goes to the platform log, not the company's (CONTRACT 8.3; this
    // assertion changed with issue 10, item 10).
    const invalid = await company.call("GET", "/lifecycle", "iop_nonsense");
    const platformRow = await platformEntry(must(invalid.headers.get("X-Request-Id")));
    expect(platformRow).toMatchObject({ status: 401, key_id: null, actor: "anonymous", company_id: null });
    const log = await auditEntries(company, reader, "?pageSize=500");
    expect(log.items.some((e: any) => e.requestId === invalid.headers.get("X-Request-Id"))).toBe(false);
  });

  it("carries the batchId from a mutation body's root and filters by it", async () => {
    const company = await createCompany();
    const reader = await company.key(["ReadOnly"]);
    const manager = await company.key(["SandboxManager"]);
    await company.call("POST", "/reset", manager, { body: { batchId: "nightly-42" } });
    await company.call("POST", "/reset", manager, { body: { batchId: "nightly-42" } });
    await company.call("POST", "/reset", manager, { body: { batchId: "other" } });
    await company.call("GET", "/lifecycle", reader);
    // Each reset's request row and its receipt carry the batchId (the receipt since issue 10, item 10).
    const filtered = await eventually(
      () => auditEntries(company, reader, "?batchId=nightly-42"),
      (l) => l.totalCount === 4,
    );
    expect(filtered.totalCount).toBe(4);
    expect(filtered.items.every((e: any) => e.batchId === "nightly-42" && e.action === "resetCompany")).toBe(true);
    expect(filtered.items.filter((e: any) => e.kind === "receipt")).toHaveLength(2);
  });

  it("lists newest first, paginated, clamping pageSize to 500", async () => {
    const company = await createCompany();
    const reader = await company.key(["ReadOnly"]);
    const manager = await company.key(["SandboxManager"]);
    // Two resets give four entries: each request row and its receipt (which carries the batchId since issue 10).
    for (let i = 0; i < 2; i++) await company.call("POST", "/reset", manager, { body: { batchId: "paging" } });
    const all = await eventually(
      () => auditEntries(company, reader, "?batchId=paging&pageSize=1000"),
      (l) => l.totalCount === 4,
    );
    expect(all.pageSize).toBe(500);
    const times = all.items.map((e: any) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const page2 = await auditEntries(company, reader, "?batchId=paging&page=2&pageSize=2");
    expect(page2).toMatchObject({ page: 2, pageSize: 2, totalCount: 4 });
    expect(page2.items.map((e: any) => e.id)).toEqual(all.items.slice(2).map((e: any) => e.id));
    expectError(await company.call("GET", "/audit-log?page=0", reader), 400, "VALIDATION_ERROR");
  });

  it("never shows one company's entries to another", async () => {
    const mine = await createCompany();
    const theirs = await createCompany();
    const myReader = await mine.key(["ReadOnly"]);
    const theirReader = await theirs.key(["ReadOnly"]);
    const res = await mine.call("GET", "/lifecycle", myReader);
    await waitForEntry(mine, myReader, (e) => e.requestId === res.headers.get("X-Request-Id"));
    const theirLog = await auditEntries(theirs, theirReader, "?pageSize=500");
    expect(theirLog.items.some((e: any) => e.requestId === res.headers.get("X-Request-Id"))).toBe(false);
    expectError(await mine.call("GET", "/audit-log", theirReader), 403, "AuthorizationError");
  });

  it("records staff calls too", async () => {
    const company = await createCompany();
    const reader = await company.key(["ReadOnly"]);
    const res = await call("GET", `/admin/companies/${company.id}`, { auth: "Bearer test-staff-token" });
    expect(res.status).toBe(200);
    // Staff calls carry no company key; they are logged outside any company's log.
    const log = await auditEntries(company, reader, "?pageSize=500");
    expect(log.items.some((e: any) => e.requestId === res.headers.get("X-Request-Id"))).toBe(false);
  });
});

describe("audit trail gaps (issue 10, item 10)", () => {
  it("a forced import keeps its query string and commits a receipt naming what it overrode", async () => {
    const company = await createCompany();
    const admin = await company.key(["SUPER_ADMIN"]);
    const reader = await company.key(["ReadOnly"]);
    const field = { entityType: "exposure", referenceId: "exposureName", label: "Name", typeInfo: { kind: "String" } };
    expect(
      (await company.call("POST", "/configuration/import", admin, { body: { fieldDefinitions: [field] } })).status,
    ).toBe(200);
    expect((await company.call("POST", "/entities/exposure", admin, { body: { exposureName: "Truck" } })).status).toBe(
      201,
    );
    const forced = await company.call("POST", "/configuration/import?force=true", admin, {
      body: { fieldDefinitions: [], batchId: "migration-7" },
    });
    expect(forced.status).toBe(200);
    const requestId = forced.headers.get("X-Request-Id");
    const request = await waitForEntry(company, reader, (e) => e.requestId === requestId && e.kind === "request");
    expect(request).toMatchObject({
      action: "importConfiguration",
      batchId: "migration-7",
      detail: { query: "force=true" },
    });
    const receipt = await waitForEntry(company, reader, (e) => e.requestId === requestId && e.kind === "receipt");
    expect(receipt).toMatchObject({
      action: "importConfiguration",
      batchId: "migration-7",
      detail: {
        forced: true,
        contentHash: forced.json.contentHash,
        previousContentHash: forced.json.previousContentHash,
        breakingChanges: [
          {
            field: "fieldDefinitions.exposure.exposureName",
            message: 'The exposure field "exposureName" is removed while 1 stored record use it',
          },
        ],
      },
    });
  });

  it("the reset receipt carries the request's batchId", async () => {
    const company = await createCompany();
    const reader = await company.key(["ReadOnly"]);
    const manager = await company.key(["SandboxManager"]);
    const reset = await company.call("POST", "/reset", manager, { body: { batchId: "nightly-43" } });
    expect(reset.status).toBe(200);
    const receipt = await waitForEntry(company, reader, (e) => e.id === reset.json.receiptId);
    expect(receipt).toMatchObject({ kind: "receipt", action: "resetCompany", batchId: "nightly-43" });
  });

  it("deleteAll commits a receipt with what it removed", async () => {
    const company = await createCompany();
    const admin = await company.key(["SUPER_ADMIN"]);
    const reader = await company.key(["ReadOnly"]);
    for (let i = 0; i < 2; i++)
      expect((await company.call("POST", "/entities/person", admin, { body: {} })).status).toBe(201);
    const wiped = await company.call("POST", "/entities/person/deleteAll", admin, { body: { batchId: "wipe-1" } });
    expect(wiped.json).toEqual({ entityType: "person", rowsRemoved: 2 });
    const receipt = await waitForEntry(
      company,
      reader,
      (e) => e.requestId === wiped.headers.get("X-Request-Id") && e.kind === "receipt",
    );
    expect(receipt).toMatchObject({
      action: "deleteAllEntities",
      batchId: "wipe-1",
      detail: { entityType: "person", rowsRemoved: 2 },
    });
  });

  it("a caller with no valid key cannot place a batchId in a company's log", async () => {
    const company = await createCompany();
    const reader = await company.key(["ReadOnly"]);
    const forged = await company.call("POST", "/reset", "iop_not_a_key", { body: { batchId: "forged" } });
    expect(forged.status).toBe(401);
    expect(await platformEntry(must(forged.headers.get("X-Request-Id")))).toMatchObject({
      batch_id: null,
      actor: "anonymous",
    });
    const filtered = await auditEntries(company, reader, "?batchId=forged");
    expect(filtered.totalCount).toBe(0);
  });
});
