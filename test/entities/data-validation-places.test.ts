import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createCompany, eventually, type TestCompany } from "../support/harness";

/**
 * Issue 10, item 4: data validation sees every stored value. One bad value in each place data lives is
 * found, with a field path that locates it; good data there adheres.
 */
const CONFIGURATION = {
  optionSets: [
    {
      key: "kinds",
      options: [
        { value: "vehicle", label: "Vehicle" },
        { value: "building", label: "Building" },
      ],
    },
  ],
  fieldDefinitions: [
    { entityType: "exposure", referenceId: "exposureName", label: "Name", typeInfo: { kind: "String" } },
    { entityType: "exposure", referenceId: "year", label: "Year", typeInfo: { kind: "Integer" } },
    {
      entityType: "exposure",
      referenceId: "tags",
      label: "Tags",
      typeInfo: { kind: "MultiSelect", optionSet: "kinds" },
    },
    {
      entityType: "exposure",
      referenceId: "drivers",
      label: "Drivers",
      typeInfo: {
        kind: "Group",
        subFields: [
          { referenceId: "age", label: "Age", typeInfo: { kind: "Integer" } },
          { referenceId: "home", label: "Home", typeInfo: { kind: "Object: AddressV2" } },
        ],
      },
    },
    { entityType: "quote", referenceId: "quoteNote", label: "Note", typeInfo: { kind: "String" } },
    { entityType: "policy", referenceId: "limit", label: "Limit", typeInfo: { kind: "Integer" } },
  ],
  customObjects: [
    {
      key: "vehicle",
      name: "Vehicle",
      pluralizedName: "Vehicles",
      subFields: [{ referenceId: "vin", label: "VIN", typeInfo: { kind: "String" } }],
    },
  ],
};

async function setUp() {
  const company = await createCompany();
  const admin = await company.key(["SUPER_ADMIN"]);
  expect((await company.call("POST", "/configuration/import", admin, { body: CONFIGURATION })).status).toBe(200);
  return { company, admin, reader: await company.key(["ReadOnly"]) };
}

let clock = Date.parse("2031-01-01T00:00:00.000Z");
const nextTime = () => new Date(clock++).toISOString();

async function storeRecord(company: TestCompany, entityType: string, data: object, kind = "entity") {
  const id = crypto.randomUUID();
  const at = nextTime();
  await env.DB.prepare(
    "INSERT INTO entities (id, company_id, kind, entity_type, data, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)",
  )
    .bind(id, company.id, kind, entityType, JSON.stringify(data), at, at)
    .run();
  return id;
}

/** A policy with one version per entry of `segmentData` (each version a single segment holding that data). */
async function storePolicy(company: TestCompany, segmentData: object[], restore: object | null = null) {
  const policyId = crypto.randomUUID();
  const at = nextTime();
  await env.DB.prepare(
    "INSERT INTO policies (id, company_id, policy_number, current_version, status, previous_policy_id, term_start, term_end, created_at, updated_at) VALUES (?, ?, ?, ?, 'active', NULL, '2026-01-01', '2027-01-01', ?, ?)",
  )
    .bind(policyId, company.id, `P-${policyId.slice(0, 8)}`, segmentData.length, at, at)
    .run();
  for (const [index, data] of segmentData.entries()) {
    const segment = (d: object) => ({ startDate: "2026-01-01", endDate: "2027-01-01", data: d });
    const coverage = {
      termStart: "2026-01-01",
      termEnd: "2027-01-01",
      segments: [segment(data)],
      cancellation: restore ? { effectiveDate: "2026-06-01", restore: [segment(restore)] } : null,
    };
    await env.DB.prepare(
      "INSERT INTO policy_versions (id, company_id, policy_id, version, action, transaction_timestamp, display_author, effective_date, start_date, end_date, coverage, created_at) VALUES (?, ?, ?, ?, 'NEW_BUSINESS', ?, 'test', '2026-01-01', '2026-01-01', '2027-01-01', ?, ?)",
    )
      .bind(crypto.randomUUID(), company.id, policyId, index + 1, at, JSON.stringify(coverage), at)
      .run();
  }
  return policyId;
}

