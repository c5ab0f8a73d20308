import { describe, expect, it } from "vitest";
import { call, createCompany, expectError, type TestCompany } from "../support/harness";
import { must } from "../support/must";

/** One field of every kind on exposure, platform fields declared on event, custom fields on quote. */
const DOCUMENT = {
  fieldDefinitions: [
    {
      entityType: "exposure",
      referenceId: "exposureName",
      label: "Exposure name",
      description: "Shown on lists",
      typeInfo: { kind: "String" },
      required: true,
    },
    { entityType: "exposure", referenceId: "exposureValue", label: "Value", typeInfo: { kind: "Number" } },
    {
      entityType: "exposure",
      referenceId: "premium",
      label: "Premium",
      typeInfo: { kind: "Currency" },
      required: true,
    },
    { entityType: "exposure", referenceId: "vehicleCount", label: "Vehicles", typeInfo: { kind: "Integer" } },
    { entityType: "exposure", referenceId: "isActive", label: "Active", typeInfo: { kind: "Boolean" } },
    { entityType: "exposure", referenceId: "inceptionDate", label: "Inception", typeInfo: { kind: "Date" } },
    {
      entityType: "exposure",
      referenceId: "exposureType",
      label: "Type",
      typeInfo: { kind: "Select", optionSet: "exposureTypes" },
    },
    {
      entityType: "exposure",
      referenceId: "deductibleTier",
      label: "Deductible tier",
      type: "SelectField",
      typeArgs: '{"optionSet":"tiers"}',
    },
    {
      entityType: "exposure",
      referenceId: "tags",
      label: "Tags",
      typeInfo: { kind: "MultiSelect", optionSet: "exposureTypes" },
    },
    { entityType: "exposure", referenceId: "commissionRate", label: "Commission", typeInfo: { kind: "Percent" } },
    { entityType: "exposure", referenceId: "contactEmail", label: "Email", typeInfo: { kind: "Email" } },
    { entityType: "exposure", referenceId: "contactPhone", label: "Phone", typeInfo: { kind: "Phone" } },
    {
      entityType: "exposure",
      referenceId: "mailingAddress",
      label: "Mailing address",
      typeInfo: { kind: "Object: Address" },
    },
    {
      entityType: "exposure",
      referenceId: "riskAddress",
      label: "Risk address",
      typeInfo: { kind: "Object: AddressV2" },
    },
    {
      entityType: "exposure",
      referenceId: "ofacScreening",
      label: "OFAC screening",
      typeInfo: { kind: "Object: OfacScreening" },
    },
    {
      entityType: "exposure",
      referenceId: "drivers",
      label: "Drivers",
      typeInfo: {
        kind: "Group",
        subFields: [
          { referenceId: "driverName", label: "Driver", typeInfo: { kind: "String" }, required: true },
          {
            referenceId: "licenseNumber",
            label: "License",
            typeInfo: { kind: "String" },
            writePermission: "driver-records",
          },
        ],
      },
    },
    {
      entityType: "exposure",
      referenceId: "exposureCode",
      label: "Code",
      typeInfo: { kind: "Sequence", prefix: "EX-", padding: 5 },
      generatedAt: "bind",
    },
    {
      entityType: "exposure",
      referenceId: "riskScore",
      label: "Risk score",
      typeInfo: { kind: "Calculated", expression: "premium * 2", repeatable: true },
    },
    {
      entityType: "exposure",
      referenceId: "quotedAge",
      label: "Quoted age",
      typeInfo: { kind: "Calculated", expression: "today() - inceptionDate" },
    },
    {
      entityType: "exposure",
      referenceId: "daysOnBook",
      label: "Days on book",
      // Declared repeatable, but it reads the clock: the import warns, and the read never claims it.
      typeInfo: { kind: "Calculated", expression: "today() - inceptionDate", repeatable: true },
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
      referenceId: "territory",
      label: "Territory",
      typeInfo: { kind: "String" },
      computedDefault: "'north'",
    },
    {
      entityType: "exposure",
      referenceId: "legacyCode",
      label: "Legacy code",
      typeInfo: { kind: "String" },
      readOnly: true,
    },
    {
      entityType: "event",
      referenceId: "eventName",
      label: "Claim title",
      typeInfo: { kind: "String" },
      readOnly: false,
    },
    {
      entityType: "event",
      referenceId: "lossDate",
      label: "Loss date",
      typeInfo: { kind: "Date" },
      required: true,
      writePermission: "claims-handling",
    },
    {
      entityType: "quote",
      referenceId: "coverageLimit",
      label: "Coverage limit",
      typeInfo: { kind: "Currency" },
      required: true,
    },
    { entityType: "quote", referenceId: "quoteStatus", label: "Status", typeInfo: { kind: "String" } },
  ],
  optionSets: [
    {
      key: "exposureTypes",
      options: [
        { value: "vehicle", label: "Vehicle" },
        { value: "building", label: "Building" },
      ],
    },
    {
      key: "tiers",
      options: [
        { value: 500, label: "$500" },
        { value: 1000, label: "$1,000" },
      ],
    },
  ],
  customObjects: [
    {
      key: "vehicle",
      name: "Vehicle",
      pluralizedName: "Vehicles",
      subFields: [
        { referenceId: "vin", label: "VIN", typeInfo: { kind: "String" } },
        { referenceId: "fleetCode", label: "Fleet code", typeInfo: { kind: "String" }, writePermission: "fleet-admin" },
      ],
    },
    { key: "driver_record", name: "Driver record", pluralizedName: "Driver records", subFields: [] },
  ],
};

