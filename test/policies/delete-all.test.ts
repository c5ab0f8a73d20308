import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createCompany, eventually, expectError, staff, type TestCompany } from "../support/harness";
import { must } from "../support/must";
import { newBusinessBody, nextTimestamp, POLICY_CONFIGURATION } from "./helpers";

/** The policy configuration plus fields and relationships through which quotes and events reference policies. */
const CONFIGURATION = {
  ...POLICY_CONFIGURATION,
  fieldDefinitions: [
    ...POLICY_CONFIGURATION.fieldDefinitions,
    { entityType: "event", referenceId: "policyId", label: "Policy", typeInfo: { kind: "String" } },
    { entityType: "quote", referenceId: "policyId", label: "Policy", typeInfo: { kind: "String" } },
    { entityType: "person", referenceId: "name", label: "Name", typeInfo: { kind: "String" } },
  ],
  relationships: [
    ...POLICY_CONFIGURATION.relationships,
    { key: "claimPolicy", from: "Event", to: "Policy", cardinality: "N:1" },
    { key: "quotedPolicy", from: "Policy", to: "Quote", cardinality: "1:N" },
    { key: "insuredExposure", from: "Policy", to: "Exposure", cardinality: "N:N" },
  ],
};

async function setUp() {
  const company = await createCompany();
  const admin = await company.key(["SUPER_ADMIN"]);
  const imported = await company.call("POST", "/configuration/import", admin, { body: CONFIGURATION });
  expect(imported.status, imported.text).toBe(200);
  return { company, admin, ...helpers(company, admin) };
}

function helpers(company: TestCompany, admin: string) {
  const newBusiness = async () => {
    const res = await company.call("POST", "/policies/transaction/new-business", admin, { body: newBusinessBody() });
    expect(res.status, res.text).toBe(200);
    return res.json.policyId as string;
  };
  const renew = async (previousPolicy: string) => {
    const res = await company.call("POST", "/policies/transaction/renew", admin, {
      body: newBusinessBody({
        previousPolicy,
        policyStartDate: { date: "2027-01-01" },
        policyEndDate: { date: "2028-01-01" },
      }),
    });
    expect(res.status, res.text).toBe(200);
    return res.json.policyId as string;
  };
  const endorse = async (policyId: string) => {
    const body = {
      transactionTimestamp: nextTimestamp(),
      displayAuthor: "Endorser",
      effectiveDate: { date: "2026-06-01", timezone: "America/New_York" },
      deltas: [{ path: "policy.limit", value: 2_000_000 }],
    };
    const res = await company.call("POST", `/policies/${policyId}/transaction/endorse`, admin, { body });
    expect(res.status, res.text).toBe(200);
  };
  const make = async (entityType: string, data: Record<string, unknown> = {}) => {
    const res = await company.call("POST", `/entities/${entityType}`, admin, { body: data });
    expect(res.status, res.text).toBe(201);
    return res.json.id as string;
  };
  const link = async (relationshipKey: string, fromId: string, toId: string) => {
    const res = await company.call("POST", `/relationships/${relationshipKey}/links`, admin, {
      body: { fromId, toId },
    });
    expect(res.status, res.text).toBe(201);
    return res.json.id as string;
  };
  const unlink = async (relationshipKey: string, linkId: string) => {
    expect((await company.call("DELETE", `/relationships/${relationshipKey}/links/${linkId}`, admin)).status).toBe(204);
  };
  const addContact = async (policyId: string, personId: string) => {
    const res = await company.call("POST", `/policies/${policyId}/contacts`, admin, { body: { personId } });
    expect(res.status, res.text).toBeLessThan(300);
  };
  const deleteAll = (key = admin) => company.call("POST", "/policies/deleteAll", key);
  const policyCount = async () => (await company.call("GET", "/policies/list", admin)).json.totalCount as number;
  return { newBusiness, renew, endorse, make, link, unlink, addContact, deleteAll, policyCount };
}

/** Rows the wipe covers, read straight from storage. */
async function storedRows(companyId: string) {
  const n = async (query: string) => must(await env.DB.prepare(query).bind(companyId).first<{ n: number }>()).n;
  return {
    policies: await n("SELECT count(*) AS n FROM policies WHERE company_id = ?"),
    versions: await n("SELECT count(*) AS n FROM policy_versions WHERE company_id = ?"),
    contacts: await n("SELECT count(*) AS n FROM policy_contacts WHERE company_id = ?"),
    links: await n("SELECT count(*) AS n FROM relationship_links WHERE company_id = ?"),
  };
}

