import { describe, expect, it } from "vitest";
import { expectError } from "../support/harness";
import { expectDisplayable } from "../support/user-messages";
import { attachmentFixture, pause, UNKNOWN_ID } from "./fixture";

/** CONTRACT section 6, Tasks. */

async function withTasks() {
  const f = await attachmentFixture();
  const task = async (body: Record<string, unknown>) => {
    const res = await f.call("POST", "/tasks", { body });
    await pause(2);
    return res;
  };
  const titles = async (query = "") =>
    (await f.call("GET", `/tasks${query}`)).json.items.map((t: { title: string }) => t.title);
  const total = async () => (await f.call("GET", "/tasks")).json.totalCount as number;
  return { ...f, task, titles, total };
}

describe("POST, GET, PATCH and DELETE P/tasks", () => {
  it("creates a task with nulls for what is unset and status open", async () => {
    const f = await withTasks();
    const me = await f.call("GET", "/me");
    const res = await f.task({ title: "Call the claimant" });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(String),
      title: "Call the claimant",
      description: null,
      status: "open",
      assignee: null,
      dueDate: null,
      entityType: null,
      entityId: null,
      completedAt: null,
      createdAt: expect.any(String),
      updatedAt: res.json.createdAt,
      createdBy: me.json.keyId,
    });
    expect((await f.call("GET", `/tasks/${res.json.id}`)).json).toEqual(res.json);
  });

  it("attaches a task to a record and moves or detaches it", async () => {
    const f = await withTasks();
    const quoteId = await f.record("quote");
    const policyId = await f.policy();
    const { id } = (await f.task({ title: "Review", entityType: "quote", entityId: quoteId })).json;
    const moved = await f.call("PATCH", `/tasks/${id}`, { body: { entityType: "policy", entityId: policyId } });
    expect(moved.json).toMatchObject({ entityType: "policy", entityId: policyId });
    const detached = await f.call("PATCH", `/tasks/${id}`, { body: { entityType: null, entityId: null } });
    expect(detached.json).toMatchObject({ entityType: null, entityId: null });
    expectError(
      await f.call("PATCH", `/tasks/${id}`, { body: { entityType: "quote", entityId: UNKNOWN_ID } }),
      404,
      "NotFoundError",
    );
    expectError(await f.call("PATCH", `/tasks/${id}`, { body: { entityType: "quote" } }), 400, "VALIDATION_ERROR");
    expectError(
      await f.call("PATCH", `/tasks/${id}`, { body: { entityType: null, entityId: quoteId } }),
      400,
      "VALIDATION_ERROR",
    );
    expectError(await f.task({ title: "x", entityType: "quote", entityId: UNKNOWN_ID }), 404, "NotFoundError");
    expectError(await f.task({ title: "x", entityId: quoteId }), 400, "VALIDATION_ERROR");
  });

  it("PATCH is partial: null clears description, assignee and dueDate; title and status cannot be null", async () => {
    const f = await withTasks();
    const { id } = (
      await f.task({ title: "T", description: "D", assignee: "ada@example.com", dueDate: { date: "2026-03-01" } })
    ).json;
    const renamed = await f.call("PATCH", `/tasks/${id}`, { body: { title: "T2" } });
    expect(renamed.json).toMatchObject({ title: "T2", description: "D", assignee: "ada@example.com" });
    const cleared = await f.call("PATCH", `/tasks/${id}`, {
      body: { description: null, assignee: null, dueDate: null },
    });
    expect(cleared.json).toMatchObject({ title: "T2", description: null, assignee: null, dueDate: null });
    for (const body of [{ title: null }, { status: null }, {}, { batchId: "only" }, { priority: "high" }]) {
      expectError(await f.call("PATCH", `/tasks/${id}`, { body }), 400, "VALIDATION_ERROR");
    }
    expectError(await f.call("PATCH", `/tasks/${UNKNOWN_ID}`, { body: { title: "x" } }), 404, "NotFoundError");
    expect((await f.call("DELETE", `/tasks/${id}`)).status).toBe(204);
    expectError(await f.call("GET", `/tasks/${id}`), 404, "NotFoundError", "Not found");
  });

  it("bounds title (1 to 500, not blank), description (20,000) and assignee (1 to 200) in code points", async () => {
    const f = await withTasks();
    expect((await f.task({ title: "é".repeat(500), description: "😀".repeat(20_000) })).status).toBe(201);
    for (const body of [
      { title: "" },
      { title: "   " },
      { title: "x".repeat(501) },
      { title: "x", description: "x".repeat(20_001) },
      { title: "x", assignee: "" },
      { title: "x", assignee: "a".repeat(201) },
      { title: "x", status: "closed" },
    ]) {
      expectError(await f.task(body), 400, "VALIDATION_ERROR");
    }
    expect(await f.total()).toBe(1);
  });
});