async function configuredCompany() {
  const company = await createCompany();
  const admin = await company.key(["SUPER_ADMIN"]);
  const imported = await company.call("POST", "/configuration/import", admin, { body: DOCUMENT });
  expect(imported.status).toBe(200);
  return { company, admin };
}

const CURRENCY = {
  type: ["number", "object"],
  format: "currency",
  properties: { code: { type: "string", pattern: "^[A-Z]{3}$" }, value: { type: "number" } },
  required: ["code", "value"],
  additionalProperties: false,
};

const configurationOf = async (company: TestCompany, key: string, entityType: string) =>
  company.call("GET", `/entities/${entityType}/configuration`, key);

const LIFECYCLE_DATES = ["eventOpenedOn", "eventClosedOn", "eventReopenedOn", "eventPreviouslyClosedOn"];

describe("GET /entities/{entityType}/configuration: the JSON Schema of an entity type", () => {
  it("is a draft 2020-12 object schema that refuses undeclared members", async () => {
    const { company, admin } = await configuredCompany();
    const res = await configurationOf(company, admin, "exposure");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      entityType: "exposure",
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      additionalProperties: false,
    });
    expect(Object.keys(res.json.properties)).toEqual(
      DOCUMENT.fieldDefinitions.filter((f) => f.entityType === "exposure").map((f) => f.referenceId),
    );
  });

  it("lists the required fields", async () => {
    const { company, admin } = await configuredCompany();
    expect((await configurationOf(company, admin, "exposure")).json.required).toEqual(["exposureName", "premium"]);
    expect((await configurationOf(company, admin, "event")).json.required).toEqual(["lossDate"]);
  });

  it("gives each field its label as title, its description, fieldType and the canonical typeInfo", async () => {
    const { company, admin } = await configuredCompany();
    const { properties } = (await configurationOf(company, admin, "exposure")).json;
    expect(properties.exposureName).toEqual({
      title: "Exposure name",
      description: "Shown on lists",
      fieldType: "String",
      typeInfo: { kind: "String" },
      type: "string",
      // Every String value is bounded (issue 11): 10,000 characters unless the field's maxLength says less.
      maxLength: 10_000,
    });
    expect(properties.deductibleTier.typeInfo).toEqual({ kind: "Select", optionSet: "tiers" });
    expect(properties.exposureValue).not.toHaveProperty("description");
  });
});

