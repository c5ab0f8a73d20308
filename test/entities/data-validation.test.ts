import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createCompany, eventually, expectError, type TestCompany } from "../support/harness";
import { must } from "../support/must";
import { deliver } from "../support/queue";

const CONFIGURATION = {
  optionSets: [
    {
      key: "exposureTypes",
      options: [
        { value: "vehicle", label: "Vehicle" },
        { value: "building", label: "Building" },
      ],
    },
  ],
  fieldDefinitions: [
    {
      entityType: "exposure",
      referenceId: "exposureName",
      label: "Exposure name",
      typeInfo: { kind: "String" },
      required: true,
    },
    {
      entityType: "exposure",
      referenceId: "exposureType",
      label: "Exposure type",
      typeInfo: { kind: "Select", optionSet: "exposureTypes" },
    },
    { entityType: "exposure", referenceId: "vehicleCount", label: "Vehicle count", typeInfo: { kind: "Integer" } },
    {
      entityType: "exposure",
      referenceId: "drivers",
      label: "Drivers",
      typeInfo: {
        kind: "Group",
        subFields: [
          { referenceId: "driverName", label: "Driver name", typeInfo: { kind: "String" }, required: true },
          { referenceId: "age", label: "Age", typeInfo: { kind: "Integer" } },
        ],
      },
    },
    { entityType: "person", referenceId: "name", label: "Name", typeInfo: { kind: "String" }, required: true },
    { entityType: "event", referenceId: "lossDescription", label: "Loss description", typeInfo: { kind: "String" } },
  ],
  customObjects: [
    {
      key: "vehicle",
      name: "Vehicle",
      pluralizedName: "Vehicles",
      subFields: [{ referenceId: "vin", label: "VIN", typeInfo: { kind: "String" }, required: true }],
    },
  ],
};

const RUN_TIMEOUT_MS = 45_000;

async function configured() {
  const company = await createCompany();
  const admin = await company.key(["SUPER_ADMIN"]);
  const imported = await company.call("POST", "/configuration/import", admin, { body: CONFIGURATION });
  expect(imported.status).toBe(200);
  // Data validation needs configuration.view and the view permission of each type it reads (issue 11).
  const reader = await company.key(["ReadOnly"]);
  return { company, admin, reader };
}

let clock = Date.parse("2030-01-01T00:00:00.000Z");

/** Stores records as they are, bypassing the write rules: data an older configuration (or a bug) left behind. */
async function storeRecords(
  company: TestCompany,
  entityType: string,
  rows: Array<Record<string, unknown> | string>,
  kind = "entity",
): Promise<string[]> {
  const inserts = rows.map((data) => {
    const id = crypto.randomUUID();
    const at = new Date(clock++).toISOString();
    const text = typeof data === "string" ? data : JSON.stringify(data);
    return {
      id,
      statement: env.DB.prepare(
        "INSERT INTO entities (id, company_id, kind, entity_type, data, version, created_at, updated_at, created_by) VALUES (?, ?, ?, ?, ?, 1, ?, ?, NULL)",
      ).bind(id, company.id, kind, entityType, text, at, at),
    };
  });
  for (let i = 0; i < inserts.length; i += 50) await env.DB.batch(inserts.slice(i, i + 50).map((s) => s.statement));
  return inserts.map((s) => s.id);
}

const batch = (company: TestCompany, key: string, body: Record<string, unknown>) =>
  company.call("POST", "/data-validation/batch", key, { body });

async function startRun(company: TestCompany, key: string, body?: Record<string, unknown>) {
  const res = await company.call("POST", "/data-validation/runs", key, body === undefined ? {} : { body });
  expect(res.status, JSON.stringify(res.json)).toBe(202);
  return res.json.runId as string;
}

const readRun = (company: TestCompany, key: string, runId: string) =>
  company.call("GET", `/data-validation/runs/${runId}`, key);

async function finishedRun(company: TestCompany, key: string, runId: string) {
  const res = await eventually(
    () => readRun(company, key, runId),
    (r) => ["succeeded", "failed"].includes(r.json?.status),
    RUN_TIMEOUT_MS,
  );
  expect(res.json.status).toBe("succeeded");
  return res.json;
}

