import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createCompany, expectError, staff, type TestCompany } from "../support/harness";
import { must } from "../support/must";
import { expectDisplayable } from "../support/user-messages";
import { BASE_DOCUMENT } from "./documents";

async function setUp(lifecycle: "sandbox" | "live" = "sandbox") {
  const company = await createCompany(lifecycle);
  const key = await company.key(["SUPER_ADMIN"]);
  const imported = await company.call("POST", "/configuration/import", key, { body: BASE_DOCUMENT });
  expect(imported.status).toBe(200);
  return { company, key };
}

const exportOf = async (company: TestCompany, key: string) =>
  (await company.call("GET", "/configuration/export", key)).json;

describe("import", () => {
  it("reports what changed per category", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const res = await company.call("POST", "/configuration/import", key, { body: BASE_DOCUMENT });
    expect(res.status).toBe(200);
    expect(res.json.changed).toBe(true);
    expect(res.json.changes.fieldDefinitions).toEqual({ additions: 5, updates: 0, deletes: 0, unchanged: 0 });
    expect(res.json.changes.optionSets).toEqual({ additions: 1, updates: 0, deletes: 0, unchanged: 0 });
    expect(res.json.changes.relationships.additions).toBe(1);
    expect(res.json.contentHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(res.json.contentHash).not.toBe(res.json.previousContentHash);

    const next = {
      fieldDefinitions: [
        { ...BASE_DOCUMENT.fieldDefinitions[0], label: "Name" },
        ...BASE_DOCUMENT.fieldDefinitions.slice(1, 4),
      ],
    };
    const second = await company.call("POST", "/configuration/import", key, { body: next });
    expect(second.json.changes.fieldDefinitions).toEqual({ additions: 0, updates: 1, deletes: 1, unchanged: 3 });
    expect(second.json.changes.optionSets).toEqual({ additions: 0, updates: 0, deletes: 0, unchanged: 1 });
  });

  it("keeps members the document omits and replaces members it gives", async () => {
    const { company, key } = await setUp();
    await company.call("POST", "/configuration/import", key, { body: { folderCategories: { policy: ["Claims"] } } });
    const exported = await exportOf(company, key);
    expect(exported.folderCategories).toEqual({ policy: ["Claims"] });
    expect(exported.fieldDefinitions).toHaveLength(5);
  });

  it("accepts legacy type with JSON-string typeArgs and exports only typeInfo", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const res = await company.call("POST", "/configuration/import", key, {
      body: {
        optionSets: [{ key: "lossCauses", options: [{ value: "fire", label: "Fire" }] }],
        fieldDefinitions: [
          {
            entityType: "event",
            referenceId: "lossCause",
            label: "Loss cause",
            type: "Select",
            typeArgs: '{"optionSet":"lossCauses"}',
          },
          { entityType: "event", referenceId: "note", label: "Note", type: "String", typeInfo: { kind: "String" } },
        ],
      },
    });
    expect(res.status).toBe(200);
    const [lossCause, note] = (await exportOf(company, key)).fieldDefinitions;
    expect(lossCause.typeInfo).toEqual({ kind: "Select", optionSet: "lossCauses" });
    expect(lossCause).not.toHaveProperty("type");
    expect(lossCause).not.toHaveProperty("typeArgs");
    expect(note.typeInfo).toEqual({ kind: "String" });
  });

  it("refuses typeInfo and type/typeArgs that disagree, naming the field", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const res = await company.call("POST", "/configuration/import", key, {
      body: {
        fieldDefinitions: [
          {
            entityType: "event",
            referenceId: "lossCause",
            label: "Cause",
            type: "Number",
            typeInfo: { kind: "String" },
          },
        ],
      },
    });
    const error = expectError(res, 400, "InvalidConfiguration");
    expect(error.details).toEqual([
      { field: "fieldDefinitions.0.typeInfo", message: 'Field "lossCause": typeInfo and type/typeArgs disagree' },
    ]);
    expect(error.userMessages[0]).toContain("lossCause");
  });

  it("refuses mixing the retired format's members into a unified document", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    for (const member of ["objectTypes", "objects", "optionSetTypes"]) {
      const res = await company.call("POST", "/configuration/import", key, { body: { optionSets: [], [member]: [] } });
      expect(must(expectError(res, 400, "InvalidConfiguration").details[0]).field).toBe(member);
    }
  });

  it("treats writePermission as kebab-case (an empty name is refused) and null as clearing it", async () => {
    const { company, key } = await setUp();
    const bad = {
      fieldDefinitions: [
        {
          entityType: "event",
          referenceId: "lossDate",
          label: "Loss date",
          typeInfo: { kind: "Date" },
          writePermission: "ClaimsHandling",
        },
      ],
    };
    expect(
      must(
        expectError(
          await company.call("POST", "/configuration/import", key, { body: bad }),
          400,
          "InvalidConfiguration",
        ).details[0],
      ).field,
    ).toBe("fieldDefinitions.0.writePermission");
    // An empty name is no group name either: it would offer the write group `event.field-`.
    const empty = { fieldDefinitions: [{ ...bad.fieldDefinitions[0], writePermission: "" }] };
    const refused = expectError(
      await company.call("POST", "/configuration/import", key, { body: empty }),
      400,
      "InvalidConfiguration",
    );
    expect(refused.details).toEqual([
      { field: "fieldDefinitions.0.writePermission", message: 'Field "lossDate": writePermission must be kebab-case' },
    ]);
    const validated = await company.call("POST", "/configuration/validate", key, { body: empty });
    expect(validated.json.issues.map((i: { code: string }) => i.code)).toEqual(["invalid-write-permission"]);
    const cleared = {
      fieldDefinitions: [
        {
          entityType: "event",
          referenceId: "lossDate",
          label: "Loss date",
          typeInfo: { kind: "Date" },
          writePermission: null,
        },
      ],
    };
    expect((await company.call("POST", "/configuration/import", key, { body: cleared })).status).toBe(200);
    expect((await exportOf(company, key)).fieldDefinitions[0].writePermission).toBeNull();
  });

  it("accepts only the five rating stage properties and stores warnings and preconditions", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const bad = { ratingWorkflows: [{ name: "w", stages: [{ stageType: "table", retries: 3 }] }] };
    expect(
      must(
        expectError(
          await company.call("POST", "/configuration/import", key, { body: bad }),
          400,
          "InvalidConfiguration",
        ).details[0],
      ).field,
    ).toBe("ratingWorkflows.0.stages.0.retries");
    const good = {
      ratingWorkflows: [
        {
          name: "w",
          stages: [
            {
              stageType: "table",
              raterSpec: { rows: [{ match: { a: 1 }, value: 10 }], default: 5 },
              callOncePerPath: true,
              outputPath: "premium",
              inputs: { a: "exposure.count" },
            },
          ],
          warnings: [{ expression: "premium > 0", message: "positive" }],
          preconditions: [{ expression: "state != null", message: "state needed" }],
          billingPreconditions: [{ expression: "billing != null", message: "billing needed" }],
        },
      ],
    };
    expect((await company.call("POST", "/configuration/import", key, { body: good })).status).toBe(200);
    expect((await exportOf(company, key)).ratingWorkflows).toEqual(good.ratingWorkflows);
  });

  it("refuses financials documentVersion 1 as unsupported", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const res = await company.call("POST", "/configuration/import", key, {
      body: { financials: { documentVersion: 1 } },
    });
    const error = expectError(res, 400, "InvalidConfiguration");
    expect(error.details).toEqual([
      {
        field: "financials.documentVersion",
        message: "Financials configuration documentVersion 1 is not supported; use documentVersion 2",
      },
    ]);
  });

  it("stores policy financials and reports the payment and payee defaults it created", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const financials = {
      documentVersion: 2,
      categories: [{ name: "Indemnity", kind: "reserved", expectedDirection: "payable" }],
      policyFinancials: {
        invoiceTypes: [
          { name: "premium", payeeDefaults: { expression: "policy.broker", allowedEntityTypes: ["organization"] } },
          { name: "fees" },
        ],
        lineItemTypes: [{ name: "Gross premium", direction: "receivable", allowedOn: [{ invoiceType: "premium" }] }],
        paymentDefaults: {
          paymentPeriod: "quarterly",
          firstDueDate: { anchor: "effective-date", daysAfter: 30 },
          avoidWeekendSends: true,
        },
      },
    };
    const res = await company.call("POST", "/configuration/import", key, { body: { financials } });
    expect(res.status).toBe(200);
    expect(res.json.changes.paymentDefaultsCreated).toBe(true);
    expect(res.json.changes.payeeDefaultsCreated).toBe(1);
    const exported = (await exportOf(company, key)).financials;
    expect(exported.policyFinancials.lineItemTypes).toEqual([
      {
        name: "Gross premium",
        direction: "receivable",
        lifecycle: "active",
        allowedOn: [{ invoiceType: "premium", label: null }],
        category: null,
        pricingKind: null,
      },
    ]);
    // Invoice types apply to events and policies unless they say otherwise (CONTRACT section 7.2).
    expect(exported.policyFinancials.invoiceTypes.map((t: any) => t.appliesTo)).toEqual([
      ["event", "policy"],
      ["event", "policy"],
    ]);
    expect(exported.categories[0]).toEqual({
      name: "Indemnity",
      kind: "reserved",
      expectedDirection: "payable",
      deprecatedAt: null,
    });

    const again = await company.call("POST", "/configuration/import", key, { body: { financials } });
    expect(again.json.changes.paymentDefaultsCreated).toBe(false);
    expect(again.json.changes.payeeDefaultsCreated).toBe(0);

    const flipped = structuredClone(financials);
    must(flipped.policyFinancials.lineItemTypes[0]).direction = "payable";
    const refused = await company.call("POST", "/configuration/import", key, { body: { financials: flipped } });
    expect(must(expectError(refused, 400, "InvalidConfiguration").details[0]).field).toBe(
      "financials.policyFinancials.lineItemTypes.0.direction",
    );
  });

  it("refuses references to undeclared option sets, invoice types and cards, with paths", async () => {
    const company = await createCompany();
    const key = await company.key(["Admin"]);
    const res = await company.call("POST", "/configuration/import", key, {
      body: {
        fieldDefinitions: [
          {
            entityType: "quote",
            referenceId: "state",
            label: "State",
            typeInfo: { kind: "Select", optionSet: "states" },
          },
        ],
        cardSections: [{ key: "s1", cardKey: "nowhere", title: "S" }],
        financials: {
          documentVersion: 2,
          policyFinancials: {
            lineItemTypes: [{ name: "Tax", direction: "payable", allowedOn: [{ invoiceType: "ghost" }] }],
          },
        },
      },
    });
    const fields = expectError(res, 400, "InvalidConfiguration").details.map((d) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        "fieldDefinitions.0.typeInfo.optionSet",
        "cardSections.0.cardKey",
        "financials.policyFinancials.lineItemTypes.0.allowedOn.0.invoiceType",
      ]),
    );
  });

  it("changes nothing when refused", async () => {
    const { company, key } = await setUp();
    const before = await exportOf(company, key);
    const res = await company.call("POST", "/configuration/import", key, {
      body: {
        optionSets: [],
        fieldDefinitions: [{ entityType: "exposure", referenceId: "x", label: "X", typeInfo: { kind: "Teleport" } }],
      },
    });
    expectError(res, 400, "InvalidConfiguration");
    expect(await exportOf(company, key)).toEqual(before);
  });
});

