import { describe, expect, it } from "vitest";
import { call, createCompany, expectError, type TestCompany } from "../support/harness";
import { expectDisplayable } from "../support/user-messages";

/**
 * A Group's sub-fields carry the field flags (CONTRACT 2) and their marks (interface, "Field schema marks";
 * Authentication 7) on every write: the list is written whole, each entry matched with the stored entry at
 * its position, as a quote's embedded exposures are.
 */
const SUB_FIELDS = [
  { referenceId: "driverName", label: "Driver", typeInfo: { kind: "String" }, required: true },
  { referenceId: "licenseNumber", label: "Licence", typeInfo: { kind: "String" }, writePermission: "driver-records" },
  { referenceId: "legacy", label: "Legacy", typeInfo: { kind: "String" }, readOnly: true },
  {
    referenceId: "shout",
    label: "Shout",
    typeInfo: { kind: "Calculated", expression: "upper(driverName)" },
    required: true,
  },
  {
    referenceId: "region",
    label: "Region",
    typeInfo: { kind: "String" },
    computedDefault: "concat('R-', driverName)",
    required: true,
  },
  {
    referenceId: "claims",
    label: "Claims",
    typeInfo: {
      kind: "Group",
      subFields: [
        { referenceId: "claimNumber", label: "Claim", typeInfo: { kind: "String" } },
        { referenceId: "paid", label: "Paid", typeInfo: { kind: "Number" }, writePermission: "driver-records" },
        { referenceId: "claimKey", label: "Key", typeInfo: { kind: "Calculated", expression: "upper(claimNumber)" } },
      ],
    },
  },
];
const drivers = (entityType: string) => ({
  entityType,
  referenceId: "drivers",
  label: "Drivers",
  typeInfo: { kind: "Group", subFields: SUB_FIELDS },
});
const CONFIGURATION = {
  fieldDefinitions: [
    { entityType: "exposure", referenceId: "exposureName", label: "Name", typeInfo: { kind: "String" } },
    drivers("exposure"),
  ],
  customObjects: [
    {
      key: "fleet",
      name: "Fleet",
      pluralizedName: "Fleets",
      subFields: [{ referenceId: "drivers", label: "Drivers", typeInfo: { kind: "Group", subFields: SUB_FIELDS } }],
    },
  ],
};

async function setUp() {
  const company = await createCompany();
  const admin = await company.key(["SUPER_ADMIN"]);
  expect((await company.call("POST", "/configuration/import", admin, { body: CONFIGURATION })).status).toBe(200);
  const editor = await company.key([], ["exposure.create", "exposure.edit", "exposure.view"]);
  return { company, admin, editor };
}

const createExposure = (company: TestCompany, key: string, body: Record<string, unknown>) =>
  company.call("POST", "/entities/exposure", key, { body });
const driversOf = async (company: TestCompany, key: string, id: string) =>
  (await company.call("GET", `/entities/exposure/${id}`, key)).json.data.drivers;

