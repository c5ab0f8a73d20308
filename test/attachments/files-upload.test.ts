import { describe, expect, it } from "vitest";
import { eventually, expectError } from "../support/harness";
import { attachmentFixture, UNKNOWN_ID } from "./fixture";
import { BOUNDARY, multipartBody, type Part, upload } from "./multipart";
import { rowCount, sha256Hex, storedObjectKeys } from "./stored-objects";

/** CONTRACT section 6, Files: the multipart upload, its limits and what a refused upload leaves (nothing). */

const MAX = 26_214_400;
const file = (value: string | Uint8Array, filename = "doc.txt", contentType?: string): Part => ({
  name: "file",
  filename,
  value,
  contentType,
});

async function withUploads() {
  const f = await attachmentFixture();
  const send = (parts: Part[]) => upload(f.company.id, f.admin, multipartBody(parts));
  /** Asserts the upload left no row and no stored object. */
  const nothingStored = async () => {
    expect(await rowCount("files", f.company.id)).toBe(0);
    expect(await storedObjectKeys(f.company.id)).toEqual([]);
    expect(await rowCount("unplaced_file_objects", f.company.id)).toBe(0);
  };
  return { ...f, send, nothingStored };
}

describe("POST P/files stores the bytes and the metadata", () => {
  it("answers 201 with the metadata; the object is stored under the company and file ids", async () => {
    const f = await withUploads();
    const me = await f.call("GET", "/me");
    const res = await f.send([file("hello, world", "greeting.txt", "text/plain; charset=utf-8")]);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(String),
      name: "greeting.txt",
      size: 12,
      contentType: "text/plain; charset=utf-8",
      sha256: await sha256Hex(new TextEncoder().encode("hello, world")),
      folderId: null,
      category: null,
      entityType: null,
      entityId: null,
      createdAt: expect.any(String),
      updatedAt: res.json.createdAt,
      createdBy: me.json.keyId,
    });
    expect(await storedObjectKeys(f.company.id)).toEqual([`files/${f.company.id}/${res.json.id}`]);
    expect((await f.call("GET", `/files/${res.json.id}`)).json).toEqual(res.json);
    // The batch that wrote the row forgot the object as unplaced.
    expect(await rowCount("unplaced_file_objects", f.company.id)).toBe(0);
  });

  it("takes the name part over the filename, and application/octet-stream when the part has no type", async () => {
    const f = await withUploads();
    const res = await f.send([file("x", "upload.bin"), { name: "name", value: 'Report "final" \\ v2.pdf' }]);
    expect(res.json).toMatchObject({ name: 'Report "final" \\ v2.pdf', contentType: "application/octet-stream" });
  });

  it("keeps the filename's UTF-8 text as sent, percent sequences included", async () => {
    const f = await withUploads();
    expect((await f.send([file("x", "Über 日本 😀.txt")])).json.name).toBe("Über 日本 😀.txt");
    expect((await f.send([file("x", "100%25 done.txt")])).json.name).toBe("100%25 done.txt");
  });

  it("accepts a zero-byte file", async () => {
    const f = await withUploads();
    const res = await f.send([file(new Uint8Array(0), "empty.bin")]);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      size: 0,
      sha256: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    });
  });

  it("attaches to a record, or to a folder's record", async () => {
    const f = await withUploads();
    const eventId = await f.record("event");
    const onRecord = await f.send([
      file("a"),
      { name: "entityType", value: "event" },
      { name: "entityId", value: eventId },
    ]);
    expect(onRecord.json).toMatchObject({ entityType: "event", entityId: eventId, folderId: null });
    const folder = await f.call("POST", "/folders", { body: { name: "F", entityType: "event", entityId: eventId } });
    const inFolder = await f.send([file("b"), { name: "folderId", value: folder.json.id }]);
    expect(inFolder.json).toMatchObject({ entityType: "event", entityId: eventId, folderId: folder.json.id });
    const both = await f.send([
      file("c"),
      { name: "folderId", value: folder.json.id },
      { name: "entityType", value: "event" },
      { name: "entityId", value: eventId },
    ]);
    expect(both.status).toBe(201);
  });

  it("counts an empty text part as absent", async () => {
    const f = await withUploads();
    const res = await f.send([file("x"), { name: "folderId", value: "" }, { name: "category", value: "" }]);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ folderId: null, category: null });
    // Absent, so the same part sent again with a value is its only value, before or after the empty one.
    for (const parts of [
      [file("x"), { name: "name", value: "" }, { name: "name", value: "b.txt" }],
      [file("x"), { name: "name", value: "b.txt" }, { name: "name", value: "" }],
    ]) {
      const named = await f.send(parts);
      expect(named.status, named.text).toBe(201);
      expect(named.json.name).toBe("b.txt");
    }
  });

  it("passes a batchId part to the audit log", async () => {
    const f = await withUploads();
    expect((await f.send([file("x"), { name: "batchId", value: "upload-batch-7" }])).status).toBe(201);
    const audited = await eventually(
      () => f.call("GET", "/audit-log?batchId=upload-batch-7"),
      (r) => r.json.totalCount === 1,
    );
    expect(audited.json.items[0]).toMatchObject({ method: "POST", status: 201, batchId: "upload-batch-7" });
  });

  it("grants by either permission name style", async () => {
    const f = await withUploads();
    const legacy = await f.company.key([], ["company.file:create"]);
    expect((await upload(f.company.id, legacy, multipartBody([file("x")]))).status).toBe(201);
    const readOnly = await f.company.key(["ReadOnly"]);
    expectError(await upload(f.company.id, readOnly, multipartBody([file("x")])), 403, "AuthorizationError");
  });
});