describe("export", () => {
  it("carries every member in canonical form with the content hash", async () => {
    const { company, key } = await setUp();
    const exported = await exportOf(company, key);
    expect(Object.keys(exported)).toEqual([
      "documentVersion",
      "fieldDefinitions",
      "optionSets",
      "customObjects",
      "relationships",
      "cardDefinitions",
      "cardSections",
      "fieldLocations",
      "folderCategories",
      "ratingWorkflows",
      "financials",
      "contentHash",
    ]);
    expect(exported).not.toHaveProperty("objectPrimitives");
    expect(exported.fieldDefinitions[4]).toEqual({
      entityType: "policy",
      referenceId: "policyCode",
      label: "Policy code",
      description: null,
      typeInfo: { kind: "Sequence", prefix: "P-", padding: 6 },
      required: false,
      readOnly: false,
      writePermission: null,
      computedDefault: null,
      generatedAt: "bind",
    });
  });

  it("exports the empty canonical document for a company that never imported", async () => {
    const company = await createCompany();
    const exported = await exportOf(company, await company.key(["Admin"]));
    expect(exported.fieldDefinitions).toEqual([]);
    expect(exported.financials).toEqual({
      documentVersion: 2,
      categories: [],
      policyFinancials: { lineItemTypes: [], paymentDefaults: null, invoiceTypes: [] },
    });
    expect(exported.contentHash).toMatch(/^sha256:/);
  });

  it("re-imports as a no-op: same hash, zero changes", async () => {
    const { company, key } = await setUp();
    const exported = await exportOf(company, key);
    const res = await company.call("POST", "/configuration/import", key, {
      body: { ...exported, objectPrimitives: [] },
    });
    expect(res.json.changed).toBe(false);
    expect(res.json.contentHash).toBe(exported.contentHash);
    for (const category of [
      "fieldDefinitions",
      "optionSets",
      "customObjects",
      "relationships",
      "cardDefinitions",
      "cardSections",
      "fieldLocations",
      "ratingWorkflows",
    ]) {
      expect(res.json.changes[category]).toMatchObject({ additions: 0, updates: 0, deletes: 0 });
    }
    expect(res.json.warnings.map((w: any) => w.code)).toContain("ignored-member");
  });
});

