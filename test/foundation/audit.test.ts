import { describe, expect, it } from "vitest";
import { call, createCompany, eventually, expectError, type TestCompany } from "../support/harness";

async function auditEntries(company: TestCompany, reader: string, query = "") {
  return (await company.call("GET", `/audit-log${query}`, reader)).json;
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

    // A key naming another company is logged under its own company, never the one it named.
    const elsewhere = await other.call("GET", "/lifecycle", weak);
    expect(elsewhere.status).toBe(403);
    expect(
      await waitForEntry(company, reader, (e) => e.requestId === elsewhere.headers.get("X-Request-Id")),
    ).toMatchObject({ status: 403, keyId: weakId });

    const invalid = await company.call("GET", "/lifecycle", "iop_nonsense");
    expect(
      await waitForEntry(company, reader, (e) => e.requestId === invalid.headers.get("X-Request-Id")),
    ).toMatchObject({ status: 401, keyId: null, actor: "anonymous" });
  });

  it("carries the batchId from a mutation body's root and filters by it", async () => {
    const company = await createCompany();
    const reader = await company.key(["ReadOnly"]);
    const manager = await company.key(["SandboxManager"]);
    await company.call("POST", "/reset", manager, { body: { batchId: "nightly-42" } });
    await company.call("POST", "/reset", manager, { body: { batchId: "nightly-42" } });
    await company.call("POST", "/reset", manager, { body: { batchId: "other" } });
    await company.call("GET", "/lifecycle", reader);
    const filtered = await eventually(
      () => auditEntries(company, reader, "?batchId=nightly-42"),
      (l) => l.totalCount === 2,
    );
    expect(filtered.totalCount).toBe(2);
    expect(filtered.items.every((e: any) => e.batchId === "nightly-42" && e.action === "resetCompany")).toBe(true);
  });

  it("lists newest first, paginated, clamping pageSize to 500", async () => {
    const company = await createCompany();
    const reader = await company.key(["ReadOnly"]);
    const manager = await company.key(["SandboxManager"]);
    for (let i = 0; i < 4; i++) await company.call("POST", "/reset", manager, { body: { batchId: "paging" } });
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
