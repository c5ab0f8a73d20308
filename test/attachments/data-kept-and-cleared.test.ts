import { describe, expect, it } from "vitest";
import { eventually, expectError, staff } from "../support/harness";
import { deliver } from "../support/queue";
import { type AttachmentFixture, attachmentFixture } from "./fixture";
import { multipartBody, upload } from "./multipart";
import { rowCount, storedObjectKeys } from "./stored-objects";

/**
 * CONTRACT section 6, "Data kept and cleared": a Sandbox reset clears notes, tasks, folders, files and
 * generated forms and keeps form templates and forms-logic rules; the deleteAll wipes remove what is
 * attached to the records they remove. Stored objects go after the D1 write commits, in the background.
 */

const TABLES = ["notes", "tasks", "folders", "files", "generated_forms"];

/** Attaches one of everything to a record (a generated form too, for quotes and policies). */
async function attachEverything(f: AttachmentFixture, entityType: string, entityId: string) {
  const record = { entityType, entityId };
  expect((await f.call("POST", "/notes", { body: { ...record, note: "n" } })).status).toBe(201);
  expect((await f.call("POST", "/tasks", { body: { ...record, title: "t" } })).status).toBe(201);
  const folder = await f.call("POST", "/folders", { body: { ...record, name: "f" } });
  expect(folder.status).toBe(201);
  const file = await upload(
    f.company.id,
    f.admin,
    multipartBody([
      { name: "file", filename: `${entityType}.txt`, value: entityType },
      { name: "folderId", value: folder.json.id },
    ]),
  );
  expect(file.status).toBe(201);
  if (entityType === "quote" || entityType === "policy") {
    const generated = await f.call("POST", "/forms/generated", { body: { formNumber: "F1", ...record } });
    expect(generated.status).toBe(201);
  }
  return file.json.id as string;
}

async function counts(companyId: string) {
  const out: Record<string, number> = {};
  for (const table of TABLES) out[table] = await rowCount(table, companyId);
  return out;
}

const objectKey = (companyId: string, fileId: string) => `files/${companyId}/${fileId}`;

describe("Sandbox reset", () => {
  it("clears the five tables, keeps templates and rules, then purges the stored objects", async () => {
    const f = await attachmentFixture();
    await f.call("POST", "/forms", { body: { number: "F1", name: "Form one" } });
    await f.call("POST", "/forms-logic", { body: { formNumber: "F1", entityType: "quote", name: "r" } });
    await attachEverything(f, "quote", await f.record("quote"));
    await attachEverything(f, "policy", await f.policy());
    await f.call("POST", "/tasks", { body: { title: "standalone" } });
    await upload(f.company.id, f.admin, multipartBody([{ name: "file", filename: "company.txt", value: "c" }]));
    expect(await storedObjectKeys(f.company.id)).toHaveLength(3);

    const manager = await f.company.key(["SandboxManager"]);
    expect((await f.company.call("POST", "/reset", manager)).status).toBe(200);
    expect(await counts(f.company.id)).toEqual({ notes: 0, tasks: 0, folders: 0, files: 0, generated_forms: 0 });
    expect((await f.call("GET", "/forms")).json.totalCount).toBe(1);
    expect((await f.call("GET", "/forms-logic")).json.totalCount).toBe(1);
    // The objects were queued in the reset's own batch and are deleted by the background purge.
    const left = await eventually(
      () => storedObjectKeys(f.company.id),
      (keys) => keys.length === 0,
      10_000,
    );
    expect(left).toEqual([]);
    expect(await rowCount("file_object_purges", f.company.id)).toBe(0);
  });

  it("the purge is idempotent: a repeated or late message deletes nothing more and fails nothing", async () => {
    const f = await attachmentFixture();
    await upload(f.company.id, f.admin, multipartBody([{ name: "file", filename: "a.txt", value: "a" }]));
    const manager = await f.company.key(["SandboxManager"]);
    await f.company.call("POST", "/reset", manager);
    const message = { type: "files.purge-objects", messageId: "again", companyId: f.company.id, payload: {} };
    const results = await Promise.all([deliver([{ body: message }]), deliver([{ body: message }])]);
    for (const result of results) expect(result.explicitAcks).toHaveLength(1);
    expect(await storedObjectKeys(f.company.id)).toEqual([]);
  });

  it("leaves another company's files alone", async () => {
    const f = await attachmentFixture();
    const other = await attachmentFixture();
    const kept = await upload(
      other.company.id,
      other.admin,
      multipartBody([{ name: "file", filename: "k", value: "k" }]),
    );
    await upload(f.company.id, f.admin, multipartBody([{ name: "file", filename: "g", value: "g" }]));
    await f.company.call("POST", "/reset", await f.company.key(["SandboxManager"]));
    await eventually(
      () => storedObjectKeys(f.company.id),
      (keys) => keys.length === 0,
      10_000,
    );
    expect(await storedObjectKeys(other.company.id)).toEqual([objectKey(other.company.id, kept.json.id)]);
    expect((await other.call("GET", `/files/${kept.json.id}`)).status).toBe(200);
  });
});