describe("expectedContentHash", () => {
  it.each(["query", "body"])("refuses a stale hash given in the %s with 409 and changes nothing", async (where) => {
    const { company, key } = await setUp();
    const before = await exportOf(company, key);
    const stale = "sha256:0000";
    const body = { folderCategories: { policy: [] }, ...(where === "body" ? { expectedContentHash: stale } : {}) };
    const path = where === "query" ? `/configuration/import?expectedContentHash=${stale}` : "/configuration/import";
    expectError(await company.call("POST", path, key, { body }), 409, "ContentHashMismatch");
    expect(await exportOf(company, key)).toEqual(before);
    const fresh = await company.call("POST", `/configuration/import?expectedContentHash=${before.contentHash}`, key, {
      body,
    });
    // A hash in the query does not excuse a stale one in the body: every hash given must match.
    expect(fresh.status).toBe(where === "query" ? 200 : 409);
  });
});

describe("import refusals read as sentences for people (interface, Errors: userMessages)", () => {
  it("names an expectedContentHash that is not text and a member that is not a list in words", async () => {
    const { company, key } = await setUp();
    const hash = expectError(
      await company.call("POST", "/configuration/import", key, { body: { expectedContentHash: 5 } }),
      400,
      "VALIDATION_ERROR",
    );
    expect(hash.userMessages).toEqual(["Expected content hash must be text."]);
    expectDisplayable(hash.userMessages, "expectedContentHash");
    const list = expectError(
      await company.call("POST", "/configuration/import", key, { body: { fieldDefinitions: 5 } }),
      400,
      "InvalidConfiguration",
    );
    expect(list.userMessages).toEqual(["Field definitions must be a list."]);
    expect(list.details).toEqual([{ field: "fieldDefinitions", message: "Field definitions must be a list" }]);
    expectDisplayable(list.userMessages, "fieldDefinitions");
  });
});