describe("POST P/files refuses, leaving neither row nor object", () => {
  it("415 UnsupportedMediaType for a body that is not multipart/form-data", async () => {
    const f = await withUploads();
    const json = await upload(f.company.id, f.admin, JSON.stringify({ file: "x" }), "application/json");
    expectError(json, 415, "UnsupportedMediaType");
    expectError(await upload(f.company.id, f.admin, "x", "text/plain"), 415, "UnsupportedMediaType");
    // The media type is refused before size and shape (CONTRACT 6: 415, then 413, then 400), whatever the JSON.
    const malformed = await upload(f.company.id, f.admin, '{"file":', "application/json");
    expectError(malformed, 415, "UnsupportedMediaType");
    const large = await upload(
      f.company.id,
      f.admin,
      JSON.stringify({ file: "x".repeat(2 * 1024 * 1024) }),
      "application/json",
    );
    expectError(large, 415, "UnsupportedMediaType");
    const deep = await upload(f.company.id, f.admin, "[".repeat(40) + "]".repeat(40), "application/json");
    expectError(deep, 415, "UnsupportedMediaType");
    await f.nothingStored();
  });

  it("400 for a missing file part or quoted filename, repeated or unknown parts, bad values", async () => {
    const f = await withUploads();
    const cases: Array<[Part[], string]> = [
      [[{ name: "name", value: "only a name" }], "file"],
      [
        [
          { name: "file", value: "x" },
          { name: "name", value: "named.txt" },
        ],
        "file",
      ],
      [[file("x", "")], "file"],
      [
        [{ name: "file", value: "x", headers: 'Content-Disposition: form-data; name="file"; filename=plain.txt' }],
        "file",
      ],
      [
        [
          {
            name: "file",
            value: "x",
            headers: "Content-Disposition: form-data; name=\"file\"; filename*=UTF-8''a.txt",
          },
        ],
        "file",
      ],
      [[file("x"), file("y")], "file"],
      [[file("x"), { name: "name", value: "a" }, { name: "name", value: "b" }], "name"],
      [[file("x"), { name: "colour", value: "red" }], "colour"],
      [[file("x"), { name: "entityType", value: "claim" }], "entityType"],
      [[file("x"), { name: "entityType", value: "event" }], "entityId"],
      [[file("x"), { name: "folderId", value: "not-a-uuid" }], "folderId"],
      [[file("x"), { name: "name", value: "tab\there.txt" }], "name"],
      [[file("x"), { name: "name", value: "x".repeat(256) }], "name"],
      [[file("x", "doc.txt", "text")], "file"],
      [[file("x", "doc.txt", "text/plain; charset=ü")], "file"],
      [[file("x"), { name: "category", value: "c".repeat(4_097) }], "category"],
    ];
    for (const [parts, field] of cases) {
      const error = expectError(await f.send(parts), 400, "VALIDATION_ERROR");
      expect(
        error.details.map((d) => d.field),
        JSON.stringify(parts.map((p) => p.name)),
      ).toContain(field);
    }
    await f.nothingStored();
  });

  it("400 for a body that is not well-formed multipart", async () => {
    const f = await withUploads();
    const body = multipartBody([file("x")]);
    const truncated = body.slice(0, body.length - 10);
    expectError(await upload(f.company.id, f.admin, truncated), 400, "VALIDATION_ERROR");
    expectError(await upload(f.company.id, f.admin, body, "multipart/form-data"), 400, "VALIDATION_ERROR");
    const other = await upload(f.company.id, f.admin, body, "multipart/form-data; boundary=not-the-one");
    expectError(other, 400, "VALIDATION_ERROR");
    await f.nothingStored();
  });

  it("404 for an unknown folder or record; 400 for another record's folder or a category", async () => {
    const f = await withUploads();
    const eventId = await f.record("event");
    const quoteId = await f.record("quote");
    const folder = await f.call("POST", "/folders", { body: { name: "F", entityType: "event", entityId: eventId } });
    const unknownFolder = await f.send([file("x"), { name: "folderId", value: UNKNOWN_ID }]);
    expect(expectError(unknownFolder, 404, "NotFoundError").details[0]?.field).toBe("folderId");
    const unknownRecord = await f.send([
      file("x"),
      { name: "entityType", value: "event" },
      { name: "entityId", value: UNKNOWN_ID },
    ]);
    expect(expectError(unknownRecord, 404, "NotFoundError").details[0]?.field).toBe("entityId");
    const otherRecord = await f.send([
      file("x"),
      { name: "folderId", value: folder.json.id },
      { name: "entityType", value: "quote" },
      { name: "entityId", value: quoteId },
    ]);
    expectError(otherRecord, 400, "VALIDATION_ERROR");
    const category = await f.send([
      file("x"),
      { name: "folderId", value: folder.json.id },
      { name: "category", value: "Nope" },
    ]);
    expectError(category, 400, "VALIDATION_ERROR");
    await f.nothingStored();
  });
});

