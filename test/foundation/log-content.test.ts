import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../worker/app";
import { createCompany } from "../support/harness";

/**
 * No log line carries a request payload or a field value (issue 11: an error line held a whole SQL
 * parameter list; one was 67 MB). Every console channel is watched while requests carrying a marker value
 * succeed, fail validation, overflow bounds and crash.
 */

const MARKER = "Marker-Value-7f3a-Private";

function watchLogs() {
  const lines: string[] = [];
  for (const channel of ["log", "error", "warn", "info", "debug"] as const) {
    vi.spyOn(console, channel).mockImplementation((...args: unknown[]) => {
      lines.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
    });
  }
  return lines;
}

afterEach(() => vi.restoreAllMocks());

describe("log lines", () => {
  it("carry no field value, whatever the request does", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    const document = {
      fieldDefinitions: [{ entityType: "person", referenceId: "name", label: "Name", typeInfo: { kind: "String" } }],
    };
    expect((await company.call("POST", "/configuration/import", key, { body: document })).status).toBe(200);
    const lines = watchLogs();
    await company.call("POST", "/entities/person", key, { body: { name: MARKER } });
    await company.call("POST", "/entities/person", key, { body: { name: MARKER, unknown: MARKER } });
    await company.call("POST", "/entities/person", key, { body: { name: `${MARKER}${"x".repeat(20_000)}` } });
    await company.call("POST", "/entities/person", key, { rawBody: `{"name":"${MARKER}"` });
    await company.call("POST", "/entities/person", key, {
      rawBody: `{"name":"${MARKER}${"y".repeat(2 * 1024 * 1024)}"}`,
    });
    await company.call("POST", "/entities/person", "not-a-key", { body: { name: MARKER } });
    await company.call("POST", "/configuration/validate", key, {
      body: { fieldDefinitions: [{ entityType: "person", referenceId: MARKER, label: MARKER }] },
    });
    expect(lines.filter((line) => line.includes(MARKER))).toEqual([]);
  });

  it("of a crash name the action and the error's class, not its message", async () => {
    const app = buildApp();
    app.get("/explode", (c) => {
      c.set("actionName", "explodeOnPurpose");
      throw new Error(`D1_ERROR: UNIQUE constraint failed; params: ["${MARKER}"]`);
    });
    const lines = watchLogs();
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request("https://api.test/explode"), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(500);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.includes(MARKER))).toEqual([]);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({
      event: "uncaught-action-error",
      action: "explodeOnPurpose",
      errorClass: "Error",
    });
  });
});
