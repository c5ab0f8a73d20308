import { describe, expect, it } from "vitest";
import { expectError } from "../support/harness";
import { ATTACHMENT_CONFIGURATION, attachmentFixture } from "./fixture";
import { multipartBody, upload } from "./multipart";

/**
 * The category rule as the interface states it ("folder node `category`") and CONTRACT section 6 fixes
 * it, for folders and for files: the configured list of the owner's entity type (policy: Underwriting,
 * Loss runs; event: Medical, Legal; exposure: none), kept when already carried, null clears, omitted leaves.
 */

async function withPolicy() {
  const f = await attachmentFixture();
  const policyId = await f.policy();
  const folder = async (body: Record<string, unknown>) => f.call("POST", "/folders", { body });
  const uploadWith = async (parts: Array<{ name: string; value: string }>) =>
    upload(
      f.company.id,
      f.admin,
      multipartBody([{ name: "file", filename: "doc.pdf", contentType: "application/pdf", value: "%PDF" }, ...parts]),
    );
  const dropUnderwriting = async () => {
    const config = { ...ATTACHMENT_CONFIGURATION, folderCategories: { policy: ["Loss runs"], event: ["Medical"] } };
    return f.call("POST", "/configuration/import", { body: config });
  };
  return { ...f, policyId, folder, uploadWith, dropUnderwriting };
}

describe("folder category on create", () => {
  it("takes a label from the list of the folder's entity type, or none", async () => {
    const f = await withPolicy();
    const set = await f.folder({ name: "UW", entityType: "policy", entityId: f.policyId, category: "Underwriting" });
    expect(set.status).toBe(201);
    expect(set.json.category).toBe("Underwriting");
    const none = await f.folder({ name: "none", entityType: "policy", entityId: f.policyId, category: null });
    expect(none.json.category).toBeNull();
    // A child takes its parent's record, so the policy list applies.
    const child = await f.folder({ name: "child", parentId: set.json.id, category: "Loss runs" });
    expect(child.json.category).toBe("Loss runs");
  });

  it("refuses other labels with 400 naming category: another type's, another case, no list", async () => {
    const f = await withPolicy();
    const exposureId = await f.record("exposure");
    for (const body of [
      { name: "x", entityType: "policy", entityId: f.policyId, category: "Medical" },
      { name: "x", entityType: "policy", entityId: f.policyId, category: "underwriting" },
      { name: "x", entityType: "exposure", entityId: exposureId, category: "Underwriting" },
    ]) {
      const error = expectError(await f.folder(body), 400, "VALIDATION_ERROR");
      expect(error.details.map((d) => d.field)).toEqual(["category"]);
    }
    expect((await f.call("GET", "/folders")).json.totalCount).toBe(0);
  });

  it("a company folder has no list: any label is 400", async () => {
    const f = await withPolicy();
    const error = expectError(await f.folder({ name: "x", category: "Underwriting" }), 400, "VALIDATION_ERROR");
    expect(error.details[0]?.field).toBe("category");
  });
});

