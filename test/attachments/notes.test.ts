import { describe, expect, it } from "vitest";
import { eventually, expectError } from "../support/harness";
import { must } from "../support/must";
import { attachmentFixture, pause, UNKNOWN_ID } from "./fixture";

/** CONTRACT section 6, Notes; interface, Notes and the `note`/`privileged` entity fields. */

async function withRecord() {
  const f = await attachmentFixture();
  const eventId = await f.record("event");
  const note = async (text: string, privileged?: boolean, key = f.admin) => {
    const body =
      privileged === undefined
        ? { entityType: "event", entityId: eventId, note: text }
        : { entityType: "event", entityId: eventId, note: text, privileged };
    const res = await f.company.call("POST", "/notes", key, { body });
    // Notes created in the same millisecond would order by id; the list tests need creation order.
    await pause(2);
    return res;
  };
  const list = (key: string, query = "") =>
    f.company.call("GET", `/notes?entityType=event&entityId=${eventId}${query}`, key);
  return { ...f, eventId, note, list };
}

describe("POST, GET, PATCH and DELETE P/notes", () => {
  it("creates a note with the documented shape and reads it back", async () => {
    const f = await withRecord();
    const me = await f.call("GET", "/me");
    const created = await f.note("  Claimant called; follow up Monday.\n");
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.any(String),
      entityType: "event",
      entityId: f.eventId,
      note: "  Claimant called; follow up Monday.\n",
      privileged: false,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updatedAt: created.json.createdAt,
      createdBy: me.json.keyId,
    });
    const read = await f.call("GET", `/notes/${created.json.id}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(created.json);
  });

  it("attaches to every record type, a policy by its policy id", async () => {
    const f = await attachmentFixture();
    for (const entityType of ["exposure", "event", "submission", "quote", "person", "organization"] as const) {
      const entityId = await f.record(entityType);
      const res = await f.call("POST", "/notes", { body: { entityType, entityId, note: entityType } });
      expect(res.status, entityType).toBe(201);
    }
    const policyId = await f.policy();
    const res = await f.call("POST", "/notes", { body: { entityType: "policy", entityId: policyId, note: "p" } });
    expect(res.status).toBe(201);
    expect(res.json.entityId).toBe(policyId);
  });

  it("updates note and privileged partially, and deletes", async () => {
    const f = await withRecord();
    const { id } = (await f.note("first")).json;
    const text = await f.call("PATCH", `/notes/${id}`, { body: { note: "second" } });
    expect(text.status).toBe(200);
    expect(text.json).toMatchObject({ note: "second", privileged: false });
    const flag = await f.call("PATCH", `/notes/${id}`, { body: { privileged: true } });
    expect(flag.json).toMatchObject({ note: "second", privileged: true });
    expect(flag.json.updatedAt >= flag.json.createdAt).toBe(true);
    expect((await f.call("DELETE", `/notes/${id}`)).status).toBe(204);
    expectError(await f.call("GET", `/notes/${id}`), 404, "NotFoundError", "Not found");
    expectError(await f.call("DELETE", `/notes/${id}`), 404, "NotFoundError", "Not found");
  });

  it("counts note length in code points: 20,000 astral characters pass, 20,001 do not", async () => {
    const f = await withRecord();
    expect((await f.note("😀".repeat(20_000))).status).toBe(201);
    const long = expectError(await f.note("😀".repeat(20_001)), 400, "VALIDATION_ERROR");
    expect(long.details).toEqual([{ field: "note", message: "must be at most 20000 characters long" }]);
  });

  it("refuses an empty or blank note, an unknown member and a lone entityType, writing nothing", async () => {
    const f = await withRecord();
    expectError(await f.note(""), 400, "VALIDATION_ERROR");
    const blank = expectError(await f.note(" \n\t "), 400, "VALIDATION_ERROR");
    expect(blank.details).toEqual([{ field: "note", message: "must not be blank" }]);
    const extra = await f.call("POST", "/notes", {
      body: { entityType: "event", entityId: f.eventId, note: "x", title: "no" },
    });
    expect(expectError(extra, 400, "VALIDATION_ERROR").details[0]?.field).toBe("title");
    expectError(await f.call("POST", "/notes", { body: { entityType: "event", note: "x" } }), 400, "VALIDATION_ERROR");
    const upper = await f.call("POST", "/notes", { body: { entityType: "Event", entityId: f.eventId, note: "x" } });
    expect(expectError(upper, 400, "VALIDATION_ERROR").details[0]?.field).toBe("entityType");
    expect((await f.list(f.admin)).json.totalCount).toBe(0);
  });

  it("accepts a root batchId and passes it to the audit log", async () => {
    const f = await withRecord();
    const res = await f.call("POST", "/notes", {
      body: { entityType: "event", entityId: f.eventId, note: "x", batchId: "notes-batch-1" },
    });
    expect(res.status).toBe(201);
    const audited = await eventually(
      () => f.call("GET", "/audit-log?batchId=notes-batch-1"),
      (r) => r.json.totalCount === 1,
    );
    expect(audited.json.items[0]).toMatchObject({ method: "POST", status: 201, batchId: "notes-batch-1" });
  });

  it("answers 404 for an unknown record, on create and on list", async () => {
    const f = await withRecord();
    const created = await f.call("POST", "/notes", { body: { entityType: "event", entityId: UNKNOWN_ID, note: "x" } });
    expect(expectError(created, 404, "NotFoundError", "Not found").details).toEqual([
      { field: "entityId", message: "no event with this id" },
    ]);
    // A record of another type is not a record of this type.
    const exposureId = await f.record("exposure");
    expectError(
      await f.call("POST", "/notes", { body: { entityType: "event", entityId: exposureId, note: "x" } }),
      404,
      "NotFoundError",
    );
    expectError(await f.call("GET", `/notes?entityType=event&entityId=${UNKNOWN_ID}`), 404, "NotFoundError");
  });

  it("needs both list filters (400 without either)", async () => {
    const f = await withRecord();
    expectError(await f.call("GET", "/notes"), 400, "VALIDATION_ERROR");
    expectError(await f.call("GET", `/notes?entityId=${f.eventId}`), 400, "VALIDATION_ERROR");
    expectError(await f.call("GET", "/notes?entityType=event"), 400, "VALIDATION_ERROR");
  });

  it("never moves a note: PATCH naming entityType or entityId is 400, and PATCH must name something", async () => {
    const f = await withRecord();
    const { id } = (await f.note("stay")).json;
    const moved = await f.call("PATCH", `/notes/${id}`, { body: { entityType: "quote" } });
    expect(expectError(moved, 400, "VALIDATION_ERROR").details[0]?.field).toBe("entityType");
    expectError(await f.call("PATCH", `/notes/${id}`, { body: { entityId: UNKNOWN_ID } }), 400, "VALIDATION_ERROR");
    expectError(await f.call("PATCH", `/notes/${id}`, { body: {} }), 400, "VALIDATION_ERROR");
    expectError(await f.call("PATCH", `/notes/${id}`, { body: { batchId: "b" } }), 400, "VALIDATION_ERROR");
    expect((await f.call("GET", `/notes/${id}`)).json.note).toBe("stay");
  });

  it("refuses a malformed note id with 400", async () => {
    const f = await withRecord();
    expectError(await f.call("GET", "/notes/not-a-uuid"), 400, "VALIDATION_ERROR");
  });

  it("lists newest first, pages counted from one, pageSize clamped to 500", async () => {
    const f = await withRecord();
    for (const text of ["one", "two", "three"]) expect((await f.note(text)).status).toBe(201);
    const all = await f.list(f.admin);
    expect(all.json.items.map((n: any) => n.note)).toEqual(["three", "two", "one"]);
    const second = await f.list(f.admin, "&page=2&pageSize=2");
    expect(second.json).toMatchObject({ totalCount: 3, page: 2, pageSize: 2 });
    expect(second.json.items.map((n: any) => n.note)).toEqual(["one"]);
    expect((await f.list(f.admin, "&pageSize=9999")).json.pageSize).toBe(500);
  });

  it("grants by either permission name style", async () => {
    const f = await withRecord();
    const legacy = await f.company.key([], ["company.note:create", "company.note:read"]);
    const created = await f.note("legacy", undefined, legacy);
    expect(created.status).toBe(201);
    expect((await f.list(legacy)).json.totalCount).toBe(1);
    const viewOnly = await f.company.key([], ["note.view"]);
    expectError(await f.note("no", undefined, viewOnly), 403, "AuthorizationError");
  });
});

describe("privileged notes (note.view-privileged)", () => {
  async function withPrivilegedNotes() {
    const f = await withRecord();
    // Oldest to newest: plain-1, secret-1, plain-2, secret-2, plain-3.
    const ids: Record<string, string> = {};
    for (const [text, privileged] of [
      ["plain-1", false],
      ["secret-1", true],
      ["plain-2", false],
      ["secret-2", true],
      ["plain-3", false],
    ] as const) {
      const res = await f.note(text, privileged);
      expect(res.status).toBe(201);
      ids[text] = res.json.id;
    }
    const reader = await f.company.key([], ["note.view", "note.create", "note.edit", "note.delete"]);
    return { ...f, ids, reader };
  }

  it("sending privileged, true or false, without note.view-privileged is 403 and writes nothing", async () => {
    const f = await withPrivilegedNotes();
    for (const privileged of [true, false]) {
      const res = await f.note("attempt", privileged, f.reader);
      expectError(res, 403, "AuthorizationError", "User is not authorized to perform the requested action");
    }
    const patch = await f.company.call("PATCH", `/notes/${f.ids["plain-1"]}`, f.reader, {
      body: { note: "changed", privileged: false },
    });
    expectError(patch, 403, "AuthorizationError");
    expect((await f.call("GET", `/notes/${f.ids["plain-1"]}`)).json.note).toBe("plain-1");
    expect((await f.list(f.admin)).json.totalCount).toBe(5);
  });

  it("checks the privileged grant after the body and before any lookup", async () => {
    const f = await withPrivilegedNotes();
    // An invalid body is 400 first, even with privileged.
    const invalid = await f.company.call("POST", "/notes", f.reader, {
      body: { entityType: "event", entityId: f.eventId, note: "", privileged: true },
    });
    expectError(invalid, 400, "VALIDATION_ERROR");
    // An unknown record or note is not looked up: 403, not 404.
    const unknownRecord = await f.company.call("POST", "/notes", f.reader, {
      body: { entityType: "event", entityId: UNKNOWN_ID, note: "x", privileged: false },
    });
    expectError(unknownRecord, 403, "AuthorizationError");
    const unknownNote = await f.company.call("PATCH", `/notes/${UNKNOWN_ID}`, f.reader, { body: { privileged: true } });
    expectError(unknownNote, 403, "AuthorizationError");
  });

  it("leaves privileged notes out of items and totalCount; pages are cut from the visible notes only", async () => {
    const f = await withPrivilegedNotes();
    const everything = await f.list(f.admin);
    expect(everything.json.totalCount).toBe(5);
    expect(everything.json.items.map((n: any) => n.note)).toEqual([
      "plain-3",
      "secret-2",
      "plain-2",
      "secret-1",
      "plain-1",
    ]);
    const visible = await f.list(f.reader);
    expect(visible.json.totalCount).toBe(3);
    expect(visible.json.items.map((n: any) => n.note)).toEqual(["plain-3", "plain-2", "plain-1"]);
    const first = await f.list(f.reader, "&pageSize=2&page=1");
    const second = await f.list(f.reader, "&pageSize=2&page=2");
    expect(first.json).toMatchObject({ totalCount: 3, page: 1, pageSize: 2 });
    expect(first.json.items.map((n: any) => n.note)).toEqual(["plain-3", "plain-2"]);
    expect(second.json).toMatchObject({ totalCount: 3, page: 2, pageSize: 2 });
    expect(second.json.items.map((n: any) => n.note)).toEqual(["plain-1"]);
  });

  it("answers GET, PATCH and DELETE of a privileged note 404, exactly as for an unknown id", async () => {
    const f = await withPrivilegedNotes();
    const secret = must(f.ids["secret-1"]);
    const unknown = await f.company.call("GET", `/notes/${UNKNOWN_ID}`, f.reader);
    const responses = [
      await f.company.call("GET", `/notes/${secret}`, f.reader),
      await f.company.call("PATCH", `/notes/${secret}`, f.reader, { body: { note: "overwritten" } }),
      await f.company.call("DELETE", `/notes/${secret}`, f.reader),
    ];
    for (const res of responses) {
      expectError(res, 404, "NotFoundError", "Not found");
      expect(res.json).toEqual(unknown.json);
    }
    const stored = await f.call("GET", `/notes/${secret}`);
    expect(stored.json).toMatchObject({ note: "secret-1", privileged: true });
  });

  it("lets the reader change and delete plain notes it can see", async () => {
    const f = await withPrivilegedNotes();
    const plain = must(f.ids["plain-2"]);
    const res = await f.company.call("PATCH", `/notes/${plain}`, f.reader, { body: { note: "edited" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ note: "edited", privileged: false });
    expect((await f.company.call("DELETE", `/notes/${plain}`, f.reader)).status).toBe(204);
  });

  it("ReadOnly and Finance see only plain notes; Admin and SUPER_ADMIN see all", async () => {
    const f = await withPrivilegedNotes();
    for (const role of ["ReadOnly", "Finance"]) {
      const key = await f.company.key([role]);
      expect((await f.list(key)).json.totalCount, role).toBe(3);
      expectError(await f.company.call("GET", `/notes/${f.ids["secret-2"]}`, key), 404, "NotFoundError");
    }
    for (const role of ["Admin", "SUPER_ADMIN"]) {
      const key = await f.company.key([role]);
      expect((await f.list(key)).json.totalCount, role).toBe(5);
      expect((await f.company.call("GET", `/notes/${f.ids["secret-2"]}`, key)).status).toBe(200);
    }
  });

  it("a note made privileged disappears for the reader; made plain again, it returns", async () => {
    const f = await withPrivilegedNotes();
    const id = must(f.ids["plain-1"]);
    await f.call("PATCH", `/notes/${id}`, { body: { privileged: true } });
    expect((await f.list(f.reader)).json.totalCount).toBe(2);
    expectError(await f.company.call("GET", `/notes/${id}`, f.reader), 404, "NotFoundError");
    await f.call("PATCH", `/notes/${id}`, { body: { privileged: false } });
    expect((await f.company.call("GET", `/notes/${id}`, f.reader)).status).toBe(200);
  });
});