describe("value shape and format per kind", () => {
  const DATE = {
    type: "object",
    properties: { date: { type: "string", format: "date" }, timezone: { type: "string", default: "America/New_York" } },
    required: ["date"],
    additionalProperties: false,
  };
  const CASES: Array<[string, string, Record<string, unknown>]> = [
    ["String", "exposureName", { type: "string" }],
    ["Number", "exposureValue", { type: "number" }],
    // A number is a plain amount; {code, value} an amount with its currency code (both are written and stored).
    ["Currency", "premium", CURRENCY],
    // Bounded where a JSON number still holds every integer exactly.
    [
      "Integer",
      "vehicleCount",
      { type: "integer", format: "int64", minimum: -9_007_199_254_740_991, maximum: 9_007_199_254_740_991 },
    ],
    ["Boolean", "isActive", { type: "boolean" }],
    ["Date", "inceptionDate", DATE],
    ["Select of strings", "exposureType", { type: "string", enum: ["vehicle", "building"] }],
    ["Select of numbers (legacy SelectField)", "deductibleTier", { type: "number", enum: [500, 1000] }],
    ["MultiSelect", "tags", { type: "array", items: { type: "string", enum: ["vehicle", "building"] } }],
    // Text of every kind is bounded at 10,000 characters on writes, and the read says so.
    ["Percent", "commissionRate", { type: "string", format: "percent", maxLength: 10_000 }],
    ["Email", "contactEmail", { type: "string", format: "email", maxLength: 10_000 }],
    ["Phone", "contactPhone", { type: "string", format: "phone", maxLength: 10_000 }],
    // A Sequence value is its prefix ("EX-") and a counter of at most 16 digits (padding 5).
    ["Sequence", "exposureCode", { type: "string", maxLength: 19 }],
  ];

  it.each(CASES)("%s", async (kind, referenceId, shape) => {
    const { company, admin } = await configuredCompany();
    const field = (await configurationOf(company, admin, "exposure")).json.properties[referenceId];
    expect(field).toMatchObject(shape);
    expect(field.fieldType).toBe(kind.split(" ")[0]);
  });

  it("Object: Address is the flat legacy object with format address", async () => {
    const { company, admin } = await configuredCompany();
    const field = (await configurationOf(company, admin, "exposure")).json.properties.mailingAddress;
    expect(field).toMatchObject({ fieldType: "Object: Address", type: "object", format: "address" });
    expect(Object.keys(field.properties)).toEqual(["street", "city", "state", "zipCode", "country", "county"]);
  });

  it("Object: AddressV2 is {entryMethod, enteredAddress, geocode} with a string zipCode and format address", async () => {
    const { company, admin } = await configuredCompany();
    const field = (await configurationOf(company, admin, "exposure")).json.properties.riskAddress;
    expect(field).toMatchObject({ fieldType: "Object: AddressV2", type: "object", format: "address" });
    expect(Object.keys(field.properties)).toEqual(["entryMethod", "enteredAddress", "geocode"]);
    expect(Object.keys(field.properties.enteredAddress.properties)).toEqual([
      "address1",
      "address2",
      "city",
      "state",
      "zipCode",
      "countryCode",
    ]);
    expect(field.properties.enteredAddress.properties.zipCode.type).toBe("string");
    expect(Object.keys(field.properties.geocode.properties)).toEqual([
      "source",
      "status",
      "county",
      "latitude",
      "longitude",
      "precision",
      "granularity",
      "provenance",
    ]);
  });

  it("Object: OfacScreening carries the screening members and matches with reviewedBy", async () => {
    const { company, admin } = await configuredCompany();
    const field = (await configurationOf(company, admin, "exposure")).json.properties.ofacScreening;
    expect(field).toMatchObject({ fieldType: "Object: OfacScreening", type: "object" });
    expect(Object.keys(field.properties)).toEqual([
      "name",
      "status",
      "screeningOutcome",
      "screenedAt",
      "screenedBy",
      "screenedRequest",
      "matches",
    ]);
    expect(field.properties.matches).toMatchObject({
      type: "array",
      items: { type: "object", properties: { reviewedBy: expect.any(Object) } },
    });
  });

  it("Group is an array of objects keyed by its sub-fields, each with its own schema and marks", async () => {
    const { company, admin } = await configuredCompany();
    const field = (await configurationOf(company, admin, "exposure")).json.properties.drivers;
    expect(field).toMatchObject({
      fieldType: "Group",
      type: "array",
      maxItems: 1_000, // what writes allow
      items: { type: "object", required: ["driverName"], additionalProperties: false },
    });
    expect(field.items.properties.driverName).toEqual({
      title: "Driver",
      fieldType: "String",
      typeInfo: { kind: "String" },
      type: "string",
      maxLength: 10_000,
    });
    expect(field.items.properties.licenseNumber["x-write-permission"]).toBe("driver-records");
  });
});