describe("write groups of a Group's sub-fields (Authentication 7)", () => {
  it("refuses a create setting a locked sub-field without <entity>.field-<group> (403), nothing written", async () => {
    const { company, editor } = await setUp();
    const refused = expectError(
      await createExposure(company, editor, { drivers: [{ driverName: "Ann", licenseNumber: "L1" }] }),
      403,
      "field-write-permission-required",
    );
    expect(refused.details).toEqual([
      { field: "drivers[0].licenseNumber", message: "needs write group driver-records" },
    ]);
    expectDisplayable(refused.userMessages, "refused");
    const nested = { drivers: [{ driverName: "Ann", claims: [{ claimNumber: "C1", paid: 10 }] }] };
    const deep = expectError(await createExposure(company, editor, nested), 403, "field-write-permission-required");
    expect(deep.details).toEqual([{ field: "drivers[0].claims[0].paid", message: "needs write group driver-records" }]);
    expectDisplayable(deep.userMessages, "deep");
    expect((await company.call("GET", "/entities/exposure", editor)).json.totalCount).toBe(0);
    // 403 comes before 400: a read-only value beside the locked one is not what is answered.
    expectError(
      await createExposure(company, editor, { drivers: [{ driverName: "Ann", licenseNumber: "L1", legacy: "X" }] }),
      403,
      "field-write-permission-required",
    );
  });

  it("lets a holder set it, and a non-holder resend it unchanged but neither change nor clear it", async () => {
    const { company, editor } = await setUp();
    const holder = await company.key([], ["exposure.create", "exposure.edit", "exposure.field-driver-records"]);
    const created = await createExposure(company, holder, {
      drivers: [{ driverName: "Ann", licenseNumber: "L1", claims: [{ claimNumber: "C1", paid: 10 }] }],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.id;
    const stored = await driversOf(company, editor, id);

    const resent = await company.call("PATCH", `/entities/exposure/${id}`, editor, {
      body: { drivers: [...stored, { driverName: "Bob" }] },
    });
    expect(resent.status, JSON.stringify(resent.json)).toBe(200);
    const [first] = stored;
    for (const changed of [
      { ...first, licenseNumber: "L2" },
      { ...first, licenseNumber: null },
      { driverName: "Ann" },
      { ...first, claims: [{ claimNumber: "C1", paid: 11 }] },
    ]) {
      expectError(
        await company.call("PATCH", `/entities/exposure/${id}`, editor, { body: { drivers: [changed] } }),
        403,
        "field-write-permission-required",
      );
    }
    expect((await driversOf(company, editor, id))[0].licenseNumber).toBe("L1");
    // Dropping an entry clears its locked values too: a shorter list, an empty one, or none at all.
    for (const dropped of [[], null]) {
      const refused = expectError(
        await company.call("PATCH", `/entities/exposure/${id}`, editor, { body: { drivers: dropped } }),
        403,
        "field-write-permission-required",
      );
      expect(refused.details.map((d) => d.field)).toEqual(["drivers[0].licenseNumber", "drivers[0].claims[0].paid"]);
    }
    expect((await driversOf(company, editor, id))[0].licenseNumber).toBe("L1");
  });

  it("holds for a custom object's Group under custom-object.field-<group>", async () => {
    const { company } = await setUp();
    const plain = await company.key([], ["custom-object.create", "custom-object.view"]);
    const data = { drivers: [{ driverName: "Ann", licenseNumber: "L1" }] };
    const path = `/api/v1/external/companies/${company.id}/custom-objects/fleet`;
    expectError(await call("POST", path, { auth: plain, body: { data } }), 403, "field-write-permission-required");
    const grouped = await company.key([], ["custom-object.create", "custom-object.field-driver-records"]);
    expect((await call("POST", path, { auth: grouped, body: { data } })).status).toBe(201);
  });
});

describe("the configuration read states the sub-fields' marks the writes enforce", () => {
  it("marks each sub-field of a Group's items: read-only, calculated, computed default, write group", async () => {
    const { company, editor } = await setUp();
    const res = await company.call("GET", "/entities/exposure/configuration", editor);
    const { properties } = res.json.properties.drivers.items;
    expect(properties.legacy.readOnly).toBe(true);
    expect(properties.shout).toMatchObject({ readOnly: true, "x-repeatable": false });
    expect(properties.region["x-computed-default"]).toBe("concat('R-', driverName)");
    expect(properties.licenseNumber["x-write-permission"]).toBe("driver-records");
    expect(properties.claims.items.properties.paid["x-write-permission"]).toBe("driver-records");
    expect(properties.driverName).not.toHaveProperty("readOnly");
  });
});

describe("read-only, calculated and computed-default sub-fields", () => {
  it("refuses a read-only or calculated value other than the stored entry's (400), naming the entry path", async () => {
    const { company, admin } = await setUp();
    const refused = expectError(
      await createExposure(company, admin, { drivers: [{ driverName: "ann", legacy: "X", shout: "nope" }] }),
      400,
      "InvalidFieldModelV1Data",
    );
    expect(refused.details).toEqual([
      { field: "drivers[0].legacy", message: "is read-only" },
      { field: "drivers[0].shout", message: "is read-only" },
    ]);
    expectDisplayable(refused.userMessages, "refused");
  });

  it("derives calculated sub-fields and fills computed defaults entry by entry, at any depth", async () => {
    const { company, admin } = await setUp();
    const created = await createExposure(company, admin, {
      drivers: [
        { driverName: "ann", claims: [{ claimNumber: "c1" }] },
        { driverName: "bob", region: "North" },
      ],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(await driversOf(company, admin, created.json.id)).toEqual([
      { driverName: "ann", shout: "ANN", region: "R-ann", claims: [{ claimNumber: "c1", claimKey: "C1" }] },
      { driverName: "bob", shout: "BOB", region: "North" },
    ]);
    // Resending the derived value as read is accepted; it is derived again from the new name.
    const renamed = await company.call("PATCH", `/entities/exposure/${created.json.id}`, admin, {
      body: { drivers: [{ driverName: "cy", shout: "ANN", region: "R-ann" }] },
    });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect(renamed.json.data.drivers).toEqual([{ driverName: "cy", shout: "CY", region: "R-ann" }]);
  });

  it("does not require a sub-field the platform fills, and still requires the caller's own", async () => {
    const { company, admin } = await setUp();
    const missing = expectError(
      await createExposure(company, admin, { drivers: [{ legacy: null }] }),
      400,
      "InvalidFieldModelV1Data",
    );
    expect(missing.details).toEqual([{ field: "drivers[0].driverName", message: "is required" }]);
    expectDisplayable(missing.userMessages, "missing");
  });
});

describe("a quote's embedded exposures carrying a Group", () => {
  it("applies the sub-fields' rules inside each embedded exposure, with the exposure write groups", async () => {
    const { company, admin } = await setUp();
    const editor = await company.key([], ["quote.create", "quote.edit", "quote.view"]);
    const exposures = [{ exposureName: "Truck", drivers: [{ driverName: "Ann", licenseNumber: "L1" }] }];
    const refused = expectError(
      await company.call("POST", "/entities/quote", editor, { body: { exposures } }),
      403,
      "field-write-permission-required",
    );
    expect(refused.details).toEqual([
      { field: "exposures[0].drivers[0].licenseNumber", message: "needs write group driver-records" },
    ]);
    expectDisplayable(refused.userMessages, "refused");
    const created = await company.call("POST", "/entities/quote", admin, { body: { exposures } });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const stored = (await company.call("GET", `/entities/quote/${created.json.id}`, admin)).json.data.exposures;
    expect(stored[0].drivers).toEqual([{ driverName: "Ann", licenseNumber: "L1", shout: "ANN", region: "R-Ann" }]);
    const resent = await company.call("PATCH", `/entities/quote/${created.json.id}`, editor, {
      body: { exposures: [...stored, { exposureName: "Van" }] },
    });
    expect(resent.status, JSON.stringify(resent.json)).toBe(200);
    const readOnly = expectError(
      await company.call("PATCH", `/entities/quote/${created.json.id}`, admin, {
        body: { exposures: [{ exposureName: "Truck", drivers: [{ driverName: "Ann", legacy: "X" }] }] },
      }),
      400,
      "InvalidFieldModelV1Data",
    );
    expect(readOnly.details).toEqual([{ field: "exposures[0].drivers[0].legacy", message: "is read-only" }]);
    expectDisplayable(readOnly.userMessages, "readOnly");
  });
});

describe("a Sequence sub-field in a Group", () => {
  it("is refused by validate and import (400 InvalidConfiguration, sequence-in-group): entries are not numbered", async () => {
    const company = await createCompany();
    const admin = await company.key(["Admin"]);
    const body = {
      fieldDefinitions: [
        {
          entityType: "exposure",
          referenceId: "drivers",
          label: "Drivers",
          typeInfo: {
            kind: "Group",
            subFields: [
              { referenceId: "driverName", label: "Driver", typeInfo: { kind: "String" } },
              { referenceId: "driverNumber", label: "Number", typeInfo: { kind: "Sequence", prefix: "D-" } },
            ],
          },
        },
      ],
    };
    const validated = await company.call("POST", "/configuration/validate", admin, { body });
    expect(validated.json.isValid).toBe(false);
    expect(validated.json.issues).toEqual([
      {
        message: 'Field "drivers": sub-field "driverNumber" cannot be a Sequence; a Group\'s entries are not numbered',
        fieldPath: ["fieldDefinitions", "0", "typeInfo", "subFields", "1"],
        severity: "error",
        code: "sequence-in-group",
      },
    ]);
    expectError(await company.call("POST", "/configuration/import", admin, { body }), 400, "InvalidConfiguration");
  });
});

describe("a policy's Group fields, on new business and in an endorsement", () => {
  async function setUpPolicy() {
    const company = await createCompany();
    const admin = await company.key(["SUPER_ADMIN"]);
    const body = { fieldDefinitions: [drivers("policy")] };
    expect((await company.call("POST", "/configuration/import", admin, { body })).status).toBe(200);
    const writer = await company.key([], ["policy.create", "policy.view", "policy.endorse"]);
    return { company, admin, writer };
  }
  const newBusiness = (entries: unknown[]) => ({
    transactionTimestamp: "2026-01-01T09:00:00Z",
    displayAuthor: "Ada",
    data: { policyStartDate: { date: "2026-01-01" }, policyEndDate: { date: "2027-01-01" }, drivers: entries },
  });
  const endorse = (company: TestCompany, key: string, policyId: string, deltas: unknown[]) =>
    company.call("POST", `/policies/${policyId}/transaction/endorse`, key, {
      body: {
        transactionTimestamp: "2026-02-01T09:00:00Z",
        displayAuthor: "Ada",
        effectiveDate: { date: "2026-06-01", timezone: "America/New_York" },
        deltas,
      },
    });

  it("new business refuses a locked sub-field without policy.field-<group> (403) and a read-only one (400)", async () => {
    const { company, writer } = await setUpPolicy();
    const locked = expectError(
      await company.call("POST", "/policies/transaction/new-business", writer, {
        body: newBusiness([{ driverName: "Ann", licenseNumber: "L1" }]),
      }),
      403,
      "field-write-permission-required",
    );
    expect(locked.details).toEqual([
      { field: "drivers[0].licenseNumber", message: "needs write group driver-records" },
    ]);
    expectDisplayable(locked.userMessages, "locked");
    const readOnly = expectError(
      await company.call("POST", "/policies/transaction/new-business", writer, {
        body: newBusiness([{ driverName: "Ann", legacy: "X" }]),
      }),
      400,
      "InvalidPolicyData",
    );
    expect(readOnly.details).toEqual([{ field: "drivers[0].legacy", message: "is read-only" }]);
    expectDisplayable(readOnly.userMessages, "readOnly");
  });

  it("new business derives each entry's calculated sub-fields and computed defaults", async () => {
    const { company, writer } = await setUpPolicy();
    const res = await company.call("POST", "/policies/transaction/new-business", writer, {
      body: newBusiness([{ driverName: "ann" }]),
    });
    expect(res.status, JSON.stringify(res.json)).toBeLessThan(300);
    expect(res.json.segments[0].data.drivers).toEqual([{ driverName: "ann", shout: "ANN", region: "R-ann" }]);
  });

  it("an endorsement compares each entry with the one in force: locked 403, read-only 400, derived again", async () => {
    const { company, admin, writer } = await setUpPolicy();
    const created = await company.call("POST", "/policies/transaction/new-business", admin, {
      body: newBusiness([{ driverName: "ann", licenseNumber: "L1" }]),
    });
    const policyId = created.json.policyId;
    const [stored] = created.json.segments[0].data.drivers;
    for (const deltas of [
      [{ path: "policy.drivers", value: [{ ...stored, licenseNumber: "L2" }] }],
      [{ path: "policy.drivers", value: [{ driverName: "ann" }] }],
      [{ path: "policy.drivers.0.licenseNumber", value: "L2" }],
    ]) {
      const refused = expectError(
        await endorse(company, writer, policyId, deltas),
        403,
        "field-write-permission-required",
      );
      expect(refused.details).toEqual([
        { field: "drivers[0].licenseNumber", message: "needs write group driver-records" },
      ]);
      expectDisplayable(refused.userMessages, "refused");
    }
    for (const deltas of [
      [{ path: "policy.drivers", value: [{ ...stored, legacy: "X" }] }],
      [{ path: "policy.drivers.0.legacy", value: "X" }],
    ]) {
      const refused = expectError(await endorse(company, writer, policyId, deltas), 400, "InvalidDelta");
      expect(refused.details).toEqual([{ field: "policy.drivers[0].legacy", message: "is read-only" }]);
      expectDisplayable(refused.userMessages, "refused");
    }
    // A member path far past every list bound is a quick 400, not a walk over a sparse list of that length.
    const far = await endorse(company, writer, policyId, [
      { path: "policy.drivers", value: [] },
      { path: "policy.drivers.4294967294.driverName", value: "x" },
    ]);
    expect(far.status, JSON.stringify(far.json)).toBeGreaterThanOrEqual(400);
    expect(far.status).toBeLessThan(500);
    const renamed = await endorse(company, writer, policyId, [
      { path: "policy.drivers", value: [{ ...stored, driverName: "bob" }, { driverName: "cy" }] },
    ]);
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect(renamed.json.segments.at(-1).data.drivers).toEqual([
      { driverName: "bob", licenseNumber: "L1", shout: "BOB", region: "R-ann" },
      { driverName: "cy", shout: "CY", region: "R-cy" },
    ]);
  });
});