describe("POST P/policies/deleteAll", () => {
  it("removes every policy with its versions, contacts and links, and answers the total rows removed", async () => {
    const { company, admin, newBusiness, renew, endorse, make, link, addContact, deleteAll, policyCount } =
      await setUp();
    const first = await newBusiness();
    await endorse(first);
    await newBusiness();
    await renew(first); // one more policy and its previousPolicy link
    await addContact(first, await make("person", { name: "Ada" }));
    const exposure = await make("exposure", { exposureName: "Warehouse" });
    await link("insuredExposure", first, exposure); // a link to a record that is not a quote or event
    expect(await storedRows(company.id)).toEqual({ policies: 3, versions: 4, contacts: 1, links: 2 });

    const res = await deleteAll();
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ rowsRemoved: 3 + 4 + 1 + 2 });
    expect(await storedRows(company.id)).toEqual({ policies: 0, versions: 0, contacts: 0, links: 0 });
    expect(await policyCount()).toBe(0);
    // Records at the other end of removed links stay.
    expect((await company.call("GET", `/entities/exposure/${exposure}`, admin)).status).toBe(200);
  });

  it("commits an audit receipt with the rows it removed, in its own batch; a refused wipe commits none", async () => {
    const { company, admin, newBusiness, endorse, renew, make, addContact } = await setUp();
    const first = await newBusiness();
    await endorse(first);
    await renew(first); // 2 policies, 3 versions, the previousPolicy link
    await addContact(first, await make("person", { name: "Ada" }));
    expect(await storedRows(company.id)).toEqual({ policies: 2, versions: 3, contacts: 1, links: 1 });
    const receipts = async (batchId: string) =>
      (await company.call("GET", `/audit-log?batchId=${batchId}`, admin)).json.items.filter(
        (e: { kind: string }) => e.kind === "receipt",
      );
    const wiped = await company.call("POST", "/policies/deleteAll", admin, { body: { batchId: "wipe-1" } });
    expect(wiped.json).toEqual({ rowsRemoved: 2 + 3 + 1 + 1 });
    // Read right after the answer: a receipt is committed with the change, not buffered like request rows.
    expect(await receipts("wipe-1")).toEqual([
      expect.objectContaining({
        action: "deleteAllPolicies",
        requestId: wiped.headers.get("X-Request-Id"),
        detail: { rowsRemoved: 7 },
      }),
    ]);
    expect((await staff("PATCH", `/admin/companies/${company.id}`, { lifecycle: "live" })).status).toBe(200);
    const refused = await company.call("POST", "/policies/deleteAll", admin, { body: { batchId: "wipe-2" } });
    expectError(refused, 409, "CompanyLifecycleRefused");
    expect(await receipts("wipe-2")).toEqual([]);
  });

  it("is safe to retry: a repeat removes nothing and answers rowsRemoved 0", async () => {
    const { newBusiness, deleteAll } = await setUp();
    await newBusiness();
    expect((await deleteAll()).json).toEqual({ rowsRemoved: 2 }); // the policy and its version
    const again = await deleteAll();
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ rowsRemoved: 0 });
  });

  it("leaves other companies' policies alone", async () => {
    const mine = await setUp();
    const theirs = await setUp();
    await mine.newBusiness();
    const kept = await theirs.newBusiness();
    expect((await mine.deleteAll()).json.rowsRemoved).toBe(2);
    expect(await storedRows(theirs.company.id)).toMatchObject({ policies: 1, versions: 1 });
    expect((await theirs.company.call("GET", `/policies/${kept}`, theirs.admin)).status).toBe(200);
  });

  it("starts policy numbers where they left off (counters are not restarted)", async () => {
    const { company, admin, newBusiness, deleteAll } = await setUp();
    const first = await newBusiness();
    const number = (await company.call("GET", `/policies/${first}`, admin)).json.policyNumber;
    await deleteAll();
    const again = await newBusiness();
    expect((await company.call("GET", `/policies/${again}`, admin)).json.policyNumber).not.toBe(number);
  });
});

describe("deleteAll is for Sandbox companies only", () => {
  for (const lifecycle of ["live", "retired"] as const) {
    it(`refuses a ${lifecycle} company with 409 CompanyLifecycleRefused for every caller, deleting nothing`, async () => {
      const { company, newBusiness, deleteAll } = await setUp();
      await newBusiness();
      expect((await staff("PATCH", `/admin/companies/${company.id}`, { lifecycle })).status).toBe(200);
      for (const key of [await company.key(["SUPER_ADMIN"]), await company.key(["SandboxManager"])]) {
        expectError(
          await deleteAll(key),
          409,
          "CompanyLifecycleRefused",
          `Deleting all policies is only available to Sandbox companies; this company is ${lifecycle}`,
        );
      }
      expect(await storedRows(company.id)).toMatchObject({ policies: 1, versions: 1 });
    });
  }
});

