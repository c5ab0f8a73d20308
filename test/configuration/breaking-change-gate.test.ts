import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { answerGeocoder, untilGeocoderAsked } from "../support/geocoder-control";
import { call, createCompany, expectError, type TestCompany } from "../support/harness";

/**
 * Issue 10, item 1: the breaking-change gate (CONTRACT section 2) sees every place data lives. One row per
 * place: with data there the change is refused 409 without force (naming the document path) and accepted
 * with `?force=true` on a Sandbox company; with no data there it is accepted.
 */

const field = (entityType: string, referenceId: string, typeInfo: object) => ({
  entityType,
  referenceId,
  label: referenceId,
  typeInfo,
});

const FIELDS = [
  field("exposure", "exposureName", { kind: "String" }),
  field("exposure", "exposureType", { kind: "Select", optionSet: "kinds" }),
  field("exposure", "tags", { kind: "MultiSelect", optionSet: "kinds" }),
  field("exposure", "tier", { kind: "Select", optionSet: "tiers" }),
  field("exposure", "drivers", {
    kind: "Group",
    subFields: [
      { referenceId: "driverName", label: "Driver", typeInfo: { kind: "String" } },
      { referenceId: "age", label: "Age", typeInfo: { kind: "Integer" } },
      { referenceId: "licence", label: "Licence", typeInfo: { kind: "Select", optionSet: "licences" } },
    ],
  }),
  field("policy", "policyNote", { kind: "String" }),
  field("quote", "quoteNote", { kind: "String" }),
];

const OPTION_SETS = [
  {
    key: "kinds",
    options: [
      { value: "vehicle", label: "Vehicle" },
      { value: "building", label: "Building" },
    ],
  },
  {
    key: "tiers",
    options: [
      { value: 1, label: "One" },
      { value: 2, label: "Two" },
    ],
  },
  { key: "licences", options: [{ value: "B", label: "B" }] },
  { key: "colours", options: [{ value: "red", label: "Red" }] },
];

const CUSTOM_OBJECTS = [
  {
    key: "vehicle",
    name: "Vehicle",
    pluralizedName: "Vehicles",
    subFields: [
      { referenceId: "vin", label: "VIN", typeInfo: { kind: "String" } },
      { referenceId: "colour", label: "Colour", typeInfo: { kind: "Select", optionSet: "colours" } },
    ],
  },
];

const RELATIONSHIPS = [{ key: "fleet", from: "Exposure", to: "vehicle", cardinality: "N:N" }];

const BASE = {
  fieldDefinitions: FIELDS,
  optionSets: OPTION_SETS,
  customObjects: CUSTOM_OBJECTS,
  relationships: RELATIONSHIPS,
};

type Fields = typeof FIELDS;
const without = (referenceId: string): Fields => FIELDS.filter((f) => f.referenceId !== referenceId);
const replacing = (referenceId: string, typeInfo: object): Fields =>
  FIELDS.map((f) => (f.referenceId === referenceId ? { ...f, typeInfo } : f));
const withDriverSubFields = (subFields: object[]): Fields => replacing("drivers", { kind: "Group", subFields });
const withOptions = (key: string, options: object[]) =>
  OPTION_SETS.map((set) => (set.key === key ? { ...set, options } : set));

async function insertRecord(company: TestCompany, kind: string, entityType: string, data: object) {
  const now = new Date().toISOString();
  await env.DB.prepare(
    "INSERT INTO entities (id, company_id, kind, entity_type, data, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)",
  )
    .bind(crypto.randomUUID(), company.id, kind, entityType, JSON.stringify(data), now, now)
    .run();
}

const storeRecord = (entityType: string, data: object) => (company: TestCompany) =>
  insertRecord(company, "entity", entityType, data);
const storeObject = (key: string, data: object) => (company: TestCompany) =>
  insertRecord(company, "customObject", key, data);

/** A stored policy version whose only segment holds `data` (policy version data is read from its segments). */
const storeVersion = (data: object) => async (company: TestCompany) => {
  const coverage = {
    termStart: "2026-01-01",
    termEnd: "2027-01-01",
    segments: [{ startDate: "2026-01-01", endDate: "2027-01-01", data }],
    cancellation: null,
  };
  await env.DB.prepare(
    "INSERT INTO policy_versions (id, company_id, policy_id, version, action, transaction_timestamp, display_author, effective_date, start_date, end_date, coverage, created_at) VALUES (?, ?, ?, 1, 'NEW_BUSINESS', ?, 'test', '2026-01-01', '2026-01-01', '2027-01-01', ?, ?)",
  )
    .bind(
      crypto.randomUUID(),
      company.id,
      crypto.randomUUID(),
      new Date().toISOString(),
      JSON.stringify(coverage),
      new Date().toISOString(),
    )
    .run();
};