describe("POST P/entities/{entityType}/deleteAll", () => {
  it("removes what is attached to the removed records, and only that", async () => {
    const f = await attachmentFixture();
    const exposureFile = await attachEverything(f, "exposure", await f.record("exposure"));
    const eventFile = await attachEverything(f, "event", await f.record("event"));
    const manager = await f.company.key(["SandboxManager"]);
    const wiped = await f.company.call("POST", "/entities/exposure/deleteAll", manager);
    expect(wiped.json).toEqual({ entityType: "exposure", rowsRemoved: 1 });
    expect(await counts(f.company.id)).toEqual({ notes: 1, tasks: 1, folders: 1, files: 1, generated_forms: 0 });
    expectError(await f.call("GET", `/files/${exposureFile}`), 404, "NotFoundError");
    expect((await f.call("GET", `/files/${eventFile}`)).status).toBe(200);
    const left = await eventually(
      () => storedObjectKeys(f.company.id),
      (keys) => keys.length === 1,
      10_000,
    );
    expect(left).toEqual([objectKey(f.company.id, eventFile)]);
  });

  it("removes a quote's generated forms with the quotes", async () => {
    const f = await attachmentFixture();
    await f.call("POST", "/forms", { body: { number: "F1", name: "Form one" } });
    await attachEverything(f, "quote", await f.record("quote"));
    const manager = await f.company.key(["SandboxManager"]);
    expect((await f.company.call("POST", "/entities/quote/deleteAll", manager)).status).toBe(200);
    expect(await counts(f.company.id)).toEqual({ notes: 0, tasks: 0, folders: 0, files: 0, generated_forms: 0 });
    expect((await f.call("GET", "/forms")).json.totalCount).toBe(1);
  });

  it("a refused wipe (a Live company) removes nothing attached either", async () => {
    const f = await attachmentFixture();
    await attachEverything(f, "exposure", await f.record("exposure"));
    expect((await staff("PATCH", `/admin/companies/${f.company.id}`, { lifecycle: "live" })).status).toBe(200);
    const refused = await f.company.call("POST", "/entities/exposure/deleteAll", await f.company.key(["SUPER_ADMIN"]));
    expectError(refused, 409, "CompanyLifecycleRefused");
    expect(await counts(f.company.id)).toEqual({ notes: 1, tasks: 1, folders: 1, files: 1, generated_forms: 0 });
    expect(await storedObjectKeys(f.company.id)).toHaveLength(1);
  });
});

describe("POST P/policies/deleteAll", () => {
  it("removes the notes, tasks, folders, files and generated forms attached to policies", async () => {
    const f = await attachmentFixture();
    await f.call("POST", "/forms", { body: { number: "F1", name: "Form one" } });
    await attachEverything(f, "policy", await f.policy());
    const quoteFile = await attachEverything(f, "quote", await f.record("quote"));
    const manager = await f.company.key(["SandboxManager"]);
    const wiped = await f.company.call("POST", "/policies/deleteAll", manager);
    expect(wiped.status).toBe(200);
    expect(await counts(f.company.id)).toEqual({ notes: 1, tasks: 1, folders: 1, files: 1, generated_forms: 1 });
    const left = await eventually(
      () => storedObjectKeys(f.company.id),
      (keys) => keys.length === 1,
      10_000,
    );
    expect(left).toEqual([objectKey(f.company.id, quoteFile)]);
  });
});