describe("the breaking-change gate", () => {
  async function storeExposure(company: TestCompany, data: Record<string, unknown>) {
    const now = new Date().toISOString();
    await env.DB.prepare(
      "INSERT INTO entities (id, company_id, kind, entity_type, data, version, created_at, updated_at) VALUES (?, ?, 'entity', 'exposure', ?, 1, ?, ?)",
    )
      .bind(crypto.randomUUID(), company.id, JSON.stringify(data), now, now)
      .run();
  }

  const withoutField = (referenceId: string) => ({
    fieldDefinitions: BASE_DOCUMENT.fieldDefinitions.filter((f) => f.referenceId !== referenceId),
  });

  it("allows removing a field no data uses", async () => {
    const { company, key } = await setUp();
    expect(
      (await company.call("POST", "/configuration/import", key, { body: withoutField("exposureName") })).status,
    ).toBe(200);
  });

  it("refuses removing a field while data uses it, naming the path", async () => {
    const { company, key } = await setUp();
    await storeExposure(company, { exposureName: "Truck 7" });
    const before = await exportOf(company, key);
    const res = await company.call("POST", "/configuration/import", key, { body: withoutField("exposureName") });
    const error = expectError(res, 409, "BreakingConfigurationChange");
    expect(error.details).toEqual([
      {
        field: "fieldDefinitions.exposure.exposureName",
        message: 'The exposure field "exposureName" is removed while 1 stored record use it',
      },
    ]);
    expect(await exportOf(company, key)).toEqual(before);
  });

  it("refuses changing a used field's kind, but not Address to AddressV2", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    const fields = (address: string, name: string) => ({
      fieldDefinitions: [
        { entityType: "exposure", referenceId: "location", label: "Location", typeInfo: { kind: address } },
        { entityType: "exposure", referenceId: "exposureName", label: "Name", typeInfo: { kind: name } },
      ],
    });
    await company.call("POST", "/configuration/import", key, { body: fields("Object: Address", "String") });
    await storeExposure(company, { exposureName: "Depot", location: { street: "1 Main St", city: "Springfield" } });
    expect(
      (await company.call("POST", "/configuration/import", key, { body: fields("Object: AddressV2", "String") }))
        .status,
    ).toBe(200);
    expectError(
      await company.call("POST", "/configuration/import", key, { body: fields("Object: AddressV2", "Number") }),
      409,
      "BreakingConfigurationChange",
    );
  });

  it("refuses removing an option that stored values hold, in Select and MultiSelect fields", async () => {
    const { company, key } = await setUp();
    const shrink = { optionSets: [{ key: "exposureTypes", options: [{ value: "vehicle", label: "Vehicle" }] }] };
    expect((await company.call("POST", "/configuration/import", key, { body: shrink })).status).toBe(200);

    const second = await setUp();
    await storeExposure(second.company, { tags: ["vehicle", "building"] });
    const error = expectError(
      await second.company.call("POST", "/configuration/import", second.key, { body: shrink }),
      409,
      "BreakingConfigurationChange",
    );
    expect(must(error.details[0]).field).toBe("optionSets.exposureTypes.building");
  });

  it("refuses removing a custom object with records and a relationship with links", async () => {
    const { company, key } = await setUp();
    const drivers = { key: "drivers", from: "vehicle", to: "Person", cardinality: "N:N" };
    const withDrivers = await company.call("POST", "/configuration/import", key, {
      body: { relationships: [...BASE_DOCUMENT.relationships, drivers] },
    });
    expect(withDrivers.status, withDrivers.text).toBe(200);
    const now = new Date().toISOString();
    await env.DB.prepare(
      "INSERT INTO entities (id, company_id, kind, entity_type, data, version, created_at, updated_at) VALUES (?, ?, 'customObject', 'vehicle', '{}', 1, ?, ?)",
    )
      .bind(crypto.randomUUID(), company.id, now, now)
      .run();
    await env.DB.prepare(
      "INSERT INTO relationship_links (id, company_id, relationship_key, from_id, to_id, created_at) VALUES (?, ?, 'drivers', 'a', 'b', ?)",
    )
      .bind(crypto.randomUUID(), company.id, now)
      .run();
    const res = await company.call("POST", "/configuration/import", key, {
      body: { customObjects: [], relationships: [] },
    });
    expect(expectError(res, 409, "BreakingConfigurationChange").details.map((d) => d.field)).toEqual([
      "customObjects.vehicle",
      "relationships.drivers",
    ]);
  });

  it("lets ?force=true through on Sandbox with company.reset", async () => {
    const { company, key } = await setUp();
    await storeExposure(company, { exposureName: "Truck 7" });
    const res = await company.call("POST", "/configuration/import?force=true", key, {
      body: withoutField("exposureName"),
    });
    expect(res.status).toBe(200);
    expect(res.json.changes.fieldDefinitions.deletes).toBe(1);
  });

  it("refuses ?force=true without company.reset (403) and on a Live company for every caller (409)", async () => {
    const { company } = await setUp();
    const admin = await company.key(["Admin"]);
    expectError(
      await company.call("POST", "/configuration/import?force=true", admin, { body: {} }),
      403,
      "AuthorizationError",
    );

    const live = await setUp("live");
    const res = await live.company.call("POST", "/configuration/import?force=true", live.key, { body: {} });
    expectError(
      res,
      409,
      "CompanyLifecycleRefused",
      "A forced import is only available to Sandbox companies; this company is live",
    );

    // Permission before lifecycle on a retired company too: 403 for a key without company.reset, 409 for one with.
    const retired = await setUp();
    const retiredAdmin = await retired.company.key(["Admin"]);
    expect((await staff("PATCH", `/admin/companies/${retired.company.id}`, { lifecycle: "retired" })).status).toBe(200);
    const forbidden = expectError(
      await retired.company.call("POST", "/configuration/import?force=true", retiredAdmin, { body: {} }),
      403,
      "AuthorizationError",
    );
    expect(forbidden.userMessages).toEqual(["Forcing an import needs the company.reset permission."]);
    expectError(
      await retired.company.call("POST", "/configuration/import?force=true", retired.key, { body: {} }),
      409,
      "CompanyLifecycleRefused",
    );
  });
});

