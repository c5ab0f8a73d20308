import { describe, expect, it } from "vitest";
import { expectError } from "../support/harness";
import { attachmentFixture } from "./fixture";
import { multipartBody, upload } from "./multipart";

/**
 * Another company's ids answer 404 NotFoundError under the caller's own company path, in paths, bodies
 * and filters (CONTRACT section 3 and section 6, Ids), and nothing of theirs is read or changed.
 */

async function twoCompanies() {
  const theirs = await attachmentFixture();
  const ours = await attachmentFixture();
  const quoteId = await theirs.record("quote");
  const policyId = await theirs.policy();
  const note = (await theirs.call("POST", "/notes", { body: { entityType: "quote", entityId: quoteId, note: "n" } }))
    .json.id as string;
  const task = (await theirs.call("POST", "/tasks", { body: { title: "t" } })).json.id as string;
  const folder = (
    await theirs.call("POST", "/folders", { body: { name: "f", entityType: "quote", entityId: quoteId } })
  ).json.id as string;
  const file = (
    await upload(
      theirs.company.id,
      theirs.admin,
      multipartBody([
        { name: "file", filename: "theirs.txt", value: "secret" },
        { name: "folderId", value: folder },
      ]),
    )
  ).json.id as string;
  await theirs.call("POST", "/forms", { body: { number: "THEIRS 1", name: "Theirs" } });
  const rule = (
    await theirs.call("POST", "/forms-logic", { body: { formNumber: "THEIRS 1", entityType: "quote", name: "r" } })
  ).json.id as string;
  return { theirs, ours, ids: { quoteId, policyId, note, task, folder, file, rule } };
}

describe("another company's ids answer 404", () => {
  it("in paths", async () => {
    const { ours, ids } = await twoCompanies();
    const calls: Array<[string, string, unknown?]> = [
      ["GET", `/notes/${ids.note}`],
      ["PATCH", `/notes/${ids.note}`, { note: "x" }],
      ["DELETE", `/notes/${ids.note}`],
      ["GET", `/tasks/${ids.task}`],
      ["PATCH", `/tasks/${ids.task}`, { title: "x" }],
      ["DELETE", `/tasks/${ids.task}`],
      ["GET", `/folders/${ids.folder}`],
      ["PATCH", `/folders/${ids.folder}`, { name: "x" }],
      ["DELETE", `/folders/${ids.folder}`],
      ["GET", `/files/${ids.file}`],
      ["GET", `/files/${ids.file}/content`],
      ["PATCH", `/files/${ids.file}`, { name: "x" }],
      ["DELETE", `/files/${ids.file}`],
      ["GET", "/forms/THEIRS%201"],
      ["PATCH", "/forms/THEIRS%201", { name: "x" }],
      ["DELETE", "/forms/THEIRS%201"],
      ["DELETE", `/forms-logic/${ids.rule}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await ours.call(method, path, body === undefined ? {} : { body });
      expectError(res, 404, "NotFoundError", "Not found");
    }
  });

  it("in bodies", async () => {
    const { ours, ids } = await twoCompanies();
    const ownFolder = (await ours.call("POST", "/folders", { body: { name: "own" } })).json.id as string;
    const ownFile = (
      await upload(ours.company.id, ours.admin, multipartBody([{ name: "file", filename: "own.txt", value: "own" }]))
    ).json.id as string;
    const quote = { entityType: "quote", entityId: ids.quoteId };
    const calls: Array<[string, string, unknown]> = [
      ["POST", "/notes", { ...quote, note: "x" }],
      ["POST", "/tasks", { ...quote, title: "x" }],
      ["POST", "/folders", { ...quote, name: "x" }],
      ["POST", "/folders", { name: "x", parentId: ids.folder }],
      ["PATCH", `/folders/${ownFolder}`, { parentId: ids.folder }],
      ["PATCH", `/files/${ownFile}`, { folderId: ids.folder }],
      ["POST", "/forms-logic", { formNumber: "THEIRS 1", entityType: "quote", name: "x" }],
      ["POST", "/forms/generated", { formNumber: "THEIRS 1", ...quote }],
      ["POST", "/forms/generated", { formNumber: "THEIRS 1", entityType: "policy", entityId: ids.policyId }],
    ];
    for (const [method, path, body] of calls) {
      expectError(await ours.call(method, path, { body }), 404, "NotFoundError", "Not found");
    }
    const uploads = [
      [{ name: "folderId", value: ids.folder }],
      [
        { name: "entityType", value: "quote" },
        { name: "entityId", value: ids.quoteId },
      ],
    ];
    for (const parts of uploads) {
      const res = await upload(
        ours.company.id,
        ours.admin,
        multipartBody([{ name: "file", filename: "x.txt", value: "x" }, ...parts]),
      );
      expectError(res, 404, "NotFoundError");
    }
    expect((await ours.call("GET", "/files")).json.totalCount).toBe(1);
  });

  it("in list filters", async () => {
    const { ours, ids } = await twoCompanies();
    const record = `entityType=quote&entityId=${ids.quoteId}`;
    for (const path of [
      `/notes?${record}`,
      `/tasks?${record}`,
      `/folders?${record}`,
      `/folders?parentId=${ids.folder}`,
      `/files?${record}`,
      `/files?folderId=${ids.folder}`,
      `/forms/generated?${record}`,
    ]) {
      expectError(await ours.call("GET", path), 404, "NotFoundError", "Not found");
    }
    // formNumber filters match as text: another company's number lists nothing here, never 404.
    expect((await ours.call("GET", "/forms-logic?formNumber=THEIRS%201")).json.totalCount).toBe(0);
  });

  it("leaves the other company's records as they were", async () => {
    const { theirs, ours, ids } = await twoCompanies();
    await ours.call("DELETE", `/files/${ids.file}`);
    await ours.call("PATCH", `/notes/${ids.note}`, { body: { note: "x" } });
    expect((await theirs.call("GET", `/files/${ids.file}`)).status).toBe(200);
    expect((await theirs.call("GET", `/notes/${ids.note}`)).json.note).toBe("n");
  });
});