/** Every saved finding of a run, following the continuation rule `page * pageSize < totalCount`. */
async function allFindings(company: TestCompany, key: string, runId: string, query = "") {
  const items: any[] = [];
  let page = 1;
  for (;;) {
    const res = await company.call(
      "GET",
      `/data-validation/runs/${runId}/findings?page=${page}&pageSize=50${query}`,
      key,
    );
    expect(res.status).toBe(200);
    items.push(...res.json.items);
    if (page * res.json.pageSize >= res.json.totalCount)
      return { items, totalCount: res.json.totalCount as number, pages: page };
    page++;
  }
}

const stepMessage = (companyId: string, runId: string, step: number) => ({
  type: "data-validation.run-step",
  messageId: `${runId}:${step}`,
  companyId,
  payload: { runId, step },
});

describe("findings against the current configuration", () => {
  it("a record written through the API adheres", async () => {
    const { company, admin, reader } = await configured();
    const created = await company.call("POST", "/entities/exposure", admin, {
      body: { exposureName: "Truck 7", exposureType: "vehicle", drivers: [{ driverName: "Ada", age: 41 }] },
    });
    expect(created.status).toBe(201);
    const res = await batch(company, reader, { entityType: "exposure" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      items: [{ entityType: "exposure", entityId: created.json.id, adheres: true, extraKeys: [], issues: [] }],
      totalCount: 1,
      page: 1,
      pageSize: 100,
    });
  });

  it("reports extra keys and every value that does not fit its field", async () => {
    const { company, reader } = await configured();
    const [id] = await storeRecords(company, "exposure", [
      { exposureType: "boat", vehicleCount: "seven", drivers: [{ age: 3.5 }], legacyCode: "X-1", oldNotes: null },
    ]);
    const res = await batch(company, reader, { entityType: "exposure" });
    const [finding] = res.json.items;
    expect(finding.entityId).toBe(id);
    expect(finding.adheres).toBe(false);
    expect(finding.extraKeys).toEqual(["legacyCode", "oldNotes"]);
    expect(finding.issues).toEqual(
      expect.arrayContaining([
        {
          message: 'exposureType must be one of: "vehicle", "building"',
          fieldPath: ["exposureType"],
          severity: "error",
          code: "invalid-value",
        },
        {
          message: "vehicleCount must be a whole number",
          fieldPath: ["vehicleCount"],
          severity: "error",
          code: "invalid-value",
        },
        {
          message: "drivers[0].age must be a whole number",
          fieldPath: ["drivers", "0", "age"],
          severity: "error",
          code: "invalid-value",
        },
        {
          message: "drivers[0].driverName is required",
          fieldPath: ["drivers", "0", "driverName"],
          severity: "error",
          code: "required-field-missing",
        },
        {
          message: "exposureName is required",
          fieldPath: ["exposureName"],
          severity: "error",
          code: "required-field-missing",
        },
      ]),
    );
    expect(finding.issues).toHaveLength(5);
  });

  it("a record with only extra keys does not adhere", async () => {
    const { company, reader } = await configured();
    await storeRecords(company, "exposure", [{ exposureName: "Depot", retiredField: 1 }]);
    const [finding] = (await batch(company, reader, { entityType: "exposure" })).json.items;
    expect(finding).toMatchObject({ adheres: false, extraKeys: ["retiredField"], issues: [] });
  });

  it("judges stored records by the configuration as it is now", async () => {
    const { company, admin, reader } = await configured();
    const created = await company.call("POST", "/entities/exposure", admin, {
      body: { exposureName: "Yard", vehicleCount: 3 },
    });
    expect(created.status).toBe(201);
    expect((await batch(company, reader, { entityType: "exposure" })).json.items[0].adheres).toBe(true);

    // vehicleCount removed (past the breaking-change gate) and exposureType now required.
    const fields = CONFIGURATION.fieldDefinitions
      .filter((f) => f.referenceId !== "vehicleCount")
      .map((f) => (f.referenceId === "exposureType" ? { ...f, required: true } : f));
    const imported = await company.call("POST", "/configuration/import?force=true", admin, {
      body: { ...CONFIGURATION, fieldDefinitions: fields },
    });
    expect(imported.status, JSON.stringify(imported.json)).toBe(200);

    const [finding] = (await batch(company, reader, { entityType: "exposure" })).json.items;
    expect(finding).toEqual({
      entityType: "exposure",
      entityId: created.json.id,
      adheres: false,
      extraKeys: ["vehicleCount"],
      issues: [
        {
          message: "exposureType is required",
          fieldPath: ["exposureType"],
          severity: "error",
          code: "required-field-missing",
        },
      ],
    });
  });

  it("platform fields are not extra keys, and their values are checked", async () => {
    const { company, admin, reader } = await configured();
    const created = await company.call("POST", "/entities/event", admin, { body: { lossDescription: "Hail" } });
    expect(created.status).toBe(201);
    const [storedId] = await storeRecords(company, "event", [{ eventStatus: "pending", lossDescription: "Flood" }]);
    const res = await batch(company, reader, { entityType: "event" });
    expect(res.json.items).toEqual([
      { entityType: "event", entityId: created.json.id, adheres: true, extraKeys: [], issues: [] },
      {
        entityType: "event",
        entityId: storedId,
        adheres: false,
        extraKeys: [],
        issues: [
          {
            message: "eventStatus must be one of: open, closed",
            fieldPath: ["eventStatus"],
            severity: "error",
            code: "invalid-value",
          },
        ],
      },
    ]);
  });

  it("validates custom object records against their sub-fields", async () => {
    const { company, reader } = await configured();
    const [good, bad] = await storeRecords(
      company,
      "vehicle",
      [{ vin: "1HGCM82633A004352" }, { vin: null, colour: "red" }],
      "customObject",
    );
    const res = await batch(company, reader, { entityType: "vehicle" });
    expect(res.json.items).toEqual([
      { entityType: "vehicle", entityId: good, adheres: true, extraKeys: [], issues: [] },
      {
        entityType: "vehicle",
        entityId: bad,
        adheres: false,
        extraKeys: ["colour"],
        issues: [{ message: "vin is required", fieldPath: ["vin"], severity: "error", code: "required-field-missing" }],
      },
    ]);
  });

  it("a record whose stored data cannot be read is a finding, not a failure", async () => {
    const { company, reader } = await configured();
    const [broken, list] = await storeRecords(company, "person", ["{not json", "[1, 2]"]);
    const res = await batch(company, reader, { entityType: "person" });
    expect(res.status).toBe(200);
    expect(res.json.items).toEqual([
      {
        entityType: "person",
        entityId: broken,
        adheres: false,
        extraKeys: [],
        issues: [
          { message: "The stored data is not valid JSON", fieldPath: [], severity: "error", code: "unreadable-record" },
        ],
      },
      {
        entityType: "person",
        entityId: list,
        adheres: false,
        extraKeys: [],
        issues: [
          {
            message: "The stored data is not an object of field values",
            fieldPath: [],
            severity: "error",
            code: "unreadable-record",
          },
        ],
      },
    ]);
  });
});

