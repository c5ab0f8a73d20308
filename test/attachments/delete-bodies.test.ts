import { describe, expect, it } from "vitest";
import { expectError } from "../support/harness";
import { expectDisplayable } from "../support/user-messages";
import { type AttachmentFixture, attachmentFixture, UNKNOWN_ID } from "./fixture";
import { multipartBody, upload } from "./multipart";

/**
 * Section 6 lists no body for its deletes, and "a body member this section does not list is 400
 * VALIDATION_ERROR (batchId excepted)": a delete takes no body, `{}` or `{batchId}`, and refuses any other
 * member before it looks the record up, deleting nothing.
 */

interface Deletable {
  label: string;
  /** Makes a record and answers its path. */
  create(f: AttachmentFixture): Promise<string>;
  /** Whether the record at the path still exists. */
  exists(f: AttachmentFixture, path: string): Promise<boolean>;
  unknown: string;
}

const created = async (res: { status: number; json: any }) => {
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as string;
};
const readable = async (f: AttachmentFixture, path: string) => (await f.call("GET", path)).status === 200;

const DELETABLE: Deletable[] = [
  {
    label: "note",
    create: async (f) =>
      `/notes/${await created(await f.call("POST", "/notes", { body: { entityType: "quote", entityId: await f.record("quote"), note: "n" } }))}`,
    exists: readable,
    unknown: `/notes/${UNKNOWN_ID}`,
  },
  {
    label: "task",
    create: async (f) => `/tasks/${await created(await f.call("POST", "/tasks", { body: { title: "t" } }))}`,
    exists: readable,
    unknown: `/tasks/${UNKNOWN_ID}`,
  },
  {
    label: "folder",
    create: async (f) => `/folders/${await created(await f.call("POST", "/folders", { body: { name: "f" } }))}`,
    exists: readable,
    unknown: `/folders/${UNKNOWN_ID}`,
  },
  {
    label: "file",
    create: async (f) =>
      `/files/${await created(await upload(f.company.id, f.admin, multipartBody([{ name: "file", filename: "a.txt", value: "a" }])))}`,
    exists: readable,
    unknown: `/files/${UNKNOWN_ID}`,
  },
  {
    label: "form template",
    create: async (f) => {
      const number = `FORM ${crypto.randomUUID().slice(0, 8)}`;
      await created(await f.call("POST", "/forms", { body: { number, name: "Form" } }));
      return `/forms/${encodeURIComponent(number)}`;
    },
    exists: readable,
    unknown: "/forms/NO%20SUCH%20FORM",
  },
  {
    label: "forms-logic rule",
    create: async (f) => {
      const formNumber = `RULE ${crypto.randomUUID().slice(0, 8)}`;
      await created(await f.call("POST", "/forms", { body: { number: formNumber, name: "Form" } }));
      const body = { formNumber, entityType: "quote", name: "r" };
      return `/forms-logic/${await created(await f.call("POST", "/forms-logic", { body }))}`;
    },
    exists: async (f, path) => {
      const listed = (await f.call("GET", "/forms-logic?pageSize=500")).json.items as Array<{ id: string }>;
      return listed.some((rule) => path.endsWith(`/${rule.id}`));
    },
    unknown: `/forms-logic/${UNKNOWN_ID}`,
  },
];

describe("section 6 deletes take no body, {} or {batchId}", () => {
  it.each(DELETABLE)("a $label delete refuses any other member 400 naming it, deleting nothing", async (kind) => {
    const f = await attachmentFixture();
    const path = await kind.create(f);
    const refused = expectError(await f.call("DELETE", path, { body: { note: "x", foo: 1 } }), 400, "VALIDATION_ERROR");
    expect(refused.details.map((d) => d.field).sort()).toEqual(["foo", "note"]);
    expectDisplayable(refused.userMessages, kind.label);
    expect(await kind.exists(f, path)).toBe(true);
    // The body's shape is checked before the record is looked up (section 6's order of refusals).
    expectError(await f.call("DELETE", kind.unknown, { body: { foo: 1 } }), 400, "VALIDATION_ERROR");
    expectError(await f.call("DELETE", kind.unknown), 404, "NotFoundError");

    // An SDK that sends a JSON content type on every call, with no body, sends no body too.
    const noBody = [{}, { rawBody: "" }, { headers: { "Content-Type": "application/json" } }];
    for (const options of [...noBody, { body: {} }, { body: { batchId: "batch-7" } }]) {
      const record = await kind.create(f);
      const res = await f.call("DELETE", record, options);
      expect(res.status, `${kind.label} ${JSON.stringify(options)} ${res.text}`).toBe(204);
      expect(await kind.exists(f, record)).toBe(false);
    }
  });
});
