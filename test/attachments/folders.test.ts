import { describe, expect, it } from "vitest";
import { expectError } from "../support/harness";
import { must } from "../support/must";
import { expectDisplayable } from "../support/user-messages";
import { type AttachmentFixture, attachmentFixture, UNKNOWN_ID } from "./fixture";
import { multipartBody, upload } from "./multipart";

/** CONTRACT section 6, Folders (trees, moves, cycles, deletes); the category rule is in folder-categories.test.ts. */

function folders(f: AttachmentFixture) {
  const make = async (body: Record<string, unknown>) => {
    const res = await f.call("POST", "/folders", { body });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json as { id: string; parentId: string | null; entityType: string | null; entityId: string | null };
  };
  const names = async (query: string) =>
    (await f.call("GET", `/folders?${query}`)).json.items.map((folder: { name: string }) => folder.name);
  /** Every folder of the company as `name → parentId`, to check a refused change left the tree as it was. */
  const tree = async () => {
    const all = (await f.call("GET", "/folders?pageSize=500")).json.items as Array<{ name: string; parentId: string }>;
    return Object.fromEntries(all.map((folder) => [folder.name, folder.parentId]));
  };
  return { make, names, tree };
}

describe("POST P/folders", () => {
  it("creates a record's root folder and children that take the parent's record", async () => {
    const f = await attachmentFixture();
    const { make } = folders(f);
    const policyId = await f.policy();
    const root = await make({ name: "Policy docs", entityType: "policy", entityId: policyId });
    expect(root).toEqual({
      id: expect.any(String),
      name: "Policy docs",
      parentId: null,
      entityType: "policy",
      entityId: policyId,
      category: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const child = await make({ name: "2026", parentId: root.id });
    expect(child).toMatchObject({ parentId: root.id, entityType: "policy", entityId: policyId });
    const same = await make({ name: "2027", parentId: root.id, entityType: "policy", entityId: policyId });
    expect(same.parentId).toBe(root.id);
    expect((await f.call("GET", `/folders/${child.id}`)).json).toMatchObject({ name: "2026", parentId: root.id });
  });

  it("refuses a parent of another record (400) and names unknown parents and records (404)", async () => {
    const f = await attachmentFixture();
    const { make } = folders(f);
    const policyId = await f.policy();
    const eventId = await f.record("event");
    const root = await make({ name: "P", entityType: "policy", entityId: policyId });
    const other = await f.call("POST", "/folders", {
      body: { name: "x", parentId: root.id, entityType: "event", entityId: eventId },
    });
    const refused = expectError(other, 400, "VALIDATION_ERROR");
    expect(refused.details[0]?.field).toBe("entityId");
    // The user message names the member in words, never as the program spells it (interface, Errors).
    expect(refused.userMessages).toEqual(["Entity id must name the parent folder's record, or be omitted."]);
    expectDisplayable(refused.userMessages, "entityId");
    const noParent = await f.call("POST", "/folders", { body: { name: "x", parentId: UNKNOWN_ID } });
    expect(expectError(noParent, 404, "NotFoundError", "Not found").details).toEqual([
      { field: "parentId", message: "no folder with this id" },
    ]);
    const noRecord = await f.call("POST", "/folders", {
      body: { name: "x", entityType: "event", entityId: UNKNOWN_ID },
    });
    expect(expectError(noRecord, 404, "NotFoundError").details[0]?.field).toBe("entityId");
    expectError(
      await f.call("POST", "/folders", { body: { name: "x", entityType: "event" } }),
      400,
      "VALIDATION_ERROR",
    );
    expect((await f.call("GET", "/folders")).json.totalCount).toBe(1);
  });

  it("makes company folders (no record) and lets siblings share a name", async () => {
    const f = await attachmentFixture();
    const { make, names } = folders(f);
    const a = await make({ name: "Templates" });
    const b = await make({ name: "Templates" });
    expect(a).toMatchObject({ entityType: null, entityId: null, parentId: null });
    expect(a.id).not.toBe(b.id);
    expect(await names("company=true")).toEqual(["Templates", "Templates"]);
  });

  it("refuses an empty, blank or over-long name and unknown members", async () => {
    const f = await attachmentFixture();
    for (const body of [{ name: "" }, { name: "  " }, { name: "x".repeat(256) }, { name: "x", colour: "red" }, {}]) {
      expectError(await f.call("POST", "/folders", { body }), 400, "VALIDATION_ERROR");
    }
    expect((await f.call("POST", "/folders", { body: { name: "😀".repeat(255) } })).status).toBe(201);
  });
});

describe("GET P/folders", () => {
  it("lists a record's folders at every depth, company folders, children and roots, by name then id", async () => {
    const f = await attachmentFixture();
    const { make, names } = folders(f);
    const eventId = await f.record("event");
    const root = await make({ name: "b-root", entityType: "event", entityId: eventId });
    await make({ name: "a-root", entityType: "event", entityId: eventId });
    await make({ name: "é-child", parentId: root.id });
    await make({ name: "Z-child", parentId: root.id });
    await make({ name: "company" });
    const record = `entityType=event&entityId=${eventId}`;
    // Code-point order: "Z" (U+005A) < "a" (U+0061) < "b" < "é" (U+00E9).
    expect(await names(record)).toEqual(["Z-child", "a-root", "b-root", "é-child"]);
    expect(await names(`${record}&parentId=root`)).toEqual(["a-root", "b-root"]);
    expect(await names(`parentId=${root.id}`)).toEqual(["Z-child", "é-child"]);
    expect(await names("company=true")).toEqual(["company"]);
    expect(await names("company=true&parentId=root")).toEqual(["company"]);
    expect((await f.call("GET", "/folders")).json.totalCount).toBe(5);
  });

  it("answers 404 for an unknown parent or record and 400 for filters that do not fit together", async () => {
    const f = await attachmentFixture();
    const eventId = await f.record("event");
    expectError(await f.call("GET", `/folders?parentId=${UNKNOWN_ID}`), 404, "NotFoundError");
    expectError(await f.call("GET", `/folders?entityType=event&entityId=${UNKNOWN_ID}`), 404, "NotFoundError");
    for (const query of [
      "parentId=root",
      `entityId=${eventId}`,
      `company=true&entityType=event&entityId=${eventId}`,
      "company=false",
      "parentId=top",
    ]) {
      expectError(await f.call("GET", `/folders?${query}`), 400, "VALIDATION_ERROR");
    }
  });
});

describe("PATCH P/folders/{folderId}", () => {
  async function withTree() {
    const f = await attachmentFixture();
    const helpers = folders(f);
    const eventId = await f.record("event");
    const a = await helpers.make({ name: "A", entityType: "event", entityId: eventId });
    const b = await helpers.make({ name: "B", parentId: a.id });
    const c = await helpers.make({ name: "C", parentId: b.id });
    const d = await helpers.make({ name: "D", entityType: "event", entityId: eventId });
    return { ...f, ...helpers, eventId, a, b, c, d };
  }

  it("renames, moves under another folder of the record with subfolders and files, and moves to the root", async () => {
    const f = await withTree();
    const file = await upload(
      f.company.id,
      f.admin,
      multipartBody([
        { name: "file", filename: "in-b.txt", value: "hello" },
        { name: "folderId", value: f.b.id },
      ]),
    );
    expect(file.status).toBe(201);
    const moved = await f.call("PATCH", `/folders/${f.b.id}`, { body: { parentId: f.d.id, name: "B2" } });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ name: "B2", parentId: f.d.id, entityType: "event", entityId: f.eventId });
    expect(await f.tree()).toEqual({ A: null, B2: f.d.id, C: f.b.id, D: null });
    expect((await f.call("GET", `/files?folderId=${f.b.id}`)).json.totalCount).toBe(1);
    const toRoot = await f.call("PATCH", `/folders/${f.c.id}`, { body: { parentId: null } });
    expect(toRoot.json.parentId).toBeNull();
  });

  it("refuses the folder itself or a descendant as the new parent with 409 FolderCycle; nothing changes", async () => {
    const f = await withTree();
    const before = await f.tree();
    for (const parentId of [f.a.id, f.b.id, f.c.id]) {
      const res = await f.call("PATCH", `/folders/${f.a.id}`, { body: { parentId, name: "renamed" } });
      expectError(res, 409, "FolderCycle");
    }
    expectError(await f.call("PATCH", `/folders/${f.b.id}`, { body: { parentId: f.c.id } }), 409, "FolderCycle");
    expect(await f.tree()).toEqual(before);
  });

  it("refuses a parent of another record with 400; a company folder is another record too", async () => {
    const f = await withTree();
    const before = await f.tree();
    const otherEvent = await f.record("event");
    const elsewhere = await f.make({ name: "E", entityType: "event", entityId: otherEvent });
    const company = await f.make({ name: "F" });
    for (const parentId of [elsewhere.id, company.id]) {
      const res = await f.call("PATCH", `/folders/${f.b.id}`, { body: { parentId, name: "renamed" } });
      const refused = expectError(res, 400, "VALIDATION_ERROR");
      expect(refused.details[0]?.field).toBe("parentId");
      expectDisplayable(refused.userMessages, "parentId");
    }
    const back = await f.call("PATCH", `/folders/${company.id}`, { body: { parentId: f.a.id } });
    expectError(back, 400, "VALIDATION_ERROR");
    expect(await f.tree()).toEqual({ ...before, E: null, F: null });
  });

  it("two concurrent moves that would together form a cycle: one wins, the other is 409", async () => {
    const f = await withTree();
    const [ad, da] = await Promise.all([
      f.call("PATCH", `/folders/${f.a.id}`, { body: { parentId: f.d.id } }),
      f.call("PATCH", `/folders/${f.d.id}`, { body: { parentId: f.a.id } }),
    ]);
    expect([ad.status, da.status].sort()).toEqual([200, 409]);
    const tree = await f.tree();
    expect(tree.A === f.d.id && tree.D === f.a.id).toBe(false);
  });

  it("answers 404 for an unknown folder or parent and 400 for an empty body", async () => {
    const f = await withTree();
    expectError(await f.call("PATCH", `/folders/${UNKNOWN_ID}`, { body: { name: "x" } }), 404, "NotFoundError");
    const parent = await f.call("PATCH", `/folders/${f.a.id}`, { body: { parentId: UNKNOWN_ID } });
    expect(expectError(parent, 404, "NotFoundError").details[0]?.field).toBe("parentId");
    expectError(await f.call("PATCH", `/folders/${f.a.id}`, { body: {} }), 400, "VALIDATION_ERROR");
    expectError(
      await f.call("PATCH", `/folders/${f.a.id}`, { body: { entityType: "event" } }),
      400,
      "VALIDATION_ERROR",
    );
  });
});