describe("batch validation paging", () => {
  it("pages one-based, oldest first, until page * pageSize reaches totalCount", async () => {
    const { company, reader } = await configured();
    const ids = await storeRecords(company, "person", [
      { name: "A" },
      { name: "B" },
      { nickname: "C" },
      { name: "D" },
      { name: "E" },
    ]);
    const seen: string[] = [];
    let page = 1;
    for (;;) {
      const res = await batch(company, reader, { entityType: "person", page, pageSize: 2 });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ totalCount: 5, page, pageSize: 2 });
      seen.push(...res.json.items.map((f: any) => f.entityId));
      if (page * res.json.pageSize >= res.json.totalCount) break;
      page++;
    }
    expect(page).toBe(3);
    expect(seen).toEqual(ids);
    const past = await batch(company, reader, { entityType: "person", page: 4, pageSize: 2 });
    expect(past.json).toEqual({ items: [], totalCount: 5, page: 4, pageSize: 2 });
  });

  it("defaults pageSize to 100 and clamps larger sizes to 100, reporting the size used", async () => {
    const { company, reader } = await configured();
    await storeRecords(
      company,
      "person",
      Array.from({ length: 105 }, (_, i) => ({ name: `P${i}` })),
    );
    const byDefault = await batch(company, reader, { entityType: "person" });
    expect(byDefault.json).toMatchObject({ page: 1, pageSize: 100, totalCount: 105 });
    expect(byDefault.json.items).toHaveLength(100);
    const clamped = await batch(company, reader, { entityType: "person", page: 1, pageSize: 150 });
    expect(clamped.json).toMatchObject({ page: 1, pageSize: 100, totalCount: 105 });
    expect(clamped.json.items).toHaveLength(100);
    const second = await batch(company, reader, { entityType: "person", page: 2, pageSize: 150 });
    expect(second.json.items).toHaveLength(5);
  });

  it("refuses offset, naming page", async () => {
    const { company, reader } = await configured();
    const error = expectError(
      await batch(company, reader, { entityType: "person", offset: 100 }),
      400,
      "VALIDATION_ERROR",
    );
    expect(error.details).toEqual([
      { field: "offset", message: "is not accepted; page through with page (one-based) and pageSize" },
    ]);
    expect(error.message).toContain("page (one-based)");
  });

  it("refuses page 0, pageSize 0 and an unknown entity type", async () => {
    const { company, reader } = await configured();
    expect(
      must(
        expectError(await batch(company, reader, { entityType: "person", page: 0 }), 400, "VALIDATION_ERROR")
          .details[0],
      ).field,
    ).toBe("page");
    expect(
      must(
        expectError(await batch(company, reader, { entityType: "person", pageSize: 0 }), 400, "VALIDATION_ERROR")
          .details[0],
      ).field,
    ).toBe("pageSize");
    const unknown = expectError(await batch(company, reader, { entityType: "spaceship" }), 400, "VALIDATION_ERROR");
    expect(unknown.details).toEqual([
      {
        field: "entityType",
        message: expect.stringContaining("exposure, event, submission, quote, person, organization"),
      },
    ]);
    expect(unknown.userMessages).toEqual(['"spaceship" is not an entity type or custom object type of this company.']);
  });

  it("accepts the entity type in any letter case", async () => {
    const { company, reader } = await configured();
    await storeRecords(company, "exposure", [{ exposureName: "Barn" }]);
    const res = await batch(company, reader, { entityType: "Exposure" });
    expect(res.status).toBe(200);
    expect(res.json.items[0]).toMatchObject({ entityType: "exposure", adheres: true });
  });
});