async function findingsOf(company: TestCompany, key: string, entityType: string) {
  const res = await company.call("POST", "/data-validation/batch", key, { body: { entityType } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.items as Array<{ entityId: string; adheres: boolean; extraKeys: string[]; issues: any[] }>;
}

const issue = (fieldPath: string[], message: string, code = "invalid-value") => ({
  message,
  fieldPath,
  severity: "error",
  code,
});

describe("data validation finds a bad value in each place data lives", () => {
  it("top-level values, Group entries and a MultiSelect left scalar by a forced Select → MultiSelect", async () => {
    const { company, reader } = await setUp();
    const good = await storeRecord(company, "exposure", {
      exposureName: "A",
      tags: ["vehicle"],
      drivers: [{ age: 30 }],
    });
    const bad = await storeRecord(company, "exposure", { year: "old", tags: "vehicle", drivers: [{ age: 3.5 }] });
    const findings = await findingsOf(company, reader, "exposure");
    expect(findings.find((f) => f.entityId === good)).toMatchObject({ adheres: true, issues: [] });
    expect(findings.find((f) => f.entityId === bad)?.issues).toEqual([
      issue(["year"], "year must be a whole number"),
      issue(["tags"], "tags must be a list of option values"),
      issue(["drivers", "0", "age"], "drivers[0].age must be a whole number"),
    ]);
  });

  it("custom-object sub-fields", async () => {
    const { company, reader } = await setUp();
    const id = await storeRecord(company, "vehicle", { vin: 42 }, "customObject");
    const [finding] = await findingsOf(company, reader, "vehicle");
    expect(finding).toMatchObject({ entityId: id, adheres: false, issues: [issue(["vin"], "vin must be text")] });
  });

  it("a quote's embedded exposures: checked against the exposure fields, no longer an extra key", async () => {
    const { company, reader } = await setUp();
    const good = await storeRecord(company, "quote", { quoteNote: "n", exposures: [{ exposureName: "A" }] });
    const bad = await storeRecord(company, "quote", {
      exposures: [{ exposureName: "A" }, { year: 2.5, tags: ["boat"], legacy: 1 }],
    });
    const findings = await findingsOf(company, reader, "quote");
    expect(findings.find((f) => f.entityId === good)).toMatchObject({ adheres: true, extraKeys: [], issues: [] });
    expect(findings.find((f) => f.entityId === bad)).toMatchObject({
      adheres: false,
      extraKeys: [],
      issues: [
        issue(["exposures", "1", "legacy"], "exposures[1].legacy is not an exposure field"),
        issue(["exposures", "1", "year"], "exposures[1].year must be a whole number"),
        issue(
          ["exposures", "1", "tags"],
          'exposures[1].tags has values that are not options: "boat" (allowed: "vehicle", "building")',
        ),
      ],
    });
  });

  it("policy version data: every version's segments and restored segments, and their exposures", async () => {
    // Data carried forward unchanged (the restored segment of both versions) is checked once.
    const { company, reader } = await setUp();
    const good = await storePolicy(company, [{ limit: 100, exposures: [{ exposureName: "Barn" }] }]);
    const bad = await storePolicy(
      company,
      [{ limit: "lots" }, { limit: "lots", removedField: true, exposures: [{ year: "x" }] }],
      { limit: 1.5 },
    );
    const findings = await findingsOf(company, reader, "Policy");
    expect(findings.find((f) => f.entityId === good)).toMatchObject({ adheres: true, issues: [] });
    const finding = findings.find((f) => f.entityId === bad);
    expect(finding?.extraKeys).toEqual(["removedField"]);
    expect(finding?.issues).toEqual([
      issue(
        ["versions", "1", "segments", "0", "data", "limit"],
        "versions[1].segments[0].data.limit must be a whole number",
      ),
      issue(
        ["versions", "1", "restoredSegments", "0", "data", "limit"],
        "versions[1].restoredSegments[0].data.limit must be a whole number",
      ),
      issue(
        ["versions", "2", "segments", "0", "data", "limit"],
        "versions[2].segments[0].data.limit must be a whole number",
      ),
      issue(
        ["versions", "2", "segments", "0", "data", "exposures", "0", "year"],
        "versions[2].segments[0].data.exposures[0].year must be a whole number",
      ),
    ]);
  });

  it("applies the Address → AddressV2 migration inside Group entries (a legacy value there adheres)", async () => {
    const { company, reader } = await setUp();
    const id = await storeRecord(company, "exposure", {
      drivers: [{ age: 40, home: { street: "1 Elm St", city: "Boston", county: "Suffolk" } }],
    });
    const [finding] = await findingsOf(company, reader, "exposure");
    expect(finding).toMatchObject({ entityId: id, adheres: true, issues: [] });
    // Reads show it in the AddressV2 shape too.
    const read = await company.call("GET", `/entities/exposure/${id}`, await company.key(["Admin"]));
    expect(read.json.data.drivers[0].home).toMatchObject({
      enteredAddress: { address1: "1 Elm St", city: "Boston" },
      geocode: { source: "legacyAddress", county: "Suffolk" },
    });
  });

  it("a background run covers policies too (one finding per policy)", async () => {
    const { company, reader } = await setUp();
    const policyId = await storePolicy(company, [{ limit: "lots" }]);
    const started = await company.call("POST", "/data-validation/runs", reader, { body: { entityTypes: ["policy"] } });
    expect(started.status).toBe(202);
    expect(started.json).toMatchObject({ entityTypes: ["policy"], totalCount: 1 });
    const run = await eventually(
      () => company.call("GET", `/data-validation/runs/${started.json.runId}`, reader),
      (r) => r.json?.status === "succeeded",
      45_000,
    );
    expect(run.json).toMatchObject({ status: "succeeded", processedCount: 1 });
    const findings = await company.call("GET", `/data-validation/runs/${started.json.runId}/findings`, reader);
    expect(findings.json.items).toEqual([
      expect.objectContaining({ entityType: "policy", entityId: policyId, adheres: false }),
    ]);
  });
});