const storeLink = (relationshipKey: string) => async (company: TestCompany) => {
  await env.DB.prepare(
    "INSERT INTO relationship_links (id, company_id, relationship_key, from_id, to_id, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  )
    .bind(
      crypto.randomUUID(),
      company.id,
      relationshipKey,
      crypto.randomUUID(),
      crypto.randomUUID(),
      new Date().toISOString(),
    )
    .run();
};

interface GateRow {
  place: string;
  store: (company: TestCompany) => Promise<void>;
  change: object;
  path: string;
}

const ROWS: GateRow[] = [
  {
    place: "a top-level field removed",
    store: storeRecord("exposure", { exposureName: "Truck" }),
    change: { fieldDefinitions: without("exposureName") },
    path: "fieldDefinitions.exposure.exposureName",
  },
  {
    place: "a top-level field's kind changed",
    store: storeRecord("exposure", { exposureName: "Truck" }),
    change: { fieldDefinitions: replacing("exposureName", { kind: "Integer" }) },
    path: "fieldDefinitions.exposure.exposureName",
  },
  {
    place: "a Select re-pointed to another option set without the stored value",
    store: storeRecord("exposure", { exposureType: "vehicle" }),
    change: { fieldDefinitions: replacing("exposureType", { kind: "Select", optionSet: "colours" }) },
    path: "fieldDefinitions.exposure.exposureType",
  },
  {
    place: "a Group sub-field removed",
    store: storeRecord("exposure", { drivers: [{ driverName: "Ada" }, { age: 40 }] }),
    change: {
      fieldDefinitions: withDriverSubFields([
        { referenceId: "driverName", label: "Driver", typeInfo: { kind: "String" } },
      ]),
    },
    path: "fieldDefinitions.exposure.drivers.subFields.age",
  },
  {
    place: "a Group sub-field retyped",
    store: storeRecord("exposure", { drivers: [{ driverName: "Ada", age: 40 }] }),
    change: {
      fieldDefinitions: withDriverSubFields([
        { referenceId: "driverName", label: "Driver", typeInfo: { kind: "String" } },
        { referenceId: "age", label: "Age", typeInfo: { kind: "Boolean" } },
      ]),
    },
    path: "fieldDefinitions.exposure.drivers.subFields.age",
  },
  {
    place: "an option removed that only a Group sub-field uses",
    store: storeRecord("exposure", { drivers: [{ licence: "B" }] }),
    change: { optionSets: withOptions("licences", [{ value: "C", label: "C" }]) },
    path: "optionSets.licences.B",
  },
  {
    place: "a custom-object sub-field removed",
    store: storeObject("vehicle", { vin: "V1" }),
    change: { customObjects: [{ ...CUSTOM_OBJECTS[0], subFields: [CUSTOM_OBJECTS[0]?.subFields[1]] }] },
    path: "customObjects.vehicle.subFields.vin",
  },
  {
    place: "a custom object removed",
    store: storeObject("vehicle", {}),
    change: { customObjects: [], relationships: [] },
    path: "customObjects.vehicle",
  },
  {
    place: "an option removed that only a custom-object field uses",
    store: storeObject("vehicle", { colour: "red" }),
    change: { optionSets: withOptions("colours", [{ value: "blue", label: "Blue" }]) },
    path: "optionSets.colours.red",
  },
  {
    place: "an option removed that a MultiSelect holds",
    store: storeRecord("exposure", { tags: ["vehicle", "building"] }),
    change: { optionSets: withOptions("kinds", [{ value: "vehicle", label: "Vehicle" }]) },
    path: "optionSets.kinds.building",
  },
  {
    place: "an option removed that only a quote's embedded exposures use",
    store: storeRecord("quote", { exposures: [{ exposureName: "A" }, { exposureType: "building" }] }),
    change: { optionSets: withOptions("kinds", [{ value: "vehicle", label: "Vehicle" }]) },
    path: "optionSets.kinds.building",
  },
  {
    place: 'an option value changed from the number 1 to the text "1"',
    store: storeRecord("exposure", { tier: 1 }),
    change: {
      optionSets: withOptions("tiers", [
        { value: "1", label: "One" },
        { value: 2, label: "Two" },
      ]),
    },
    path: "optionSets.tiers.1",
  },
  {
    place: "an exposure field removed that only a quote's embedded exposures hold",
    store: storeRecord("quote", { exposures: [{ exposureName: "Truck" }] }),
    change: { fieldDefinitions: without("exposureName") },
    path: "fieldDefinitions.exposure.exposureName",
  },
  {
    place: "a policy field removed while policy version data holds it",
    store: storeVersion({ policyNote: "renew me" }),
    change: { fieldDefinitions: without("policyNote") },
    path: "fieldDefinitions.policy.policyNote",
  },
  {
    place: "a policy field's kind changed while policy version data holds it",
    store: storeVersion({ policyNote: "renew me" }),
    change: { fieldDefinitions: replacing("policyNote", { kind: "Number" }) },
    path: "fieldDefinitions.policy.policyNote",
  },
  {
    place: "an exposure field removed that only policy version data.exposures hold",
    store: storeVersion({ exposures: [{ exposureName: "Barn" }] }),
    change: { fieldDefinitions: without("exposureName") },
    path: "fieldDefinitions.exposure.exposureName",
  },
  {
    place: "an option removed that only policy version data.exposures hold",
    store: storeVersion({ exposures: [{ tags: ["building"] }] }),
    change: { optionSets: withOptions("kinds", [{ value: "vehicle", label: "Vehicle" }]) },
    path: "optionSets.kinds.building",
  },
  {
    place: "a relationship removed while links exist",
    store: storeLink("fleet"),
    change: { relationships: [] },
    path: "relationships.fleet",
  },
  {
    place: "a relationship's ends changed while links exist",
    store: storeLink("fleet"),
    change: { relationships: [{ key: "fleet", from: "Quote", to: "vehicle", cardinality: "N:N" }] },
    path: "relationships.fleet",
  },
  {
    place: "a relationship's cardinality narrowed while links exist",
    store: storeLink("fleet"),
    change: { relationships: [{ key: "fleet", from: "Exposure", to: "vehicle", cardinality: "1:1" }] },
    path: "relationships.fleet",
  },
];

async function setUp(lifecycle: "sandbox" | "live" = "sandbox") {
  const company = await createCompany(lifecycle);
  const key = await company.key(["SUPER_ADMIN"]);
  const imported = await company.call("POST", "/configuration/import", key, { body: BASE });
  expect(imported.status, JSON.stringify(imported.json)).toBe(200);
  return { company, key };
}

const exported = async (company: TestCompany, key: string) =>
  (await company.call("GET", "/configuration/export", key)).json.contentHash;

describe("the breaking-change gate sees every place data lives", () => {
  it.each(ROWS)("$place: 409 without force, accepted with force on Sandbox", async (row) => {
    const { company, key } = await setUp();
    await row.store(company);
    const before = await exported(company, key);
    const refused = expectError(
      await company.call("POST", "/configuration/import", key, { body: row.change }),
      409,
      "BreakingConfigurationChange",
    );
    expect(refused.details.map((d) => d.field)).toContain(row.path);
    expect(await exported(company, key)).toBe(before);
    const forced = await company.call("POST", "/configuration/import?force=true", key, { body: row.change });
    expect(forced.status, JSON.stringify(forced.json)).toBe(200);
    expect(forced.json.changed).toBe(true);
  });

  it.each(ROWS)("$place: accepted when no data uses it", async (row) => {
    const { company, key } = await setUp();
    const res = await company.call("POST", "/configuration/import", key, { body: row.change });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  });
});

describe("the gate counts only what would be stranded", () => {
  it("lets a Select move to a set holding every stored value, and a relationship loosen its cardinality", async () => {
    const { company, key } = await setUp();
    await storeRecord("exposure", { exposureType: "vehicle" })(company);
    await storeLink("fleet")(company);
    const superset = [
      ...OPTION_SETS,
      { key: "wider", options: [...(OPTION_SETS[0]?.options ?? []), { value: "boat", label: "Boat" }] },
    ];
    const res = await company.call("POST", "/configuration/import", key, {
      body: {
        optionSets: superset,
        fieldDefinitions: replacing("exposureType", { kind: "Select", optionSet: "wider" }),
        relationships: [{ key: "fleet", from: "Exposure", to: "vehicle", cardinality: "N:N" }],
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  });

  it('tells the number 1 from the text "1": stored "1" under option 1 is not a use', async () => {
    const { company, key } = await setUp();
    await storeRecord("exposure", { tier: 2 })(company);
    const res = await company.call("POST", "/configuration/import", key, {
      body: { optionSets: withOptions("tiers", [{ value: 2, label: "Two" }]) },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  });

  it("names each breaking change with how many stored records or links use it", async () => {
    const { company, key } = await setUp();
    await storeRecord("exposure", { exposureName: "A" })(company);
    await storeRecord("quote", { exposures: [{ exposureName: "B" }] })(company);
    await storeVersion({ exposures: [{ exposureName: "C" }] })(company);
    await storeLink("fleet")(company);
    await storeLink("fleet")(company);
    const error = expectError(
      await company.call("POST", "/configuration/import", key, {
        body: { fieldDefinitions: without("exposureName"), relationships: [] },
      }),
      409,
      "BreakingConfigurationChange",
    );
    expect(error.details).toEqual([
      {
        field: "fieldDefinitions.exposure.exposureName",
        message: 'The exposure field "exposureName" is removed while 3 stored records use it',
      },
      { field: "relationships.fleet", message: 'Relationship "fleet" is removed while 2 stored links use it' },
    ]);
  });

  it("refuses on a Live company, where force is impossible", async () => {
    const { company, key } = await setUp("live");
    await storeVersion({ policyNote: "x" })(company);
    expectError(
      await company.call("POST", "/configuration/import", key, { body: { fieldDefinitions: without("policyNote") } }),
      409,
      "BreakingConfigurationChange",
    );
  });
});

describe("an import racing creates strands no value", () => {
  it("a create that ended its turn for a geocoder lookup runs again under the import made meanwhile", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    const withAddress = [...FIELDS, field("exposure", "riskAddress", { kind: "Object: AddressV2" })];
    expect(
      (await company.call("POST", "/configuration/import", key, { body: { ...BASE, fieldDefinitions: withAddress } }))
        .status,
    ).toBe(200);
    const street = `${Date.now()} Hang ${crypto.randomUUID().slice(0, 8)} St`;
    // The geocoder does not answer: the create waits for its timeout (1.5 s in tests) between its turns.
    await answerGeocoder(street, { kind: "hang" });
    const creating = company.call("POST", "/entities/exposure", key, {
      body: { exposureName: "Slow", riskAddress: { enteredAddress: { address1: street, countryCode: "US" } } },
    });
    await untilGeocoderAsked(street);
    // Its first turn wrote nothing, so the field it sends is unused and may go.
    const removal = withAddress.filter((f) => f.referenceId !== "exposureName");
    const imported = await company.call("POST", "/configuration/import", key, { body: { fieldDefinitions: removal } });
    expect(imported.status, imported.text).toBe(200);
    // Its next turn reads the new configuration, where exposureName is no field: refused, nothing stranded.
    const created = await creating;
    expect(created.status, created.text).toBe(400);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM entities WHERE company_id = ?")
      .bind(company.id)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it("either refuses the removal or leaves no stored record holding the removed field", async () => {
    for (let round = 0; round < 3; round++) {
      const { company, key } = await setUp();
      const creates = Array.from({ length: 20 }, (_, i) =>
        company.call("POST", "/entities/exposure", key, { body: { exposureName: `Truck ${i}` } }),
      );
      const importing = company.call("POST", "/configuration/import", key, {
        body: { fieldDefinitions: without("exposureName") },
      });
      const [imported, ...created] = await Promise.all([importing, ...creates]);
      const stored = await env.DB.prepare(
        "SELECT count(*) AS n FROM entities WHERE company_id = ? AND json_extract(data, '$.exposureName') IS NOT NULL",
      )
        .bind(company.id)
        .first<{ n: number }>();
      const holding = stored?.n ?? 0;
      if (imported?.status === 200) {
        expect(holding).toBe(0);
        // Creates after the import are refused: the field no longer exists.
        for (const res of created) expect([201, 400]).toContain(res.status);
        expect(created.filter((r) => r.status === 201)).toHaveLength(0);
      } else {
        expectError(imported ?? { status: 0, json: null }, 409, "BreakingConfigurationChange");
        expect(holding).toBe(created.filter((r) => r.status === 201).length);
        expect(holding).toBeGreaterThan(0);
      }
    }
  });
});

describe("the import route states the gate", () => {
  it("describes CONTRACT section 2's gate with the list of places it checks", async () => {
    const operation = (await call("GET", "/openapi.json")).json.paths[
      "/api/v1/companies/{companyId}/configuration/import"
    ].post;
    for (const text of [
      "Breaking-change gate",
      "`BreakingConfigurationChange`",
      "Group sub-fields",
      "custom-object records",
      "embedded exposures",
      "policy version data",
      "relationship links",
      "JSON type",
    ])
      expect(operation.description).toContain(text);
  });
});