describe("background validation runs", () => {
  it("counts a run naming 256 types, the most one may name, in one statement (D1 binds at most 100 values)", async () => {
    const company = await createCompany();
    const admin = await company.key(["SUPER_ADMIN"]);
    const objects = Array.from({ length: 249 }, (_, i) => `object_${i}`);
    const customObjects = objects.map((key) => ({ key, name: key, pluralizedName: `${key}s`, subFields: [] }));
    const imported = await company.call("POST", "/configuration/import", admin, {
      body: { fieldDefinitions: [], customObjects },
    });
    expect(imported.status, imported.text).toBe(200);
    const [stored] = await storeRecords(company, "object_248", [{}], "customObject");
    const entityTypes = ["exposure", "event", "submission", "quote", "person", "organization", "policy", ...objects];
    expect(entityTypes).toHaveLength(256);

    const runId = await startRun(company, admin, { entityTypes });
    const run = await finishedRun(company, admin, runId);
    expect(run).toMatchObject({ totalCount: 1, processedCount: 1 });
    const { items } = await allFindings(company, admin, runId);
    expect(items.map((f) => f.entityId)).toEqual([stored]);
  });

  it("validates every record in chunks through the queue and saves one finding per record", async () => {
    const { company, admin, reader } = await configured();
    // 130 exposures: more than one chunk. Every tenth carries a key the configuration does not know.
    const exposureIds = await storeRecords(
      company,
      "exposure",
      Array.from({ length: 130 }, (_, i) =>
        i % 10 === 0 ? { exposureName: `E${i}`, legacy: true } : { exposureName: `E${i}` },
      ),
    );
    const person = await company.call("POST", "/entities/person", admin, { body: { name: "Ada" } });
    const [vehicle] = await storeRecords(company, "vehicle", [{ vin: 42 }], "customObject");

    const started = await company.call("POST", "/data-validation/runs", reader, {});
    expect(started.status).toBe(202);
    expect(started.json).toMatchObject({
      runId: expect.any(String),
      status: "queued",
      entityTypes: ["exposure", "event", "submission", "quote", "person", "organization", "policy", "vehicle"],
      processedCount: 0,
      completedAt: null,
    });
    expect(started.headers.get("Location")).toBe(
      `/api/v1/companies/${company.id}/data-validation/runs/${started.json.runId}`,
    );
    const runId = started.json.runId;

    const run = await finishedRun(company, reader, runId);
    expect(run).toMatchObject({ runId, status: "succeeded", totalCount: 132, processedCount: 132, error: null });
    expect(run.startedAt).toEqual(expect.any(String));
    expect(run.completedAt).toEqual(expect.any(String));

    const { items, totalCount, pages } = await allFindings(company, reader, runId);
    expect(totalCount).toBe(132);
    expect(pages).toBe(3);
    expect(new Set(items.map((f) => f.entityId)).size).toBe(132);
    // Findings keep the order the run walked: types in order, records oldest first.
    expect(items.map((f) => f.entityId)).toEqual([...exposureIds, person.json.id, vehicle]);

    const failing = await allFindings(company, reader, runId, "&adheres=false");
    expect(failing.totalCount).toBe(14);
    expect(failing.items.filter((f) => f.entityType === "exposure").every((f) => f.extraKeys[0] === "legacy")).toBe(
      true,
    );
    expect(failing.items.at(-1)).toEqual({
      entityType: "vehicle",
      entityId: vehicle,
      adheres: false,
      extraKeys: [],
      issues: [{ message: "vin must be text", fieldPath: ["vin"], severity: "error", code: "invalid-value" }],
    });
    const adhering = await company.call(
      "GET",
      `/data-validation/runs/${runId}/findings?adheres=true&pageSize=1`,
      reader,
    );
    expect(adhering.json).toMatchObject({ totalCount: 118, page: 1, pageSize: 1 });
  }, 60_000);

  it("validates only the requested types, and refuses unknown ones without queueing anything", async () => {
    const { company, reader } = await configured();
    await storeRecords(company, "exposure", [{ exposureName: "One" }]);
    await storeRecords(company, "person", [{ name: "Two" }]);
    const refused = await company.call("POST", "/data-validation/runs", reader, {
      body: { entityTypes: ["person", "starship"] },
    });
    const error = expectError(refused, 400, "VALIDATION_ERROR");
    expect(error.details).toEqual([{ field: "entityTypes[1]", message: expect.stringContaining("custom object key") }]);
    expectError(
      await company.call("POST", "/data-validation/runs", reader, { body: { entityTypes: [] } }),
      400,
      "VALIDATION_ERROR",
    );

    // Each type once (CONTRACT 8.3): the same type named twice, in any letter case, is refused (issue 11).
    const repeated = await company.call("POST", "/data-validation/runs", reader, {
      body: { entityTypes: ["Person", "person"] },
    });
    expect(expectError(repeated, 400, "VALIDATION_ERROR").details).toEqual([
      { field: "entityTypes[1]", message: "names a type already listed" },
    ]);

    const runId = await startRun(company, reader, { entityTypes: ["Person"] });
    const run = await finishedRun(company, reader, runId);
    expect(run).toMatchObject({ entityTypes: ["person"], totalCount: 1, processedCount: 1 });
    const findings = await company.call("GET", `/data-validation/runs/${runId}/findings`, reader);
    expect(findings.json.items.map((f: any) => f.entityType)).toEqual(["person"]);
  }, 60_000);

  it("a run over no records succeeds with no findings", async () => {
    const { company, reader } = await configured();
    const runId = await startRun(company, reader, { entityTypes: ["organization"] });
    expect(await finishedRun(company, reader, runId)).toMatchObject({ totalCount: 0, processedCount: 0 });
    const findings = await company.call("GET", `/data-validation/runs/${runId}/findings`, reader);
    expect(findings.json).toEqual({ items: [], totalCount: 0, page: 1, pageSize: 50 });
  }, 60_000);

  it("re-delivered steps write no finding twice", async () => {
    const { company, reader } = await configured();
    const ids = await storeRecords(
      company,
      "exposure",
      Array.from({ length: 120 }, (_, i) => ({ exposureName: `E${i}` })),
    );
    const runId = await startRun(company, reader, { entityTypes: ["exposure"] });
    // The first step delivered twice in one batch, racing the queue's own delivery of it.
    const first = await deliver([
      { body: stepMessage(company.id, runId, 0) },
      { body: stepMessage(company.id, runId, 0) },
    ]);
    expect(first.retryMessages).toEqual([]);
    const run = await finishedRun(company, reader, runId);
    expect(run).toMatchObject({ totalCount: 120, processedCount: 120 });

    // Every step again after completion: acknowledged, nothing written.
    const again = await deliver([0, 1, 0, 1].map((step) => ({ body: stepMessage(company.id, runId, step) })));
    expect(again.explicitAcks).toHaveLength(4);
    expect((await readRun(company, reader, runId)).json).toMatchObject({
      status: "succeeded",
      totalCount: 120,
      processedCount: 120,
    });
    const { items, totalCount } = await allFindings(company, reader, runId);
    expect(totalCount).toBe(120);
    expect(items.map((f) => f.entityId)).toEqual(ids);
  }, 60_000);

  it("a step delivered before the previous one committed is retried, not skipped", async () => {
    const { company, reader } = await configured();
    const ids = await storeRecords(
      company,
      "person",
      Array.from({ length: 101 }, (_, i) => ({ name: `P${i}` })),
    );
    // A run the queue has not been told about, so only this test delivers its steps.
    const runId = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO data_validation_runs (id, company_id, status, entity_types, step, cursor_type_index, total_count, processed_count, failed_attempts, created_at) VALUES (?, ?, 'queued', '[\"person\"]', 0, 0, 101, 0, 0, ?)",
    )
      .bind(runId, company.id, new Date().toISOString())
      .run();

    const early = await deliver([{ body: stepMessage(company.id, runId, 1) }]);
    expect(early.retryMessages).toHaveLength(1);
    expect((await readRun(company, reader, runId)).json).toMatchObject({ status: "queued", processedCount: 0 });

    const first = await deliver([{ body: stepMessage(company.id, runId, 0) }]);
    expect(first.explicitAcks).toHaveLength(1);
    expect((await readRun(company, reader, runId)).json.processedCount).toBeGreaterThanOrEqual(100);
    const second = await deliver([{ body: stepMessage(company.id, runId, 1) }]);
    expect(second.explicitAcks).toHaveLength(1);
    expect((await readRun(company, reader, runId)).json).toMatchObject({
      status: "succeeded",
      totalCount: 101,
      processedCount: 101,
    });
    expect((await allFindings(company, reader, runId)).items.map((f) => f.entityId)).toEqual(ids);
  }, 60_000);

  it("marks the run failed after repeated failures of a step, and the queue stops retrying", async () => {
    const { company, admin, reader } = await configured();
    const created = await company.call("POST", "/entities/exposure", admin, { body: { exposureName: "Truck" } });
    expect(created.status).toBe(201);
    // A stored configuration the validator cannot use (a field without a type) makes every attempt fail.
    await env.DB.prepare(
      "UPDATE company_configurations SET document = json_set(document, '$.fieldDefinitions[0].typeInfo', json('null')), " +
        "content_hash = 'edited:' || content_hash WHERE company_id = ?",
    )
      .bind(company.id)
      .run();
    const runId = await startRun(company, reader, { entityTypes: ["exposure"] });

    let status = "queued";
    for (let attempt = 1; attempt <= 5 && status !== "failed"; attempt++) {
      const result = await deliver([{ body: stepMessage(company.id, runId, 0), attempts: attempt }]);
      status = (await readRun(company, reader, runId)).json.status;
      // Retried while the run can still go on; acknowledged only once it has failed.
      if (result.explicitAcks.length) expect(status).toBe("failed");
      else expect(result.retryMessages).toHaveLength(1);
    }
    const run = (await readRun(company, reader, runId)).json;
    expect(run).toMatchObject({
      status: "failed",
      processedCount: 0,
      error: "The run stopped after 5 failed attempts to validate exposure records; start a new run.",
    });
    expect(run.completedAt).toEqual(expect.any(String));
    const later = await deliver([{ body: stepMessage(company.id, runId, 0), attempts: 6 }]);
    expect(later.explicitAcks).toHaveLength(1);
  }, 60_000);
});