describe("deleteAll needs company.reset", () => {
  it("refuses a key without company.reset with 403 (Admin holds everything else)", async () => {
    const { company, newBusiness, deleteAll } = await setUp();
    await newBusiness();
    for (const key of [await company.key(["Admin"]), await company.key([], ["policy.create", "policy.view"])]) {
      expectError(
        await deleteAll(key),
        403,
        "AuthorizationError",
        "User is not authorized to perform the requested action",
      );
    }
    expect(await storedRows(company.id)).toMatchObject({ policies: 1 });
    const manager = await company.key(["SandboxManager"]);
    expect((await deleteAll(manager)).json).toEqual({ rowsRemoved: 2 });
  });

  it("refuses another company's key with 403 and deletes nothing there", async () => {
    const target = await setUp();
    const intruder = await createCompany();
    await target.newBusiness();
    const key = await intruder.key(["SUPER_ADMIN"]);
    const res = await target.company.call("POST", "/policies/deleteAll", key);
    expectError(res, 403, "AuthorizationError", "API key is not scoped to the requested company");
    expect(await storedRows(target.company.id)).toMatchObject({ policies: 1 });
  });

  it("is audit-logged with the caller's key", async () => {
    const { company, deleteAll } = await setUp();
    const { id, key } = await company.keyWithId(["SandboxManager", "ReadOnly"], ["audit.view"]);
    await deleteAll(key);
    const entries = await eventually(
      async () => (await company.call("GET", "/audit-log", key)).json.items as Array<Record<string, unknown>>,
      (items) => items.some((e) => e.action === "deleteAllPolicies"),
    );
    expect(entries.find((e) => e.action === "deleteAllPolicies")).toMatchObject({
      keyId: id,
      method: "POST",
      status: 200,
      actor: "api-key",
    });
  });
});

describe("deleteAll refuses with 409 LiveReferencesExist while quotes or events reference policies", () => {
  it("counts an event whose data names a policy in policyId, then wipes once the reference is gone", async () => {
    const { company, admin, newBusiness, make, deleteAll } = await setUp();
    const policyId = await newBusiness();
    const event = await make("event", { policyId });
    const error = expectError(await deleteAll(), 409, "LiveReferencesExist");
    expect(error.message).toBe(
      "Cannot delete all policies while quotes or events reference them: event.policyId (1 event record names a policy in policyId)",
    );
    expect(error.details).toEqual([{ field: "event.policyId", message: "1 event record names a policy in policyId" }]);
    expect(await storedRows(company.id)).toMatchObject({ policies: 1, versions: 1 });

    expect((await company.call("PATCH", `/entities/event/${event}`, admin, { body: { policyId: null } })).status).toBe(
      200,
    );
    expect((await deleteAll()).json).toEqual({ rowsRemoved: 2 });
  });

  it("counts quotes whose data names a policy in policyId", async () => {
    const { company, newBusiness, make, deleteAll } = await setUp();
    const policyId = await newBusiness();
    await make("quote", { policyId });
    await make("quote", { policyId });
    const error = expectError(await deleteAll(), 409, "LiveReferencesExist");
    expect(error.details).toEqual([{ field: "quote.policyId", message: "2 quote records name a policy in policyId" }]);
    expect(await storedRows(company.id)).toMatchObject({ policies: 1 });
  });

  it("counts relationship links between a policy and a quote or event, in either direction", async () => {
    const { company, newBusiness, make, link, unlink, deleteAll } = await setUp();
    const policyId = await newBusiness();
    const claim = await link("claimPolicy", await make("event"), policyId);
    const quoted = await link("quotedPolicy", policyId, await make("quote"));
    const error = expectError(await deleteAll(), 409, "LiveReferencesExist");
    expect(error.details).toEqual([
      { field: "relationships.claimPolicy", message: "1 link ties a policy to a quote or event" },
      { field: "relationships.quotedPolicy", message: "1 link ties a policy to a quote or event" },
    ]);
    expect(await storedRows(company.id)).toMatchObject({ policies: 1, links: 2 });

    await unlink("claimPolicy", claim);
    expectError(await deleteAll(), 409, "LiveReferencesExist");
    await unlink("quotedPolicy", quoted);
    expect((await deleteAll()).json).toEqual({ rowsRemoved: 2 });
  });

  it("does not count a policyId naming no policy of the company", async () => {
    const { newBusiness, deleteAll, make } = await setUp();
    const other = await setUp();
    const theirs = await other.newBusiness();
    await make("event", { policyId: theirs });
    await make("quote", { policyId: "not-a-policy" });
    await newBusiness();
    expect((await deleteAll()).json).toEqual({ rowsRemoved: 2 });
  });
});