describe("configuration routes: permissions and company scope", () => {
  it("needs configuration.import to import and configuration.export to export", async () => {
    const company = await createCompany();
    const reader = await company.key(["ReadOnly"]);
    expectError(await company.call("POST", "/configuration/import", reader, { body: {} }), 403, "AuthorizationError");
    expectError(await company.call("GET", "/configuration/export", reader), 403, "AuthorizationError");
    const legacy = await company.key([], ["company.configuration:import", "company.configuration:export"]);
    expect((await company.call("POST", "/configuration/import", legacy, { body: {} })).status).toBe(200);
    expect((await company.call("GET", "/configuration/export", legacy)).status).toBe(200);
  });

  it("never shows or changes another company's configuration", async () => {
    const { company } = await setUp();
    const other = await createCompany();
    const otherKey = await other.key(["SUPER_ADMIN"]);
    for (const [method, path] of [
      ["GET", "/configuration/export"],
      ["POST", "/configuration/import"],
      ["POST", "/configuration/validate"],
      ["POST", "/configuration/compare"],
    ] as const) {
      expectError(
        await company.call(method, path, otherKey, method === "POST" ? { body: {} } : {}),
        403,
        "AuthorizationError",
      );
    }
    expect((await exportOf(other, otherKey)).fieldDefinitions).toEqual([]);
  });
});