describe("saved findings paging", () => {
  it("defaults pageSize to 50, clamps above 500 and refuses offset", async () => {
    const { company, reader } = await configured();
    await storeRecords(
      company,
      "person",
      Array.from({ length: 60 }, (_, i) => ({ name: `P${i}` })),
    );
    const runId = await startRun(company, reader, { entityTypes: ["person"] });
    await finishedRun(company, reader, runId);
    const path = `/data-validation/runs/${runId}/findings`;

    const byDefault = await company.call("GET", path, reader);
    expect(byDefault.json).toMatchObject({ totalCount: 60, page: 1, pageSize: 50 });
    expect(byDefault.json.items).toHaveLength(50);
    const clamped = await company.call("GET", `${path}?pageSize=1000`, reader);
    expect(clamped.json).toMatchObject({ totalCount: 60, page: 1, pageSize: 500 });
    expect(clamped.json.items).toHaveLength(60);
    const second = await company.call("GET", `${path}?page=2`, reader);
    expect(second.json.items).toHaveLength(10);

    const offset = expectError(await company.call("GET", `${path}?offset=50`, reader), 400, "VALIDATION_ERROR");
    expect(offset.details).toEqual([
      { field: "offset", message: "is not accepted; page through with page (one-based) and pageSize" },
    ]);
    expectError(await company.call("GET", `${path}?pageSize=0`, reader), 400, "VALIDATION_ERROR");
    expectError(await company.call("GET", `${path}?adheres=maybe`, reader), 400, "VALIDATION_ERROR");
  }, 60_000);
});

