import { describe, expect, it } from "vitest";
import { createCompany, expectError, type TestCompany } from "../support/harness";

/** Issue 10, item 2: every rule of a configured exposure field applies inside a quote's `exposures` too. */
const CONFIGURATION = {
  fieldDefinitions: [
    {
      entityType: "exposure",
      referenceId: "exposureName",
      label: "Name",
      typeInfo: { kind: "String" },
      required: true,
    },
    {
      entityType: "exposure",
      referenceId: "underwritingNotes",
      label: "Underwriting notes",
      typeInfo: { kind: "String" },
      writePermission: "underwriting",
    },
    {
      entityType: "exposure",
      referenceId: "auditFlag",
      label: "Audit flag",
      typeInfo: { kind: "String" },
      readOnly: true,
    },
    {
      entityType: "exposure",
      referenceId: "shout",
      label: "Shout",
      typeInfo: { kind: "Calculated", expression: "upper(exposureName)", repeatable: true },
    },
    {
      entityType: "exposure",
      referenceId: "territory",
      label: "Territory",
      typeInfo: { kind: "String" },
      computedDefault: "concat('T-', exposureName)",
    },
  ],
};

async function setUp() {
  const company = await createCompany();
  const admin = await company.key(["SUPER_ADMIN"]);
  expect((await company.call("POST", "/configuration/import", admin, { body: CONFIGURATION })).status).toBe(200);
  const editor = await company.key([], ["quote.create", "quote.edit", "quote.view", "exposure.create"]);
  return { company, admin, editor };
}

const createQuote = (company: TestCompany, key: string, exposures: unknown[]) =>
  company.call("POST", "/entities/quote", key, { body: { exposures } });
const exposuresOf = async (company: TestCompany, key: string, id: string) =>
  (await company.call("GET", `/entities/quote/${id}`, key)).json.data.exposures;

describe("write groups inside a quote's embedded exposures", () => {
  it("refuses a key without exposure.field-underwriting, as on the exposure itself (403)", async () => {
    const { company, editor } = await setUp();
    const direct = await company.call("POST", "/entities/exposure", editor, {
      body: { exposureName: "Truck", underwritingNotes: "ok" },
    });
    expectError(direct, 403, "field-write-permission-required");
    const embedded = expectError(
      await createQuote(company, editor, [{ exposureName: "Truck" }, { exposureName: "Van", underwritingNotes: "ok" }]),
      403,
      "field-write-permission-required",
    );
    expect(embedded.details).toEqual([
      { field: "exposures[1].underwritingNotes", message: "needs write group underwriting" },
    ]);
    expect((await company.call("GET", "/entities/quote", editor)).json.totalCount).toBe(0);
  });

  it("lets a holder set it, and a non-holder resend it unchanged but neither change nor drop it", async () => {
    const { company, editor } = await setUp();
    const underwriter = await company.key(
      [],
      ["quote.create", "quote.edit", "quote.view", "exposure.field-underwriting"],
    );
    const created = await createQuote(company, underwriter, [{ exposureName: "Truck", underwritingNotes: "vetted" }]);
    expect(created.status).toBe(201);
    const id = created.json.id;
    const stored = await exposuresOf(company, editor, id);

    const resent = await company.call("PATCH", `/entities/quote/${id}`, editor, {
      body: { exposures: [...stored, { exposureName: "Van" }] },
    });
    expect(resent.status, JSON.stringify(resent.json)).toBe(200);
    for (const exposures of [[{ ...stored[0], underwritingNotes: "changed" }], [{ exposureName: "Truck" }]]) {
      expectError(
        await company.call("PATCH", `/entities/quote/${id}`, editor, { body: { exposures } }),
        403,
        "field-write-permission-required",
      );
    }
    expect((await exposuresOf(company, editor, id))[0].underwritingNotes).toBe("vetted");
  });
});

describe("read-only, calculated fields and computed defaults inside a quote's embedded exposures", () => {
  it("refuses a read-only value (400) and keeps the stored one when an item leaves it out", async () => {
    const { company, admin } = await setUp();
    const refused = expectError(
      await createQuote(company, admin, [{ exposureName: "Truck", auditFlag: "set" }]),
      400,
      "InvalidFieldModelV1Data",
    );
    expect(refused.details).toEqual([{ field: "exposures[0].auditFlag", message: "is read-only" }]);
  });

  it("fills computed defaults for what an item leaves out and derives calculated fields (read-only, as on top)", async () => {
    const { company, admin } = await setUp();
    expectError(
      await createQuote(company, admin, [{ exposureName: "Truck", shout: "mine" }]),
      400,
      "InvalidFieldModelV1Data",
    );
    const created = await createQuote(company, admin, [
      { exposureName: "Truck" },
      { exposureName: "Van", territory: "North" },
    ]);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(await exposuresOf(company, admin, created.json.id)).toEqual([
      { exposureName: "Truck", shout: "TRUCK", territory: "T-Truck" },
      { exposureName: "Van", shout: "VAN", territory: "North" },
    ]);
    // Resending the derived value as read is accepted; it is derived again from the new name.
    const renamed = await company.call("PATCH", `/entities/quote/${created.json.id}`, admin, {
      body: { exposures: [{ exposureName: "Lorry", territory: "T-Truck", shout: "TRUCK" }] },
    });
    expect(renamed.json.data.exposures).toEqual([{ exposureName: "Lorry", shout: "LORRY", territory: "T-Truck" }]);
  });
});

