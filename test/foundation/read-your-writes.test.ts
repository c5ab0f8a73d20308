import { describe, expect, it } from "vitest";
import { createCompany, expectError } from "../support/harness";

/**
 * D1 read replication (issue 16, lever 4): every answer that used D1 carries the session's latest bookmark in
 * `X-D1-Bookmark`; a caller that sends it back reads nothing older. Locally there is one database and no
 * replica, so these prove the path: the bookmark leaves with every write (the company object's included),
 * is accepted back, moves forward, and a malformed one is refused before anything runs.
 */

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
const personField = { entityType: "person", referenceId: "name", label: "Name", typeInfo: { kind: "String" } };

async function companyWithPeople() {
  const company = await createCompany();
  const admin = await company.key(["Admin"]);
  const imported = await company.call("POST", "/configuration/import", admin, {
    body: { fieldDefinitions: [personField] },
  });
  expect(imported.status, imported.text).toBe(200);
  return { company, admin };
}

describe("X-D1-Bookmark", () => {
  it("leaves with a write the company object committed and reads that write back when sent", async () => {
    const { company, admin } = await companyWithPeople();
    const before = await company.call("GET", "/entities/person", admin);
    expect(before.status).toBe(200);
    const readBookmark = before.headers.get("X-D1-Bookmark") ?? "";
    expect(readBookmark).toMatch(BOOKMARK);

    const created = await company.call("POST", "/entities/person", admin, { body: { name: "Ada" } });
    expect(created.status, created.text).toBe(201);
    const written = created.headers.get("X-D1-Bookmark") ?? "";
    expect(written).toMatch(BOOKMARK);
    // The create ran in the company object; its commit's bookmark is later than the earlier read's.
    expect(written > readBookmark).toBe(true);

    const read = await company.call("GET", `/entities/person/${created.json.id}`, admin, {
      headers: { "X-D1-Bookmark": written },
    });
    expect(read.status, read.text).toBe(200);
    expect(read.json.data.name).toBe("Ada");
    expect((read.headers.get("X-D1-Bookmark") ?? "") >= written).toBe(true);
  });

  it("moves the bookmark forward on each serialized write it is sent with", async () => {
    const { company, admin } = await companyWithPeople();
    const patched = await company.call("POST", "/entities/person", admin, { body: { name: "Bo" } });
    expect(patched.status).toBe(201);
    const renamed = await company.call("PATCH", `/entities/person/${patched.json.id}`, admin, {
      body: { name: "Bob" },
      headers: { "X-D1-Bookmark": patched.headers.get("X-D1-Bookmark") ?? "" },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const after = renamed.headers.get("X-D1-Bookmark") ?? "";
    expect(after).toMatch(BOOKMARK);
    expect(after > (patched.headers.get("X-D1-Bookmark") ?? "")).toBe(true);
  });

  it("refuses a malformed bookmark with 400 naming the header, and writes nothing", async () => {
    const { company, admin } = await companyWithPeople();
    const refused = await company.call("POST", "/entities/person", admin, {
      body: { name: "Cy" },
      headers: { "X-D1-Bookmark": "first-primary" },
    });
    const rule = "must be a D1 bookmark as an earlier answer's `X-D1-Bookmark` carried it";
    expectError(refused, 400, "VALIDATION_ERROR", `Invalid header: x-d1-bookmark ${rule}`);
    expect(refused.json.error.details).toEqual([{ field: "x-d1-bookmark", message: rule }]);
    const list = await company.call("GET", "/entities/person", admin);
    expect(list.json.totalCount ?? list.json.data.length).toBe(0);
  });

  it("checks permission before the header: a key without it gets 403", async () => {
    const { company } = await companyWithPeople();
    const reader = await company.key(["ReadOnly"]);
    const refused = await company.call("POST", "/entities/person", reader, {
      body: { name: "Di" },
      headers: { "X-D1-Bookmark": "not-a-bookmark" },
    });
    expect(refused.status).toBe(403);
  });
});