describe("access", () => {
  it("every data-validation route needs configuration.view", async () => {
    const { company } = await configured();
    const viewer = await company.key([], ["exposure.view", "configuration.export"]);
    const runId = "00000000-0000-4000-8000-000000000001";
    for (const [method, path, body] of [
      ["POST", "/data-validation/batch", { entityType: "exposure" }],
      ["POST", "/data-validation/runs", {}],
      ["GET", `/data-validation/runs/${runId}`, undefined],
      ["GET", `/data-validation/runs/${runId}/findings`, undefined],
    ] as const) {
      const res = await company.call(method, path, viewer, body === undefined ? {} : { body });
      expectError(res, 403, "AuthorizationError", "User is not authorized to perform the requested action");
    }
    // The legacy permission name and the ReadOnly role both carry it (with the type's own view permission).
    const legacy = await company.key([], ["company.configuration:read", "company.exposure:read"]);
    for (const key of [legacy, await company.key(["ReadOnly"])]) {
      expect((await batch(company, key, { entityType: "exposure" })).status).toBe(200);
    }
  });

  it("another company's run is 404 under the caller's own company, and a key of one company is 403 on another's path", async () => {
    const { company, reader } = await configured();
    const runId = await startRun(company, reader, { entityTypes: ["person"] });
    const other = await configured();
    for (const path of [`/data-validation/runs/${runId}`, `/data-validation/runs/${runId}/findings`]) {
      expectError(await other.company.call("GET", path, other.admin), 404, "NotFoundError", "Not found");
      const crossed = await call("GET", `/api/v1/companies/${company.id}${path}`, { auth: other.admin });
      expectError(crossed, 403, "AuthorizationError", "API key is not scoped to the requested company");
    }
    const crossedStart = await call("POST", `/api/v1/companies/${company.id}/data-validation/runs`, {
      auth: other.admin,
      body: {},
    });
    expectError(crossedStart, 403, "AuthorizationError", "API key is not scoped to the requested company");
    await finishedRun(company, reader, runId);
  }, 60_000);

  it("a malformed run id is 400 and an unknown one 404", async () => {
    const { company, reader } = await configured();
    const malformed = expectError(await readRun(company, reader, "not-a-uuid"), 400, "VALIDATION_ERROR");
    expect(must(malformed.details[0]).field).toBe("runId");
    expectError(
      await company.call("GET", "/data-validation/runs/not-a-uuid/findings", reader),
      400,
      "VALIDATION_ERROR",
    );
    expectError(await readRun(company, reader, crypto.randomUUID()), 404, "NotFoundError", "Not found");
  });

  it("a Sandbox reset clears runs and their findings", async () => {
    const { company, admin, reader } = await configured();
    await storeRecords(company, "person", [{ name: "Ada" }]);
    const runId = await startRun(company, reader, { entityTypes: ["person"] });
    await finishedRun(company, reader, runId);
    const reset = await company.call("POST", "/reset", admin);
    expect(reset.status).toBe(200);
    expectError(await readRun(company, reader, runId), 404, "NotFoundError");
    expectError(await company.call("GET", `/data-validation/runs/${runId}/findings`, reader), 404, "NotFoundError");
    const left = await env.DB.prepare("SELECT count(*) AS n FROM data_validation_findings WHERE company_id = ?")
      .bind(company.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  }, 60_000);
});