describe("a policy transaction's data.exposures follows the same rules", () => {
  const POLICY_FIELDS = [{ entityType: "policy", referenceId: "limit", label: "Limit", typeInfo: { kind: "Number" } }];
  async function setUpPolicyCompany() {
    const company = await createCompany();
    const admin = await company.key(["SUPER_ADMIN"]);
    const body = { fieldDefinitions: [...CONFIGURATION.fieldDefinitions, ...POLICY_FIELDS] };
    expect((await company.call("POST", "/configuration/import", admin, { body })).status).toBe(200);
    const writer = await company.key([], ["policy.create", "policy.view", "policy.endorse"]);
    return { company, admin, writer };
  }
  const newBusiness = (exposures: unknown[]) => ({
    transactionTimestamp: "2026-01-01T09:00:00Z",
    displayAuthor: "Ada",
    data: { policyStartDate: { date: "2026-01-01" }, policyEndDate: { date: "2027-01-01" }, limit: 1, exposures },
  });

  it("derives computed defaults and calculated fields of each embedded exposure on new business", async () => {
    const { company, writer } = await setUpPolicyCompany();
    const res = await company.call("POST", "/policies/transaction/new-business", writer, {
      body: newBusiness([{ exposureName: "Barn" }]),
    });
    expect(res.status, JSON.stringify(res.json)).toBeLessThan(300);
    expect(res.json.segments[0].data.exposures).toEqual([{ exposureName: "Barn", shout: "BARN", territory: "T-Barn" }]);
  });

  it("refuses a locked exposure field without its write group, on new business and in an endorsement", async () => {
    const { company, admin, writer } = await setUpPolicyCompany();
    const locked = await company.call("POST", "/policies/transaction/new-business", writer, {
      body: newBusiness([{ exposureName: "Barn", underwritingNotes: "x" }]),
    });
    expectError(locked, 403, "field-write-permission-required");
    const created = await company.call("POST", "/policies/transaction/new-business", admin, {
      body: newBusiness([{ exposureName: "Barn" }]),
    });
    const endorse = await company.call("POST", `/policies/${created.json.policyId}/transaction/endorse`, writer, {
      body: {
        transactionTimestamp: "2026-02-01T09:00:00Z",
        displayAuthor: "Ada",
        effectiveDate: { date: "2026-06-01", timezone: "America/New_York" },
        deltas: [{ path: "policy.exposures", value: [{ exposureName: "Barn", underwritingNotes: "x" }] }],
      },
    });
    expectError(endorse, 403, "field-write-permission-required");
  });

  it("checks locked exposure fields first: 403 before the 400s and 409s of new business, renewal and endorse", async () => {
    const { company, admin, writer } = await setUpPolicyCompany();
    const locked = [{ underwritingNotes: "x" }];
    const start = (path: string, body: object) =>
      company.call("POST", `/policies/transaction/${path}`, writer, { body });
    // Missing a required exposure field (400 InvalidEntityShape on its own).
    expectError(await start("new-business", newBusiness(locked)), 403, "field-write-permission-required");
    const taken = await company.call("POST", "/policies/transaction/new-business", admin, {
      body: { ...newBusiness([{ exposureName: "Barn" }]), data: { ...newBusiness([]).data, policyNumber: "TAKEN-1" } },
    });
    expect(taken.status, taken.text).toBe(200);
    const sameNumber = newBusiness([{ exposureName: "Barn", underwritingNotes: "x" }]);
    sameNumber.data = { ...sameNumber.data, policyNumber: "TAKEN-1" } as typeof sameNumber.data;
    expectError(await start("new-business", sameNumber), 403, "field-write-permission-required");
    const future = {
      ...newBusiness([{ exposureName: "Barn", underwritingNotes: "x" }]),
      transactionTimestamp: "2999-01-01T00:00:00Z",
    };
    expectError(await start("new-business", future), 403, "field-write-permission-required");
    // A renewal whose term does not start on the renewed term's end (400 on its own).
    const renewal = newBusiness([{ exposureName: "Barn", underwritingNotes: "x" }]);
    renewal.data = { ...renewal.data, previousPolicy: taken.json.policyId } as typeof renewal.data;
    const writerRenews = await company.key([], ["policy.renew", "policy.view"]);
    const renewed = await company.call("POST", "/policies/transaction/renew", writerRenews, { body: renewal });
    expectError(renewed, 403, "field-write-permission-required");

    // An endorsement with a future timestamp and an item missing its required name (400s on their own).
    const endorse = await company.call("POST", `/policies/${taken.json.policyId}/transaction/endorse`, writer, {
      body: {
        transactionTimestamp: "2999-01-01T00:00:00Z",
        displayAuthor: "Ada",
        effectiveDate: { date: "2026-06-01", timezone: "America/New_York" },
        deltas: [{ path: "policy.exposures", value: locked }],
      },
    });
    const refused = expectError(endorse, 403, "field-write-permission-required");
    expect(refused.details).toEqual([
      { field: "exposures[0].underwritingNotes", message: "needs write group underwriting" },
    ]);
  });

  it("refuses a read-only or calculated exposure value written on new business with 400 InvalidPolicyData", async () => {
    const { company, writer } = await setUpPolicyCompany();
    const res = await company.call("POST", "/policies/transaction/new-business", writer, {
      body: newBusiness([{ exposureName: "Barn", auditFlag: "set", shout: "LOUD" }]),
    });
    const refused = expectError(res, 400, "InvalidPolicyData");
    expect(refused.details).toEqual([
      { field: "exposures[0].auditFlag", message: "is read-only" },
      { field: "exposures[0].shout", message: "is read-only" },
    ]);
  });
});
