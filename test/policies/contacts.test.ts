import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createCompany, expectError, type TestCompany } from "../support/harness";
import { must } from "../support/must";

/** Policy contacts (issue 5 item 8; CONTRACT section 4 "Contacts"): unversioned links to existing persons. */
const CONFIGURATION = {
  fieldDefinitions: [
    { entityType: "person", referenceId: "name", label: "Name", typeInfo: { kind: "String" } },
    { entityType: "person", referenceId: "email", label: "Email", typeInfo: { kind: "Email" } },
    { entityType: "exposure", referenceId: "exposureName", label: "Exposure name", typeInfo: { kind: "String" } },
  ],
};
const FORBIDDEN = "User is not authorized to perform the requested action";
const day = (date: string) => ({ date, timezone: "America/New_York" });

async function setUp() {
  const company = await createCompany();
  const key = await company.key(["Admin"]);
  const imported = await company.call("POST", "/configuration/import", key, { body: CONFIGURATION });
  expect(imported.status).toBe(200);
  return { company, key };
}

async function createRecord(company: TestCompany, key: string, type: string, body: Record<string, unknown>) {
  const res = await company.call("POST", `/entities/${type}`, key, { body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as string;
}

async function newPolicy(company: TestCompany, key: string, extra: Record<string, unknown> = {}) {
  const res = await company.call("POST", "/policies/transaction/new-business", key, {
    body: {
      transactionTimestamp: new Date().toISOString(),
      displayAuthor: "Underwriter",
      data: {
        policyStartDate: day("2025-01-01"),
        policyEndDate: day("2026-01-01"),
        fullTermPricingInfo: null,
        ...extra,
      },
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.policyId as string;
}

const contacts = (company: TestCompany, key: string, policyId: string) =>
  company.call("GET", `/policies/${policyId}/contacts`, key);
const link = (company: TestCompany, key: string, policyId: string, personId: string) =>
  company.call("POST", `/policies/${policyId}/contacts`, key, { body: { personId } });
const unlink = (company: TestCompany, key: string, policyId: string, personId: string) =>
  company.call("DELETE", `/policies/${policyId}/contacts/${personId}`, key);

async function storedLinks(policyId: string) {
  const { results } = await env.DB.prepare(
    "SELECT person_id FROM policy_contacts WHERE policy_id = ? ORDER BY person_id",
  )
    .bind(policyId)
    .all<{ person_id: string }>();
  return results.map((r) => r.person_id);
}

async function currentVersion(policyId: string) {
  return must(
    await env.DB.prepare("SELECT current_version FROM policies WHERE id = ?")
      .bind(policyId)
      .first<number>("current_version"),
  );
}

async function versionCount(policyId: string) {
  return must(
    await env.DB.prepare("SELECT count(*) AS n FROM policy_versions WHERE policy_id = ?")
      .bind(policyId)
      .first<number>("n"),
  );
}

describe("link, list and unlink", () => {
  it("links an existing person (201), repeats idempotently (200) and lists it with its display name", async () => {
    const { company, key } = await setUp();
    const policyId = await newPolicy(company, key);
    const personId = await createRecord(company, key, "person", { name: "Ada Lovelace", email: "ada@example.com" });

    const first = await link(company, key, policyId, personId);
    expect(first.status).toBe(201);
    expect(first.json).toEqual({ personId, displayName: "Ada Lovelace" });
    const again = await link(company, key, policyId, personId);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ personId, displayName: "Ada Lovelace" });

    const listed = await contacts(company, key, policyId);
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual({ items: [{ personId, displayName: "Ada Lovelace" }] });
    expect(await storedLinks(policyId)).toEqual([personId]);
  });

  it("concurrent links of the same person make one association: one 201, the rest 200", async () => {
    const { company, key } = await setUp();
    const policyId = await newPolicy(company, key);
    const personId = await createRecord(company, key, "person", { name: "Grace" });
    const results = await Promise.all(Array.from({ length: 8 }, () => link(company, key, policyId, personId)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(await storedLinks(policyId)).toEqual([personId]);
  });

  it("names a contact by name, else email, else 'Person' and the id's first 8 characters; oldest link first", async () => {
    const { company, key } = await setUp();
    const policyId = await newPolicy(company, key);
    const named = await createRecord(company, key, "person", { name: "Ada", email: "ada@example.com" });
    const emailOnly = await createRecord(company, key, "person", { email: "bob@example.com" });
    const bare = await createRecord(company, key, "person", {});
    for (const id of [named, emailOnly, bare]) expect((await link(company, key, policyId, id)).status).toBe(201);
    expect((await contacts(company, key, policyId)).json.items).toEqual([
      { personId: named, displayName: "Ada" },
      { personId: emailOnly, displayName: "bob@example.com" },
      { personId: bare, displayName: `Person ${bare.slice(0, 8)}` },
    ]);
  });

  it("unlinks only the association (204); the person stays; unlinking again is 404", async () => {
    const { company, key } = await setUp();
    const policyId = await newPolicy(company, key);
    const keep = await createRecord(company, key, "person", { name: "Keep" });
    const drop = await createRecord(company, key, "person", { name: "Drop" });
    await link(company, key, policyId, keep);
    await link(company, key, policyId, drop);

    const removed = await unlink(company, key, policyId, drop);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
    expect((await contacts(company, key, policyId)).json.items).toEqual([{ personId: keep, displayName: "Keep" }]);
    expect((await company.call("GET", `/entities/person/${drop}`, key)).status).toBe(200);
    expectError(await unlink(company, key, policyId, drop), 404, "NotFoundError", "Not found");
  });

  it("a person linked to one policy is not a contact of another", async () => {
    const { company, key } = await setUp();
    const first = await newPolicy(company, key);
    const second = await newPolicy(company, key);
    const personId = await createRecord(company, key, "person", { name: "Only first" });
    await link(company, key, first, personId);
    expect((await contacts(company, key, second)).json.items).toEqual([]);
    expectError(await unlink(company, key, second, personId), 404, "NotFoundError", "Not found");
    expect(await storedLinks(first)).toEqual([personId]);
  });
});

describe("contacts are unversioned", () => {
  it("linking and unlinking write no policy version", async () => {
    const { company, key } = await setUp();
    const policyId = await newPolicy(company, key);
    const personId = await createRecord(company, key, "person", { name: "Ada" });
    await link(company, key, policyId, personId);
    await link(company, key, policyId, personId);
    await unlink(company, key, policyId, personId);
    expect(await currentVersion(policyId)).toBe(1);
    expect(await versionCount(policyId)).toBe(1);
    expect((await company.call("GET", `/policies/${policyId}`, key)).json.version).toBe(1);
  });

  it("a contacts value inside transaction data is ignored", async () => {
    const { company, key } = await setUp();
    const personId = await createRecord(company, key, "person", { name: "Ada" });
    const policyId = await newPolicy(company, key, { contacts: [{ personId }] });
    expect((await contacts(company, key, policyId)).json.items).toEqual([]);
    expect(await storedLinks(policyId)).toEqual([]);
    const policy = await company.call("GET", `/policies/${policyId}`, key);
    expect(policy.json.segments[0].data).not.toHaveProperty("contacts");
  });
});

describe("unknown ids are 404, malformed ids 400, and nothing is written", () => {
  it("an unknown policy", async () => {
    const { company, key } = await setUp();
    const personId = await createRecord(company, key, "person", { name: "Ada" });
    const unknown = crypto.randomUUID();
    expectError(await contacts(company, key, unknown), 404, "NotFoundError", "Not found");
    expectError(await link(company, key, unknown, personId), 404, "NotFoundError", "Not found");
    expectError(await unlink(company, key, unknown, personId), 404, "NotFoundError", "Not found");
    expect(await storedLinks(unknown)).toEqual([]);
  });

  it("an unknown person, or a record of another type", async () => {
    const { company, key } = await setUp();
    const policyId = await newPolicy(company, key);
    const exposureId = await createRecord(company, key, "exposure", { exposureName: "Truck" });
    expectError(await link(company, key, policyId, crypto.randomUUID()), 404, "NotFoundError", "Not found");
    expectError(await link(company, key, policyId, exposureId), 404, "NotFoundError", "Not found");
    expectError(await link(company, key, policyId, policyId), 404, "NotFoundError", "Not found");
    expect(await storedLinks(policyId)).toEqual([]);
  });

  it("malformed ids and bodies", async () => {
    const { company, key } = await setUp();
    const policyId = await newPolicy(company, key);
    const personId = await createRecord(company, key, "person", { name: "Ada" });
    const badPolicy = expectError(await contacts(company, key, "not-a-uuid"), 400, "VALIDATION_ERROR");
    expect(badPolicy.details).toEqual([{ field: "policyId", message: "must be a valid uuid" }]);
    const badPerson = expectError(await link(company, key, policyId, "42"), 400, "VALIDATION_ERROR");
    expect(badPerson.details).toEqual([{ field: "personId", message: "must be a valid uuid" }]);
    const missing = expectError(
      await company.call("POST", `/policies/${policyId}/contacts`, key, { body: {} }),
      400,
      "VALIDATION_ERROR",
    );
    expect(missing.details).toEqual([{ field: "personId", message: "is required" }]);
    const extra = expectError(
      await company.call("POST", `/policies/${policyId}/contacts`, key, { body: { personId, role: "broker" } }),
      400,
      "VALIDATION_ERROR",
    );
    expect(extra.details).toEqual([{ field: "role", message: "is not a recognised field" }]);
    const badPath = expectError(await unlink(company, key, policyId, "nope"), 400, "VALIDATION_ERROR");
    expect(badPath.details).toEqual([{ field: "personId", message: "must be a valid uuid" }]);
    expect(await storedLinks(policyId)).toEqual([]);
  });

  it("accepts batchId at the root of the link body", async () => {
    const { company, key } = await setUp();
    const policyId = await newPolicy(company, key);
    const personId = await createRecord(company, key, "person", { name: "Ada" });
    const res = await company.call("POST", `/policies/${policyId}/contacts`, key, {
      body: { personId, batchId: "batch-1" },
    });
    expect(res.status).toBe(201);
  });
});

describe("permissions", () => {
  it("listing needs policy.view and person.view", async () => {
    const { company, key } = await setUp();
    const policyId = await newPolicy(company, key);
    for (const permissions of [["policy.view"], ["person.view"], ["policy.endorse", "policy.edit"]]) {
      expectError(
        await contacts(company, await company.key([], permissions), policyId),
        403,
        "AuthorizationError",
        FORBIDDEN,
      );
    }
    expect((await contacts(company, await company.key([], ["policy.view", "person.view"]), policyId)).status).toBe(200);
    expect(
      (await contacts(company, await company.key([], ["company.policy:read", "company.person:read"]), policyId)).status,
    ).toBe(200);
  });

  it("linking needs policy.view, person.view and policy.endorse; a refusal writes nothing", async () => {
    const { company, key } = await setUp();
    const policyId = await newPolicy(company, key);
    const personId = await createRecord(company, key, "person", { name: "Ada" });
    for (const permissions of [
      ["policy.view", "person.view"],
      ["policy.endorse", "person.view"],
      ["policy.endorse", "policy.view"],
    ]) {
      expectError(
        await link(company, await company.key([], permissions), policyId, personId),
        403,
        "AuthorizationError",
        FORBIDDEN,
      );
    }
    expect(await storedLinks(policyId)).toEqual([]);
    expect(
      (await link(company, await company.key([], ["policy.view", "person.view", "policy.endorse"]), policyId, personId))
        .status,
    ).toBe(201);
  });

  // Unlinking needs what linking needs (issue 11: it needed only policy.endorse before).
  it("unlinking needs policy.endorse, policy.view and person.view, like linking; a refusal removes nothing", async () => {
    const { company, key } = await setUp();
    const policyId = await newPolicy(company, key);
    const personId = await createRecord(company, key, "person", { name: "Ada" });
    await link(company, key, policyId, personId);
    expectError(
      await unlink(company, await company.key(["ReadOnly"]), policyId, personId),
      403,
      "AuthorizationError",
      FORBIDDEN,
    );
    for (const missing of ["policy.endorse", "policy.view", "person.view"]) {
      const held = ["policy.endorse", "policy.view", "person.view"].filter((p) => p !== missing);
      expectError(await unlink(company, await company.key([], held), policyId, personId), 403, "AuthorizationError");
      // Refused before the policy is looked up: an unknown policy is 403 too, not 404.
      const unknown = await unlink(company, await company.key([], held), crypto.randomUUID(), personId);
      expectError(unknown, 403, "AuthorizationError");
    }
    expect(await storedLinks(policyId)).toEqual([personId]);
    const allowed = await company.key([], ["policy.endorse", "policy.view", "person.view"]);
    expect((await unlink(company, allowed, policyId, personId)).status).toBe(204);
  });
});

describe("another company", () => {
  it("its policy or person under the caller's own path is 404, and nothing is written", async () => {
    const mine = await setUp();
    const theirs = await setUp();
    const myPolicy = await newPolicy(mine.company, mine.key);
    const myPerson = await createRecord(mine.company, mine.key, "person", { name: "Mine" });
    const theirPolicy = await newPolicy(theirs.company, theirs.key);
    const theirPerson = await createRecord(theirs.company, theirs.key, "person", { name: "Theirs" });
    await link(theirs.company, theirs.key, theirPolicy, theirPerson);

    expectError(await contacts(mine.company, mine.key, theirPolicy), 404, "NotFoundError", "Not found");
    expectError(await link(mine.company, mine.key, theirPolicy, myPerson), 404, "NotFoundError", "Not found");
    expectError(await link(mine.company, mine.key, myPolicy, theirPerson), 404, "NotFoundError", "Not found");
    expectError(await unlink(mine.company, mine.key, theirPolicy, theirPerson), 404, "NotFoundError", "Not found");
    expect(await storedLinks(myPolicy)).toEqual([]);
    expect(await storedLinks(theirPolicy)).toEqual([theirPerson]);
  });

  it("a key of another company is refused 403 on every contacts route", async () => {
    const mine = await setUp();
    const theirs = await setUp();
    const policyId = await newPolicy(mine.company, mine.key);
    const personId = await createRecord(mine.company, mine.key, "person", { name: "Ada" });
    const message = "API key is not scoped to the requested company";
    expectError(await contacts(mine.company, theirs.key, policyId), 403, "AuthorizationError", message);
    expectError(await link(mine.company, theirs.key, policyId, personId), 403, "AuthorizationError", message);
    expectError(await unlink(mine.company, theirs.key, policyId, personId), 403, "AuthorizationError", message);
    expect(await storedLinks(policyId)).toEqual([]);
  });
});