describe("field schema marks", () => {
  it("readOnly: true on a read-only field, and on no writable one", async () => {
    const { company, admin } = await configuredCompany();
    const { properties } = (await configurationOf(company, admin, "exposure")).json;
    expect(properties.legacyCode.readOnly).toBe(true);
    expect(properties.exposureName).not.toHaveProperty("readOnly");
  });

  it("x-generated: true and readOnly on a Sequence, with when it is minted", async () => {
    const { company, admin } = await configuredCompany();
    const field = (await configurationOf(company, admin, "exposure")).json.properties.exposureCode;
    expect(field).toMatchObject({ readOnly: true, "x-generated": true, "x-generated-at": "bind" });
    expect((await configurationOf(company, admin, "exposure")).json.properties.exposureName).not.toHaveProperty(
      "x-generated",
    );
  });

  it("x-computed-default carries the default's expression", async () => {
    const { company, admin } = await configuredCompany();
    expect((await configurationOf(company, admin, "exposure")).json.properties.territory["x-computed-default"]).toBe(
      "'north'",
    );
  });

  it("x-write-permission carries the group name", async () => {
    const { company, admin } = await configuredCompany();
    expect(
      (await configurationOf(company, admin, "exposure")).json.properties.underwritingNotes["x-write-permission"],
    ).toBe("underwriting");
    expect((await configurationOf(company, admin, "event")).json.properties.lossDate["x-write-permission"]).toBe(
      "claims-handling",
    );
  });

  it("x-repeatable on Calculated fields (false unless declared and free of the clock), which are read-only", async () => {
    const { company, admin } = await configuredCompany();
    const { properties } = (await configurationOf(company, admin, "exposure")).json;
    expect(properties.riskScore).toMatchObject({ fieldType: "Calculated", readOnly: true, "x-repeatable": true });
    expect(properties.quotedAge).toMatchObject({ readOnly: true, "x-repeatable": false });
    // "true means the same stored data always gives the same answer": never for today() (CONTRACT 5.4).
    expect(properties.daysOnBook).toMatchObject({ readOnly: true, "x-repeatable": false });
    expect(properties.exposureName).not.toHaveProperty("x-repeatable");
  });
});

describe("platform fields", () => {
  it("every event has eventStatus, eventName, userSetEventName, eventOpenCloseHistory and the derived lifecycle dates without configuration", async () => {
    const company = await createCompany();
    const res = await configurationOf(company, await company.key(["ReadOnly"]), "event");
    expect(res.status).toBe(200);
    const { properties, required } = res.json;
    expect(Object.keys(properties)).toEqual([
      "eventStatus",
      "eventName",
      "userSetEventName",
      "eventOpenCloseHistory",
      ...LIFECYCLE_DATES,
    ]);
    expect(required).toEqual([]);
    for (const date of LIFECYCLE_DATES)
      expect(properties[date]).toMatchObject({
        type: ["object", "null"],
        readOnly: true,
        properties: { date: { format: "date" } },
      });
    expect(properties.eventStatus).toMatchObject({
      type: "string",
      enum: ["open", "closed"],
      "x-guarded-status": true,
      "x-platform": true,
    });
    expect(properties.eventStatus.description).toContain("/close");
    expect(properties.eventName).toMatchObject({ type: "string", readOnly: true });
    // Writes cap event names at 1,000 characters, not the 10,000 of other text.
    expect(properties.userSetEventName).toMatchObject({ type: ["string", "null"], maxLength: 1_000 });
    expect(properties.userSetEventName).not.toHaveProperty("readOnly");
    expect(properties.eventOpenCloseHistory).toMatchObject({
      type: "array",
      maxItems: 1_000,
      items: {
        type: "object",
        properties: {
          action: { type: "string", enum: ["open", "close"] },
          effectiveOnDate: { type: "object", properties: { date: { format: "date" } } },
        },
        required: ["action", "effectiveOnDate"],
      },
    });
  });

  it("a configuration declaring a platform field sets its type, and eventName stays read-only", async () => {
    const { company, admin } = await configuredCompany();
    const { properties } = (await configurationOf(company, admin, "event")).json;
    expect(Object.keys(properties)).toEqual([
      "eventStatus",
      "eventName",
      "userSetEventName",
      "eventOpenCloseHistory",
      ...LIFECYCLE_DATES,
      "lossDate",
    ]);
    expect(properties.eventName).toMatchObject({ title: "Claim title", fieldType: "String", readOnly: true });
  });

  it("quote lifecycle fields are read-only, also when configured", async () => {
    const { company, admin } = await configuredCompany();
    const { properties } = (await configurationOf(company, admin, "quote")).json;
    for (const id of ["quoteType", "quoteStatus", "quoteNumber", "quoteBindErrors", "quoteSubmissionId"])
      expect(properties[id].readOnly, id).toBe(true);
    expect(properties.quoteStatus.title).toBe("Status");
    expect(properties.coverageLimit).toMatchObject(CURRENCY);
  });

  it("quotes list their embedded exposures: an array of the exposure fields, a platform field (CONTRACT 5.2)", async () => {
    const { company, admin } = await configuredCompany();
    const quote = (await configurationOf(company, admin, "quote")).json;
    const exposure = (await configurationOf(company, admin, "exposure")).json;
    expect(quote.properties.exposures).toMatchObject({
      fieldType: "Group",
      type: "array",
      maxItems: 10_000, // what every write allows
      "x-platform": true,
      items: { type: "object", additionalProperties: false, required: exposure.required },
    });
    // Each item holds the exposure fields, with the schemas the exposure read gives them.
    expect(quote.properties.exposures.items.properties).toEqual(exposure.properties);
    // Without configuration a quote still embeds exposures, of no fields yet.
    const bare = await createCompany();
    const empty = (await configurationOf(bare, await bare.key(["ReadOnly"]), "quote")).json.properties.exposures;
    expect(empty).toMatchObject({ type: "array", items: { properties: {}, additionalProperties: false } });
  });

  it("submissions carry submissionStatus; persons and organizations start empty", async () => {
    const company = await createCompany();
    const key = await company.key(["ReadOnly"]);
    expect((await configurationOf(company, key, "submission")).json.properties.submissionStatus).toMatchObject({
      type: "string",
      "x-guarded-status": true,
    });
    expect((await configurationOf(company, key, "person")).json.properties).toEqual({});
    expect((await configurationOf(company, key, "organization")).json.properties).toEqual({});
  });
});

