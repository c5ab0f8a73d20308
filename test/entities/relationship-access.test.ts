import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createCompany, expectError, type TestCompany } from "../support/harness";
import { must } from "../support/must";

/** Relationship links: permission before existence, and platform-managed links (issue 11). */

const PREVIOUS_POLICY = { key: "previousPolicy", from: "Policy", to: "Policy", cardinality: "N:1" };

const CONFIGURATION = {
  fieldDefinitions: [{ entityType: "person", referenceId: "name", label: "Name", typeInfo: { kind: "String" } }],
  relationships: [
    { key: "spouse", from: "Person", to: "Person", cardinality: "1:1" },
    { key: "previousPolicy", from: "Policy", to: "Policy", cardinality: "N:1" },
  ],
};

async function configured() {
  const company = await createCompany();
  const admin = await company.key(["SUPER_ADMIN"]);
  expect((await company.call("POST", "/configuration/import", admin, { body: CONFIGURATION })).status).toBe(200);
  return { company, admin };
}

const UNKNOWN = "00000000-0000-4000-8000-000000000009";

/** A previousPolicy link as renew writes it (stored directly) reads, and a direct delete is 409. */
async function expectRenewalLinkReadOnly(company: TestCompany, key: string) {
  const linkId = await storeRenewalLink(company.id);
  expect((await company.call("GET", `/relationships/previousPolicy/links/${linkId}`, key)).status).toBe(200);
  expectError(
    await company.call("DELETE", `/relationships/previousPolicy/links/${linkId}`, key),
    409,
    "PlatformManagedRelationship",
  );
}

/** A previousPolicy link as renew writes it, stored directly; its id. */
async function storeRenewalLink(companyId: string) {
  const linkId = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO relationship_links (id, company_id, relationship_key, from_id, to_id, created_at) VALUES (?, ?, 'previousPolicy', ?, ?, ?)",
  )
    .bind(linkId, companyId, UNKNOWN, crypto.randomUUID(), new Date().toISOString())
    .run();
  return linkId;
}

describe("permission before existence (CONTRACT 8.3)", () => {
  it("a key that could act on no relationship is 403 for an unknown relationship key, not 404", async () => {
    const { company } = await configured();
    const none = await company.key([], ["audit.view"]);
    for (const [method, path] of [
      ["POST", "/relationships/noSuchThing/links"],
      ["GET", "/relationships/noSuchThing/links"],
      ["GET", `/relationships/noSuchThing/links/${UNKNOWN}`],
      ["DELETE", `/relationships/noSuchThing/links/${UNKNOWN}`],
    ] as const) {
      const res = await company.call(
        method,
        path,
        none,
        method === "POST" ? { body: { fromId: UNKNOWN, toId: UNKNOWN } } : {},
      );
      expectError(res, 403, "AuthorizationError", "User is not authorized to perform the requested action");
    }
  });

  it("a key that may act on some relationship gets 404 for an unknown key, 403 for one whose ends it lacks", async () => {
    const { company } = await configured();
    const reader = await company.key(["ReadOnly"]);
    expectError(await company.call("GET", "/relationships/noSuchThing/links", reader), 404, "NotFoundError");
    // ReadOnly may read links but never write them: 403 whatever the key names.
    for (const key of ["noSuchThing", "spouse"]) {
      expectError(
        await company.call("POST", `/relationships/${key}/links`, reader, { body: { fromId: UNKNOWN, toId: UNKNOWN } }),
        403,
        "AuthorizationError",
      );
    }
    const exposureOnly = await company.key([], ["exposure.view"]);
    expectError(await company.call("GET", "/relationships/spouse/links", exposureOnly), 403, "AuthorizationError");
  });
});

describe("previousPolicy links are written only by renew (CONTRACT section 4)", () => {
  it("a configuration may declare it only as the platform defines it, and declaring or dropping it keeps its links", async () => {
    const company = await createCompany();
    const admin = await company.key(["SUPER_ADMIN"]);
    await storeRenewalLink(company.id);
    const spouse = { key: "spouse", from: "Person", to: "Person", cardinality: "1:1" };
    const linkCount = async () =>
      (await company.call("GET", "/relationships/previousPolicy/links", admin)).json.totalCount as number;
    const importing = (relationships: object[], force = false) =>
      company.call("POST", `/configuration/import${force ? "?force=true" : ""}`, admin, { body: { relationships } });
    // Declared as the platform defines it, then dropped, then forced: no break, and the renewal link stays.
    for (const [relationships, force] of [
      [[spouse, PREVIOUS_POLICY], false],
      [[spouse], false],
      [[PREVIOUS_POLICY], true],
      [[], true],
    ] as const) {
      const res = await importing([...relationships], force);
      expect(res.status, res.text).toBe(200);
      expect(await linkCount()).toBe(1);
    }
    // Any other definition is refused: the platform's renewals write Policy → Policy links under this key.
    for (const other of [
      { ...PREVIOUS_POLICY, from: "Person", to: "Person" },
      { ...PREVIOUS_POLICY, cardinality: "1:1" },
    ]) {
      const refused = expectError(await importing([other]), 400, "InvalidConfiguration");
      expect(refused.details).toEqual([
        {
          field: "relationships.0",
          message:
            'Relationship "previousPolicy" is the platform\'s own: it may be declared only as Policy → Policy, N:1',
        },
      ]);
    }
  });

  it("creating or removing one directly is 409 PlatformManagedRelationship; reading is allowed", async () => {
    const { company, admin } = await configured();
    const created = await company.call("POST", "/relationships/previousPolicy/links", admin, {
      body: { fromId: UNKNOWN, toId: crypto.randomUUID() },
    });
    const error = expectError(
      created,
      409,
      "PlatformManagedRelationship",
      "Links of relationship previousPolicy are written only by the platform",
    );
    expect(error.details).toEqual([{ field: "relationshipKey", message: "is written only by the platform" }]);
    // A link renew wrote (stored here directly) can be read but not removed or re-pointed.
    await expectRenewalLinkReadOnly(company, admin);
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM relationship_links WHERE company_id = ?")
      .bind(company.id)
      .first<{ n: number }>();
    expect(must(stored).n).toBe(1);
  });

  it("is the platform's in a company whose configuration does not name it: 409 to write, its links readable", async () => {
    const company = await createCompany();
    const admin = await company.key(["SUPER_ADMIN"]);
    const created = await company.call("POST", "/relationships/previousPolicy/links", admin, {
      body: { fromId: UNKNOWN, toId: crypto.randomUUID() },
    });
    expectError(created, 409, "PlatformManagedRelationship");
    // Renew stores the link whatever the configuration says (stored here directly): it reads, but stays put.
    await expectRenewalLinkReadOnly(company, admin);
    // Any other key the configuration does not name is still unknown.
    expectError(
      await company.call("POST", "/relationships/spouse/links", admin, { body: { fromId: UNKNOWN, toId: UNKNOWN } }),
      404,
      "NotFoundError",
    );
  });

  it("checks the permission first: a key without policy.edit is 403, not 409", async () => {
    const { company } = await configured();
    const reader = await company.key(["ReadOnly"]);
    expectError(
      await company.call("DELETE", `/relationships/previousPolicy/links/${UNKNOWN}`, reader),
      403,
      "AuthorizationError",
    );
  });
});
