import { describe, expect, it } from "vitest";
import { expectError } from "../support/harness";
import { attachmentFixture, pause, UNKNOWN_ID } from "./fixture";
import { BOUNDARY, download, multipartBody, type Part, upload } from "./multipart";
import { rowCount, storedObjectKeys } from "./stored-objects";

/** CONTRACT section 6, Files: list, rename and move, delete. */

async function withFiles() {
  const f = await attachmentFixture();
  const eventId = await f.record("event");
  const otherEventId = await f.record("event");
  const folder = async (name: string, entityId: string | null, parentId?: string) =>
    (
      await f.call("POST", "/folders", {
        body: entityId ? { name, entityType: "event", entityId, parentId } : { name, parentId },
      })
    ).json.id as string;
  const put = async (name: string, parts: Part[] = []) => {
    const res = await upload(
      f.company.id,
      f.admin,
      multipartBody([{ name: "file", filename: name, value: name }, ...parts]),
    );
    expect(res.status, res.text).toBe(201);
    await pause(2);
    return res.json.id as string;
  };
  const names = async (query = "") =>
    (await f.call("GET", `/files${query}`)).json.items.map((file: { name: string }) => file.name);
  return { ...f, eventId, otherEventId, folder, put, names };
}

describe("GET P/files", () => {
  it("lists newest first, filtered by folder, no folder, record (every folder) and category", async () => {
    const f = await withFiles();
    const top = await f.folder("top", f.eventId);
    const inner = await f.folder("inner", null, top);
    const onEvent = [
      { name: "entityType", value: "event" },
      { name: "entityId", value: f.eventId },
    ];
    await f.put("loose-event.txt", [...onEvent, { name: "category", value: "Medical" }]);
    await f.put("in-top.txt", [{ name: "folderId", value: top }]);
    await f.put("in-inner.txt", [
      { name: "folderId", value: inner },
      { name: "category", value: "Legal" },
    ]);
    await f.put("company.txt");
    expect(await f.names()).toEqual(["company.txt", "in-inner.txt", "in-top.txt", "loose-event.txt"]);
    expect(await f.names(`?folderId=${top}`)).toEqual(["in-top.txt"]);
    expect(await f.names("?folderId=none")).toEqual(["company.txt", "loose-event.txt"]);
    expect(await f.names(`?entityType=event&entityId=${f.eventId}`)).toEqual([
      "in-inner.txt",
      "in-top.txt",
      "loose-event.txt",
    ]);
    expect(await f.names("?category=Legal")).toEqual(["in-inner.txt"]);
    expect(await f.names(`?entityType=event&entityId=${f.otherEventId}`)).toEqual([]);
    const page = await f.call("GET", "/files?pageSize=3&page=2");
    expect(page.json).toMatchObject({ totalCount: 4, page: 2, pageSize: 3 });
  });

  it("answers 404 for an unknown folder or record and 400 for a lone entityType", async () => {
    const f = await withFiles();
    expectError(await f.call("GET", `/files?folderId=${UNKNOWN_ID}`), 404, "NotFoundError");
    expectError(await f.call("GET", `/files?entityType=event&entityId=${UNKNOWN_ID}`), 404, "NotFoundError");
    expectError(await f.call("GET", "/files?entityType=event"), 400, "VALIDATION_ERROR");
    expectError(await f.call("GET", "/files?folderId=somewhere"), 400, "VALIDATION_ERROR");
  });
});

describe("PATCH P/files/{fileId}", () => {
  it("renames, moves into a folder of the same record and out of any folder; the bytes never change", async () => {
    const f = await withFiles();
    const a = await f.folder("a", f.eventId);
    const b = await f.folder("b", f.eventId);
    const id = await f.put("orig.txt", [{ name: "folderId", value: a }]);
    const before = (await f.call("GET", `/files/${id}`)).json;
    const renamed = await f.call("PATCH", `/files/${id}`, { body: { name: "Renamed ✓.txt", folderId: b } });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({
      name: "Renamed ✓.txt",
      folderId: b,
      entityType: "event",
      entityId: f.eventId,
    });
    const out = await f.call("PATCH", `/files/${id}`, { body: { folderId: null } });
    expect(out.json).toMatchObject({ folderId: null, entityType: "event", entityId: f.eventId });
    expect(out.json).toMatchObject({ size: before.size, sha256: before.sha256, contentType: before.contentType });
    const got = await download(f.company.id, f.admin, id);
    expect(new TextDecoder().decode(got.bytes)).toBe("orig.txt");
  });

  it("refuses a folder of another record (400), an unknown folder (404) and a bad name; nothing changes", async () => {
    const f = await withFiles();
    const elsewhere = await f.folder("elsewhere", f.otherEventId);
    const company = await f.folder("company", null);
    const id = await f.put("stay.txt", [
      { name: "entityType", value: "event" },
      { name: "entityId", value: f.eventId },
    ]);
    for (const folderId of [elsewhere, company]) {
      const res = await f.call("PATCH", `/files/${id}`, { body: { folderId, name: "moved.txt" } });
      expect(expectError(res, 400, "VALIDATION_ERROR").details[0]?.field).toBe("folderId");
    }
    const unknown = await f.call("PATCH", `/files/${id}`, { body: { folderId: UNKNOWN_ID } });
    expect(expectError(unknown, 404, "NotFoundError").details[0]?.field).toBe("folderId");
    for (const body of [{ name: "" }, { name: "bell\u0007.txt" }, { name: "x".repeat(256) }, {}, { size: 1 }]) {
      expectError(await f.call("PATCH", `/files/${id}`, { body }), 400, "VALIDATION_ERROR");
    }
    expect((await f.call("GET", `/files/${id}`)).json).toMatchObject({ name: "stay.txt", folderId: null });
    expectError(await f.call("PATCH", `/files/${UNKNOWN_ID}`, { body: { name: "x" } }), 404, "NotFoundError");
    // PATCH stays JSON.
    const form = await f.call("PATCH", `/files/${id}`, {
      rawBody: new TextDecoder().decode(multipartBody([{ name: "name", value: "x" }])),
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expectError(form, 415, "UnsupportedMediaType");
  });

  it("moves a company file only into company folders", async () => {
    const f = await withFiles();
    const company = await f.folder("company", null);
    const onRecord = await f.folder("record", f.eventId);
    const id = await f.put("c.txt");
    expect((await f.call("PATCH", `/files/${id}`, { body: { folderId: company } })).json.folderId).toBe(company);
    expectError(await f.call("PATCH", `/files/${id}`, { body: { folderId: onRecord } }), 400, "VALIDATION_ERROR");
  });
});

describe("DELETE P/files/{fileId}", () => {
  it("removes the row and the stored object; metadata and content reads answer 404", async () => {
    const f = await withFiles();
    const keep = await f.put("keep.txt");
    const id = await f.put("gone.txt");
    expect(await storedObjectKeys(f.company.id)).toHaveLength(2);
    expect((await f.call("DELETE", `/files/${id}`)).status).toBe(204);
    expectError(await f.call("GET", `/files/${id}`), 404, "NotFoundError", "Not found");
    expectError(await f.call("GET", `/files/${id}/content`), 404, "NotFoundError", "Not found");
    expect(await storedObjectKeys(f.company.id)).toEqual([`files/${f.company.id}/${keep}`]);
    expect(await rowCount("file_object_purges", f.company.id)).toBe(0);
    expectError(await f.call("DELETE", `/files/${id}`), 404, "NotFoundError");
  });
});