describe("dueDate is an Fmv1Date", () => {
  it("reads {date} back with America/New_York and keeps a given zone", async () => {
    const f = await withTasks();
    expect((await f.task({ title: "a", dueDate: { date: "2026-03-01" } })).json.dueDate).toEqual({
      date: "2026-03-01",
      timezone: "America/New_York",
    });
    expect(
      (await f.task({ title: "b", dueDate: { date: "2026-03-01", timezone: "Pacific/Auckland" } })).json.dueDate,
    ).toEqual({ date: "2026-03-01", timezone: "Pacific/Auckland" });
    // An IANA name without a slash is a known zone too; a UTC offset is no zone name.
    expect((await f.task({ title: "c", dueDate: { date: "2026-03-01", timezone: "GMT" } })).json.dueDate).toEqual({
      date: "2026-03-01",
      timezone: "GMT",
    });
    expectError(
      await f.task({ title: "d", dueDate: { date: "2026-03-01", timezone: "+05:00" } }),
      400,
      "VALIDATION_ERROR",
    );
  });

  it("refuses the retired spelling, impossible days, unknown zones or members, naming dueDate", async () => {
    const f = await withTasks();
    for (const dueDate of [
      { year: 2026, month: 3, day: 1 },
      { date: "2026-02-29" },
      { date: "2026-3-1" },
      { date: "2026-03-01", timezone: "Mars/Olympus_Mons" },
      { date: "2026-03-01", zone: "UTC" },
      "2026-03-01",
    ]) {
      const error = expectError(await f.task({ title: "x", dueDate }), 400, "VALIDATION_ERROR");
      expect(error.details.map((d) => d.field)).toEqual(["dueDate"]);
    }
    const { id } = (await f.task({ title: "kept", dueDate: { date: "2026-03-01" } })).json;
    const patch = await f.call("PATCH", `/tasks/${id}`, { body: { dueDate: { day: 2, month: 3, year: 2026 } } });
    expect(expectError(patch, 400, "VALIDATION_ERROR").details[0]?.field).toBe("dueDate");
    expect(await f.total()).toBe(1);
    expect((await f.call("GET", `/tasks/${id}`)).json.dueDate.date).toBe("2026-03-01");
  });
});

describe("status and completedAt", () => {
  it("sets completedAt on entering done, keeps it while done, clears it in the other statuses", async () => {
    const f = await withTasks();
    const { id } = (await f.task({ title: "t" })).json;
    const done = await f.call("PATCH", `/tasks/${id}`, { body: { status: "done" } });
    expect(done.json.completedAt).toBe(done.json.updatedAt);
    await pause(5);
    const stillDone = await f.call("PATCH", `/tasks/${id}`, { body: { status: "done", title: "t2" } });
    expect(stillDone.json.completedAt).toBe(done.json.completedAt);
    const retitled = await f.call("PATCH", `/tasks/${id}`, { body: { title: "t3" } });
    expect(retitled.json.completedAt).toBe(done.json.completedAt);
    for (const status of ["in_progress", "open"]) {
      const res = await f.call("PATCH", `/tasks/${id}`, { body: { status } });
      expect(res.json).toMatchObject({ status, completedAt: null });
    }
    await pause(5);
    const again = await f.call("PATCH", `/tasks/${id}`, { body: { status: "done" } });
    expect(again.json.completedAt > done.json.completedAt).toBe(true);
  });

  it("creating a task in done sets completedAt to its creation time; any status may follow any other", async () => {
    const f = await withTasks();
    const res = await f.task({ title: "already", status: "done" });
    expect(res.json.completedAt).toBe(res.json.createdAt);
    const back = await f.call("PATCH", `/tasks/${res.json.id}`, { body: { status: "in_progress" } });
    expect(back.json).toMatchObject({ status: "in_progress", completedAt: null });
  });
});