describe("entity configuration: refusals", () => {
  it.each(["policy", "payee", "Exposure"])(
    "entityType %s answers 400 naming the allowed values",
    async (entityType) => {
      const company = await createCompany();
      const error = expectError(
        await configurationOf(company, await company.key(["Admin"]), entityType),
        400,
        "VALIDATION_ERROR",
      );
      expect(error.message).toContain("exposure, event, submission, quote, person, organization");
      expect(must(error.details[0]).field).toBe("entityType");
    },
  );

  it("does not need configuration.view", async () => {
    const company = await createCompany();
    expect((await configurationOf(company, await company.key([], ["event.view"]), "event")).status).toBe(200);
    expect((await configurationOf(company, await company.key([], ["configuration.view"]), "event")).status).toBe(200);
  });
});

describe("entity configuration: a read every integration needs (issue 8)", () => {
  it("any valid key of the company reads it, like the entity-types read", async () => {
    const { company } = await configuredCompany();
    const key = await company.key([], []);
    for (const entityType of ["exposure", "event", "quote"]) {
      const res = await configurationOf(company, key, entityType);
      expect(res.status).toBe(200);
      expect(res.json.entityType).toBe(entityType);
    }
  });

  it("is described as needing any valid key (x-permission: null)", async () => {
    const res = await call("GET", "/openapi.json");
    const operation = res.json.paths["/api/v1/companies/{companyId}/entities/{entityType}/configuration"].get;
    expect(operation["x-permission"]).toBeNull();
  });
});

describe("GET O/quotes/configuration: JSON Schema of the quote's custom fields", () => {
  const legacyPath = (company: TestCompany) => `/api/external/companies/${company.id}/quotes/configuration`;

  it("has the configured quote fields only, without the lifecycle fields", async () => {
    const { company } = await configuredCompany();
    const res = await call("GET", legacyPath(company), { auth: await company.key([], ["company.quote:read"]) });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      entityType: "quote",
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      additionalProperties: false,
    });
    expect(Object.keys(res.json.properties)).toEqual(["coverageLimit"]);
    expect(res.json.properties.coverageLimit).toMatchObject({
      title: "Coverage limit",
      fieldType: "Currency",
      ...CURRENCY,
    });
    expect(res.json.required).toEqual(["coverageLimit"]);
  });

  it("is empty for a company without quote configuration", async () => {
    const company = await createCompany();
    const res = await call("GET", legacyPath(company), { auth: await company.key(["ReadOnly"]) });
    expect(res.json.properties).toEqual({});
    expect(res.json.required).toEqual([]);
  });

  it("needs quote.view (company.quote:read)", async () => {
    const company = await createCompany();
    const res = await call("GET", legacyPath(company), {
      auth: await company.key([], ["configuration.view", "event.view"]),
    });
    expectError(res, 403, "AuthorizationError", "User is not authorized to perform the requested action");
    expect((await call("GET", legacyPath(company), { auth: await company.key([], ["quote.view"]) })).status).toBe(200);
  });
});

