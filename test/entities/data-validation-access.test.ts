import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createCompany, expectError, staff, type TestCompany } from "../support/harness";
import { must } from "../support/must";
import { expectDisplayable } from "../support/user-messages";

/**
 * Data validation access and bounds (CONTRACT section 4, "Data validation", and 8.3; issue 11): the view
 * permission of each type read, each type once, at most 3 runs under way.
 */

const CONFIGURATION = {
  fieldDefinitions: [{ entityType: "person", referenceId: "name", label: "Name", typeInfo: { kind: "String" } }],
  customObjects: [{ key: "vehicle", name: "Vehicle", pluralizedName: "Vehicles", subFields: [] }],
};

async function configured() {
  const company = await createCompany();
  const admin = await company.key(["SUPER_ADMIN"]);
  expect((await company.call("POST", "/configuration/import", admin, { body: CONFIGURATION })).status).toBe(200);
  expect((await company.call("POST", "/entities/person", admin, { body: { name: "Secret Name" } })).status).toBe(201);
  return { company, admin };
}

const runCount = async (company: TestCompany) =>
  must(
    await env.DB.prepare("SELECT COUNT(*) AS n FROM data_validation_runs WHERE company_id = ?")
      .bind(company.id)
      .first<{ n: number }>(),
  ).n;

describe("the view permission of each type read", () => {
  it("a key with configuration.view alone cannot read a type's records through validation (403, nothing stored)", async () => {
    const { company } = await configured();
    const configOnly = await company.key([], ["configuration.view"]);
    const batch = await company.call("POST", "/data-validation/batch", configOnly, { body: { entityType: "person" } });
    const error = expectError(batch, 403, "AuthorizationError");
    expect(error.userMessages).toEqual(["Validating these records needs permission to view person records."]);
    expectDisplayable(error.userMessages, "one type");
    const several = expectError(
      await company.call("POST", "/data-validation/runs", configOnly, { body: { entityTypes: ["person", "vehicle"] } }),
      403,
      "AuthorizationError",
    );
    expect(several.userMessages).toEqual([
      "Validating these records needs permission to view person and custom object records.",
    ]);
    expect(batch.text).not.toContain("Secret Name");
    for (const body of [{ entityTypes: ["person"] }, { entityTypes: ["vehicle"] }, { entityTypes: ["policy"] }, {}]) {
      expectError(await company.call("POST", "/data-validation/runs", configOnly, { body }), 403, "AuthorizationError");
    }
    expect(await runCount(company)).toBe(0);
    const allowed = await company.key([], ["configuration.view", "person.view"]);
    const ok = await company.call("POST", "/data-validation/batch", allowed, { body: { entityType: "person" } });
    expect(ok.status).toBe(200);
  });

  it("reading a run's findings needs the view permissions of its types, whoever started it", async () => {
    const { company, admin } = await configured();
    const started = await company.call("POST", "/data-validation/runs", admin, { body: { entityTypes: ["person"] } });
    expect(started.status).toBe(202);
    const path = `/data-validation/runs/${started.json.runId}`;
    const configOnly = await company.key([], ["configuration.view"]);
    expect((await company.call("GET", path, configOnly)).status).toBe(200);
    expectError(await company.call("GET", `${path}/findings`, configOnly), 403, "AuthorizationError");
    const reader = await company.key([], ["configuration.view", "person.view"]);
    expect((await company.call("GET", `${path}/findings`, reader)).status).toBe(200);
  });
});

describe("each type once", () => {
  it("a ReadOnly key naming one type 50,000 times is refused 400 before anything is read (was out of memory)", async () => {
    const { company } = await configured();
    const reader = await company.key(["ReadOnly"]);
    const started = Date.now();
    const many = await company.call("POST", "/data-validation/runs", reader, {
      body: { entityTypes: Array.from({ length: 50_000 }, () => "person") },
    });
    expect(expectError(many, 400, "VALIDATION_ERROR").details).toEqual([
      { field: "entityTypes", message: "must have at most 256 items" },
    ]);
    const twice = await company.call("POST", "/data-validation/runs", reader, {
      body: { entityTypes: ["person", "PERSON", "vehicle", "vehicle"] },
    });
    expect(expectError(twice, 400, "VALIDATION_ERROR").details).toEqual([
      { field: "entityTypes[1]", message: "names a type already listed" },
      { field: "entityTypes[3]", message: "names a type already listed" },
    ]);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await runCount(company)).toBe(0);
    const other = await createCompany();
    expect((await other.call("GET", "/entity-types", await other.key([]))).status).toBe(200);
  });
});

describe("at most 3 runs queued or running per company", () => {
  async function storeRuns(company: TestCompany, count: number, status: string) {
    for (let i = 0; i < count; i++) {
      await env.DB.prepare(
        "INSERT INTO data_validation_runs (id, company_id, status, entity_types, step, cursor_type_index, total_count, processed_count, failed_attempts, created_at) VALUES (?, ?, ?, '[\"person\"]', 0, 0, 0, 0, 0, ?)",
      )
        .bind(crypto.randomUUID(), company.id, status, new Date().toISOString())
        .run();
    }
  }

  it("a fourth is 429 TooManyDataValidationRuns and nothing is stored, concurrent starts included", async () => {
    const { company, admin } = await configured();
    await storeRuns(company, 2, "running");
    await storeRuns(company, 1, "queued");
    await storeRuns(company, 4, "succeeded");
    const attempts = await Promise.all(
      Array.from({ length: 4 }, () =>
        company.call("POST", "/data-validation/runs", admin, { body: { entityTypes: ["person"] } }),
      ),
    );
    for (const res of attempts) {
      expectError(
        res,
        429,
        "TooManyDataValidationRuns",
        "The company already has 3 data validation runs queued or running",
      );
    }
    expect(await runCount(company)).toBe(7);
  });

  it("finished runs do not count; another company's runs do not count", async () => {
    const { company, admin } = await configured();
    await storeRuns(company, 2, "queued");
    await storeRuns(company, 5, "failed");
    const other = await configured();
    await storeRuns(other.company, 3, "running");
    const res = await company.call("POST", "/data-validation/runs", admin, { body: { entityTypes: ["person"] } });
    expect(res.status, res.text).toBe(202);
  });
});

describe("a batch writes nothing, so it is a read (CONTRACT 4, Lifecycle access: a retired company's keys can read)", () => {
  it("answers a retired company's key; starting a background run, which records one, stays refused", async () => {
    const { company, admin } = await configured();
    expect((await staff("PATCH", `/admin/companies/${company.id}`, { lifecycle: "retired" })).status).toBe(200);
    const batch = await company.call("POST", "/data-validation/batch", admin, { body: { entityType: "person" } });
    expect(batch.status, batch.text).toBe(200);
    expect(batch.json.totalCount).toBe(1);
    expectError(
      await company.call("POST", "/data-validation/runs", admin, { body: { entityTypes: ["person"] } }),
      409,
      "CompanyLifecycleRefused",
    );
  });
});