describe("folder category on update", () => {
  async function withFolder() {
    const f = await withPolicy();
    const created = await f.folder({
      name: "UW",
      entityType: "policy",
      entityId: f.policyId,
      category: "Underwriting",
    });
    return { ...f, folderId: created.json.id as string };
  }

  it("sets a configured label, leaves it when omitted and clears it with null", async () => {
    const f = await withFolder();
    const set = await f.call("PATCH", `/folders/${f.folderId}`, { body: { category: "Loss runs" } });
    expect(set.json.category).toBe("Loss runs");
    const omitted = await f.call("PATCH", `/folders/${f.folderId}`, { body: { name: "renamed" } });
    expect(omitted.json).toMatchObject({ name: "renamed", category: "Loss runs" });
    const cleared = await f.call("PATCH", `/folders/${f.folderId}`, { body: { category: null } });
    expect(cleared.json.category).toBeNull();
  });

  it("keeps the label the folder already carries after the configuration stops listing it", async () => {
    const f = await withFolder();
    // Removing a label is not a breaking change: the import needs no force and leaves the folder as it is.
    expect((await f.dropUnderwriting()).status).toBe(200);
    expect((await f.call("GET", `/folders/${f.folderId}`)).json.category).toBe("Underwriting");
    const kept = await f.call("PATCH", `/folders/${f.folderId}`, { body: { category: "Underwriting", name: "again" } });
    expect(kept.status).toBe(200);
    expect(kept.json).toMatchObject({ name: "again", category: "Underwriting" });
    // Once cleared, the unlisted label cannot come back.
    await f.call("PATCH", `/folders/${f.folderId}`, { body: { category: null } });
    const back = await f.call("PATCH", `/folders/${f.folderId}`, { body: { category: "Underwriting" } });
    expectError(back, 400, "VALIDATION_ERROR");
  });

  it("refuses any other label with 400 and applies nothing in the body", async () => {
    const f = await withFolder();
    const res = await f.call("PATCH", `/folders/${f.folderId}`, { body: { name: "changed", category: "Medical" } });
    expect(expectError(res, 400, "VALIDATION_ERROR").details).toEqual([
      { field: "category", message: expect.stringContaining('"Medical" is not a configured category') },
    ]);
    expect((await f.call("GET", `/folders/${f.folderId}`)).json).toMatchObject({
      name: "UW",
      category: "Underwriting",
    });
  });
});

describe("file category", () => {
  it("follows the folder rule against the file's entity type, on upload and on update", async () => {
    const f = await withPolicy();
    const record = [
      { name: "entityType", value: "policy" },
      { name: "entityId", value: f.policyId },
    ];
    const ok = await f.uploadWith([...record, { name: "category", value: "Underwriting" }]);
    expect(ok.status).toBe(201);
    expect(ok.json.category).toBe("Underwriting");
    const refused = await f.uploadWith([...record, { name: "category", value: "Medical" }]);
    expect(expectError(refused, 400, "VALIDATION_ERROR").details[0]?.field).toBe("category");
    const company = await f.uploadWith([{ name: "category", value: "Underwriting" }]);
    expectError(company, 400, "VALIDATION_ERROR");

    const id = ok.json.id as string;
    expect((await f.dropUnderwriting()).status).toBe(200);
    const kept = await f.call("PATCH", `/files/${id}`, { body: { category: "Underwriting", name: "kept.pdf" } });
    expect(kept.json).toMatchObject({ category: "Underwriting", name: "kept.pdf" });
    const other = await f.call("PATCH", `/files/${id}`, { body: { category: "Medical", name: "no.pdf" } });
    expectError(other, 400, "VALIDATION_ERROR");
    expect((await f.call("GET", `/files/${id}`)).json.name).toBe("kept.pdf");
    const set = await f.call("PATCH", `/files/${id}`, { body: { category: "Loss runs" } });
    expect(set.json.category).toBe("Loss runs");
    const cleared = await f.call("PATCH", `/files/${id}`, { body: { category: null } });
    expect(cleared.json.category).toBeNull();
    expect((await f.call("GET", "/files")).json.totalCount).toBe(1);
  });
});

describe("configured folder categories are bounded (CONTRACT 8.3)", () => {
  it("a label is at most 1,000 characters, as a request's category is, and a list at most 1,000 labels", async () => {
    const f = await withPolicy();
    const importing = (policy: string[]) =>
      f.call("POST", "/configuration/import", {
        body: { ...ATTACHMENT_CONFIGURATION, folderCategories: { policy, event: ["Medical"] } },
      });
    const long = expectError(await importing(["x".repeat(1_001)]), 400, "InvalidConfiguration");
    expect(long.details.map((d) => d.field)).toEqual(["folderCategories.policy.0"]);
    const many = expectError(
      await importing(Array.from({ length: 1_001 }, (_, i) => `Label ${i}`)),
      400,
      "InvalidConfiguration",
    );
    expect(many.details.map((d) => d.field)).toEqual(["folderCategories.policy"]);
    // The longest label is configured and can be used on a folder.
    const longest = "x".repeat(1_000);
    expect((await importing([longest])).status).toBe(200);
    const folder = await f.folder({ name: "L", entityType: "policy", entityId: f.policyId, category: longest });
    expect(folder.status, folder.text.slice(0, 300)).toBe(201);
    expect(folder.json.category).toBe(longest);
  });
});