describe("GET /entity-types lists the company's custom object types", () => {
  it("after the entity types and the policy, with any valid key", async () => {
    const { company } = await configuredCompany();
    const res = await company.call("GET", "/entity-types", await company.key([], []));
    expect(res.status).toBe(200);
    expect(res.json.items.slice(-3)).toEqual([
      { key: "policy", kind: "policy", name: "Policy", pluralizedName: "Policies" },
      { key: "vehicle", kind: "customObject", name: "Vehicle", pluralizedName: "Vehicles" },
      { key: "driver_record", kind: "customObject", name: "Driver record", pluralizedName: "Driver records" },
    ]);
  });
});

describe("GET /me lists the company's field write groups for roles that hold them all", () => {
  // A custom object's sub-field group is what custom object writes check: custom-object.field-<group>.
  const GROUPS = [
    "custom-object.field-fleet-admin",
    "event.field-claims-handling",
    "exposure.field-driver-records",
    "exposure.field-underwriting",
  ];

  it.each(["Admin", "SUPER_ADMIN"])(
    "%s lists every configured group, sub-fields' and custom objects' included",
    async (role) => {
      const { company } = await configuredCompany();
      const { permissions } = (await company.call("GET", "/me", await company.key([role]))).json as {
        permissions: string[];
      };
      expect(permissions.filter((p) => p.includes(".field-"))).toEqual(GROUPS);
    },
  );

  it("ReadOnly lists none; an explicitly granted group is listed alone", async () => {
    const { company } = await configuredCompany();
    const readOnly = (await company.call("GET", "/me", await company.key(["ReadOnly"]))).json.permissions as string[];
    expect(readOnly.some((p) => p.includes(".field-"))).toBe(false);
    const explicit = (
      await company.call("GET", "/me", await company.key(["ReadOnly"], ["exposure.field-underwriting"]))
    ).json.permissions as string[];
    expect(explicit.filter((p) => p.includes(".field-"))).toEqual(["exposure.field-underwriting"]);
  });

  it("Admin of a company without configuration lists no groups", async () => {
    const company = await createCompany();
    const { permissions } = (await company.call("GET", "/me", await company.key(["Admin"]))).json as {
      permissions: string[];
    };
    expect(permissions.some((p) => p.includes(".field-"))).toBe(false);
  });
});

describe("another company's key", () => {
  it.each([
    ["/api/v1/companies/{id}/entities/event/configuration"],
    ["/api/external/companies/{id}/quotes/configuration"],
    ["/api/v1/companies/{id}/entity-types"],
    ["/api/v1/companies/{id}/me"],
  ])("GET %s answers 403", async (path) => {
    const { company } = await configuredCompany();
    const intruder = await createCompany("sandbox", "Intruder");
    const res = await call("GET", path.replace("{id}", company.id), { auth: await intruder.key(["SUPER_ADMIN"]) });
    expectError(res, 403, "AuthorizationError", "API key is not scoped to the requested company");
  });
});

describe("reads in the worker use the document parsed under the company's current content hash", () => {
  const labelled = (label: string) => ({
    fieldDefinitions: [{ entityType: "exposure", referenceId: "exposureName", label, typeInfo: { kind: "String" } }],
  });
  const labelOf = async (company: TestCompany, key: string) =>
    (await company.call("GET", "/configuration/export", key)).json.fieldDefinitions[0]?.label;

  it("follows every import at once, a reset and re-import at the same version number, and other companies' documents", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    const importing = async (label: string) =>
      expect((await company.call("POST", "/configuration/import", key, { body: labelled(label) })).status).toBe(200);
    await importing("First");
    expect(await labelOf(company, key)).toBe("First");
    await importing("Second");
    expect(await labelOf(company, key)).toBe("Second");
    // After a reset the next import is version 1 again: only the content hash tells the documents apart.
    expect((await company.call("POST", "/reset", key)).status).toBe(200);
    await importing("After reset");
    expect(await labelOf(company, key)).toBe("After reset");
    // The same document in another company is the same entry; a third company's is its own.
    const neighbour = await createCompany();
    const neighbourKey = await neighbour.key(["SUPER_ADMIN"]);
    expect(
      (await neighbour.call("POST", "/configuration/import", neighbourKey, { body: labelled("First") })).status,
    ).toBe(200);
    expect(await labelOf(neighbour, neighbourKey)).toBe("First");
    expect(await labelOf(company, key)).toBe("After reset");
  });
});