describe("the 25 MiB limit", () => {
  const sized = (size: number) => {
    const bytes = new Uint8Array(size);
    for (let i = 0; i < size; i += 4096) bytes[i] = i & 255;
    return bytes;
  };

  it("accepts exactly 26,214,400 bytes, byte for byte", { timeout: 120_000 }, async () => {
    const f = await withUploads();
    const bytes = sized(MAX);
    const res = await f.send([file(bytes, "exactly-25-mib.bin")]);
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ size: MAX, sha256: await sha256Hex(bytes) });
    expect(await storedObjectKeys(f.company.id)).toHaveLength(1);
  });

  it("refuses one byte more with 413 PayloadTooLarge; no row, no object", { timeout: 120_000 }, async () => {
    const f = await withUploads();
    const res = await f.send([file(sized(MAX + 1), "one-byte-over.bin")]);
    expect(expectError(res, 413, "PayloadTooLarge").details).toEqual([
      { field: "file", message: "must be at most 26214400 bytes" },
    ]);
    await f.nothingStored();
  });

  it("refuses a body over the limit plus 64 KiB from its Content-Length, even with a small file part", async () => {
    const f = await withUploads();
    const head = new TextEncoder().encode(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nx`,
    );
    const body = new Uint8Array(MAX + 65_536 + 1);
    body.set(head);
    const res = await upload(f.company.id, f.admin, body);
    expect(expectError(res, 413, "PayloadTooLarge").details[0]?.field).toBe("body");
    await f.nothingStored();
  });

  it("413 wins over a part problem found earlier in the body", { timeout: 120_000 }, async () => {
    const f = await withUploads();
    const res = await f.send([{ name: "colour", value: "red" }, file(sized(MAX + 1), "big.bin")]);
    expectError(res, 413, "PayloadTooLarge");
    await f.nothingStored();
  });
});
