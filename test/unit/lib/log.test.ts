import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { database } from "../../../worker/db/client";
import { companies } from "../../../worker/db/schema";
import { errorFacts, logEvent, logFailure } from "../../../worker/lib/log";

/** Log lines carry codes, ids and sizes, never payloads or field values (issue 11). */

afterEach(() => vi.restoreAllMocks());

describe("logFailure", () => {
  it("logs a failing insert's class and frames, never its message (which holds the row's values)", async () => {
    const db = database(env.DB);
    const row = {
      id: crypto.randomUUID(),
      name: "Personal-Data-Marker 555-0100",
      shortName: "m",
      lifecycle: "sandbox" as const,
      features: {},
      createdAt: "now",
      updatedAt: "now",
    };
    await db.insert(companies).values(row);
    const failure = await db
      .insert(companies)
      .values(row)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(String(failure)).toContain("Personal-Data-Marker");
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    logFailure("insert-failed", failure, { requestId: "r-1", rows: 1 });
    const line = String(spy.mock.calls[0]?.[0]);
    expect(line).not.toContain("Personal-Data-Marker");
    expect(JSON.parse(line)).toMatchObject({ event: "insert-failed", requestId: "r-1", rows: 1 });
    expect(errorFacts(failure).errorClass).toMatch(/Error/);
  });

  it("cuts any fact longer than an id, so no value rides along as an id", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    logEvent("event", { id: "x".repeat(10_000) });
    expect(String(spy.mock.calls[0]?.[0]).length).toBeLessThan(200);
  });
});