describe("GET P/tasks filters and order", () => {
  it("orders by dueDate.date ascending with undated tasks last, then createdAt, then id", async () => {
    const f = await withTasks();
    await f.task({ title: "undated-1" });
    await f.task({ title: "mar-2", dueDate: { date: "2026-03-02" } });
    await f.task({ title: "mar-1-first", dueDate: { date: "2026-03-01", timezone: "Pacific/Auckland" } });
    await f.task({ title: "undated-2" });
    await f.task({ title: "mar-1-second", dueDate: { date: "2026-03-01" } });
    await f.task({ title: "feb-28", dueDate: { date: "2026-02-28" } });
    expect(await f.titles()).toEqual(["feb-28", "mar-1-first", "mar-1-second", "mar-2", "undated-1", "undated-2"]);
  });

  it("dueBefore keeps tasks due strictly before the day, whatever their zone; undated never match", async () => {
    const f = await withTasks();
    await f.task({ title: "feb-28-auckland", dueDate: { date: "2026-02-28", timezone: "Pacific/Auckland" } });
    await f.task({ title: "mar-1", dueDate: { date: "2026-03-01" } });
    await f.task({ title: "undated" });
    const asJson = encodeURIComponent(JSON.stringify({ year: 2026, month: 3, day: 1 }));
    expect(await f.titles(`?dueBefore=${asJson}`)).toEqual(["feb-28-auckland"]);
    expect(await f.titles("?dueBefore.year=2026&dueBefore.month=3&dueBefore.day=2")).toEqual([
      "feb-28-auckland",
      "mar-1",
    ]);
  });

  it("refuses any other dueBefore spelling, YYYY-MM-DD included, and a day that does not exist", async () => {
    const f = await withTasks();
    for (const query of [
      "dueBefore=2026-03-01",
      `dueBefore=${encodeURIComponent('{"date":"2026-03-01"}')}`,
      `dueBefore=${encodeURIComponent('{"year":2026,"month":2,"day":30}')}`,
      "dueBefore.year=2026&dueBefore.month=3",
      "dueBefore.year=2026&dueBefore.month=13&dueBefore.day=1",
      // An empty or non-decimal member is no number (it read as 0, or as hex, once).
      "dueBefore.year=&dueBefore.month=3&dueBefore.day=1",
      "dueBefore.year=0x7EA&dueBefore.month=3&dueBefore.day=1",
      "dueBefore.year=2026&dueBefore.month=3&dueBefore.day=1.0",
      // A member beside the three, or both spellings at once.
      `dueBefore=${encodeURIComponent('{"year":2026,"month":3,"day":1,"timezone":"UTC"}')}`,
      `dueBefore=${encodeURIComponent('{"year":2026,"month":3,"day":1}')}&dueBefore.year=2026&dueBefore.month=3&dueBefore.day=1`,
      `dueBefore=${encodeURIComponent("[2026,3,1]")}`,
    ]) {
      const error = expectError(await f.call("GET", `/tasks?${query}`), 400, "VALIDATION_ERROR");
      expect(error.details[0]?.field, query).toBe("dueBefore");
      expectDisplayable(error.userMessages, query);
    }
    // A query member spelled with a dot is named in words, as is a date the body gives in another shape.
    const long = expectError(
      await f.call("GET", "/tasks?dueBefore.year=2026&dueBefore.month=00000000003&dueBefore.day=1"),
      400,
      "VALIDATION_ERROR",
    );
    expect(long.userMessages).toEqual(["Due before month must be at most 10 characters long."]);
    const date = expectError(
      await f.call("POST", "/tasks", { body: { title: "T", dueDate: "2026-03-01" } }),
      400,
      "VALIDATION_ERROR",
    );
    expect(date.userMessages).toEqual(["Due date must be a date with its timezone."]);
  });

  it("filters by status, record (404 when unknown) and assignee (exact)", async () => {
    const f = await withTasks();
    const eventId = await f.record("event");
    await f.task({ title: "open-ada", assignee: "Ada" });
    await f.task({ title: "done-ada", assignee: "Ada", status: "done" });
    await f.task({ title: "event-grace", assignee: "Grace", entityType: "event", entityId: eventId });
    expect(await f.titles("?status=done")).toEqual(["done-ada"]);
    expect(await f.titles("?assignee=Ada")).toEqual(["open-ada", "done-ada"]);
    expect(await f.titles("?assignee=ada")).toEqual([]);
    expect(await f.titles(`?entityType=event&entityId=${eventId}`)).toEqual(["event-grace"]);
    expect(await f.titles(`?entityType=event&entityId=${eventId}&assignee=Ada`)).toEqual([]);
    expectError(await f.call("GET", `/tasks?entityType=event&entityId=${UNKNOWN_ID}`), 404, "NotFoundError");
    expectError(await f.call("GET", `/tasks?entityId=${eventId}`), 400, "VALIDATION_ERROR");
    expectError(await f.call("GET", "/tasks?status=finished"), 400, "VALIDATION_ERROR");
  });

  it("pages one-based and clamps pageSize to 500", async () => {
    const f = await withTasks();
    for (const title of ["a", "b", "c"]) await f.task({ title });
    const page = await f.call("GET", "/tasks?page=2&pageSize=2");
    expect(page.json).toMatchObject({ totalCount: 3, page: 2, pageSize: 2 });
    expect(page.json.items.map((t: any) => t.title)).toEqual(["c"]);
    expect((await f.call("GET", "/tasks?pageSize=100000")).json.pageSize).toBe(500);
  });

  it("grants by either permission name style", async () => {
    const f = await withTasks();
    const legacy = await f.company.key([], ["company.task:create", "company.task:read", "company.task:update"]);
    const created = await f.company.call("POST", "/tasks", legacy, { body: { title: "legacy" } });
    expect(created.status).toBe(201);
    expect((await f.company.call("GET", "/tasks", legacy)).json.totalCount).toBe(1);
    expectError(await f.company.call("DELETE", `/tasks/${created.json.id}`, legacy), 403, "AuthorizationError");
  });
});