describe("DELETE P/folders/{folderId}", () => {
  it("refuses a folder holding folders or files with 409 FolderNotEmpty and deletes nothing", async () => {
    const f = await attachmentFixture();
    const { make, tree } = folders(f);
    const parent = await make({ name: "parent" });
    const child = await make({ name: "child", parentId: parent.id });
    expectError(await f.call("DELETE", `/folders/${parent.id}`), 409, "FolderNotEmpty");
    const file = await upload(
      f.company.id,
      f.admin,
      multipartBody([
        { name: "file", filename: "x.txt", value: "x" },
        { name: "folderId", value: child.id },
      ]),
    );
    expectError(await f.call("DELETE", `/folders/${child.id}`), 409, "FolderNotEmpty");
    expect(await tree()).toEqual({ parent: null, child: parent.id });
    expect((await f.call("DELETE", `/files/${must(file.json).id}`)).status).toBe(204);
    expect((await f.call("DELETE", `/folders/${child.id}`)).status).toBe(204);
    expect((await f.call("DELETE", `/folders/${parent.id}`)).status).toBe(204);
    expectError(await f.call("DELETE", `/folders/${parent.id}`), 404, "NotFoundError", "Not found");
    expectError(await f.call("GET", `/folders/${parent.id}`), 404, "NotFoundError");
  });

  it("grants by either permission name style", async () => {
    const f = await attachmentFixture();
    const legacy = await f.company.key([], ["company.folder:create", "company.folder:delete"]);
    const created = await f.company.call("POST", "/folders", legacy, { body: { name: "x" } });
    expect(created.status).toBe(201);
    expect((await f.company.call("DELETE", `/folders/${created.json.id}`, legacy)).status).toBe(204);
    expectError(await f.company.call("GET", "/folders", legacy), 403, "AuthorizationError");
  });
});
