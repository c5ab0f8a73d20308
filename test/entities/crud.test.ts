import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createCompany, eventually, expectError, staff, type TestCompany } from "../support/harness";

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
      referenceId: "exposureCode",
      label: "Code",
      typeInfo: { kind: "Sequence", prefix: "EX-", padding: 4 },
    },
    { entityType: "exposure", referenceId: "inspectedOn", label: "Inspected on", typeInfo: { kind: "Date" } },
    {
      entityType: "exposure",
      referenceId: "riskScore",
      label: "Risk score",
      typeInfo: { kind: "Number" },
      writePermission: "underwriting",
    },
    {
      entityType: "exposure",
      referenceId: "displayLabel",
      label: "Label",
      typeInfo: {
        kind: "Calculated",
        expression: "concat(exposureName, ' (', coalesce(exposureType, 'unknown'), ')')",
        repeatable: true,
      },
    },
    {
      entityType: "exposure",
      referenceId: "internalNote",
      label: "Internal note",
      typeInfo: { kind: "String" },
      readOnly: true,
    },
    {
      entityType: "exposure",
      referenceId: "tags",
      label: "Tags",
      typeInfo: { kind: "MultiSelect", optionSet: "exposureTypes" },
    },
    { entityType: "exposure", referenceId: "contactEmail", label: "Contact email", typeInfo: { kind: "Email" } },
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
    { entityType: "person", referenceId: "type", label: "Type", typeInfo: { kind: "String" } },
    { entityType: "person", referenceId: "email", label: "Email", typeInfo: { kind: "Email" } },
    { entityType: "quote", referenceId: "quoteDescription", label: "Description", typeInfo: { kind: "String" } },
    {
      entityType: "quote",
      referenceId: "effectiveDate",
      label: "Effective date",
      typeInfo: { kind: "Date" },
      computedDefault: "today()",
    },
    { entityType: "submission", referenceId: "brokerName", label: "Broker", typeInfo: { kind: "String" } },
    { entityType: "organization", referenceId: "legalName", label: "Legal name", typeInfo: { kind: "String" } },
    { entityType: "event", referenceId: "lossDescription", label: "Loss description", typeInfo: { kind: "String" } },
  ],
};

async function configured(lifecycle: "sandbox" | "live" = "sandbox") {
  const company = await createCompany(lifecycle);
  const admin = await company.key(["SUPER_ADMIN"]);
  const imported = await company.call("POST", "/configuration/import", admin, { body: CONFIGURATION });
  expect(imported.status).toBe(200);
  return { company, admin };
}

async function createExposure(
  company: TestCompany,
  key: string,
  body: Record<string, unknown> = { exposureName: "Truck 7" },
) {
  const res = await company.call("POST", "/entities/exposure", key, { body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as string;
}

describe("create, read, list and update", () => {
  it.each(["exposure", "event", "submission", "quote", "person", "organization"])(
    "creates and reads a %s",
    async (entityType) => {
      const { company, admin } = await configured();
      const body =
        { exposure: { exposureName: "Truck" }, person: { name: "Ada" } }[entityType as "exposure" | "person"] ?? {};
      const created = await company.call("POST", `/entities/${entityType}`, admin, { body });
      expect(created.status).toBe(201);
      expect(created.json).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      const read = await company.call("GET", `/entities/${entityType}/${created.json.id}`, admin);
      expect(read.status).toBe(200);
      expect(read.json).toMatchObject({
        id: created.json.id,
        entityType,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
    },
  );

  it("creates persons and exposures under the second family too", async () => {
    const { company, admin } = await configured();
    for (const [type, body] of [
      ["person", { name: "Ada", type: "individual", email: "ada@example.com" }],
      ["exposure", { exposureName: "Depot" }],
    ] as const) {
      const res = await fetchX(company, admin, type, body);
      expect(res.status).toBe(201);
      expect((await company.call("GET", `/entities/${type}/${res.json.id}`, admin)).json.data).toMatchObject(body);
    }
  });

  it("updates only the fields sent, clears with null, and answers the updated entity", async () => {
    const { company, admin } = await configured();
    const id = await createExposure(company, admin, {
      exposureName: "Truck",
      exposureType: "vehicle",
      vehicleCount: 2,
    });
    const res = await company.call("PATCH", `/entities/exposure/${id}`, admin, {
      body: { vehicleCount: 3, exposureType: null },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ exposureName: "Truck", vehicleCount: 3, exposureType: null });
    expect(res.json.updatedAt >= res.json.createdAt).toBe(true);
    expect((await company.call("GET", `/entities/exposure/${id}`, admin)).json.data.vehicleCount).toBe(3);
  });

  it("accepts the capitalised type on PATCH (PATCH /entities/Exposure/{id})", async () => {
    const { company, admin } = await configured();
    const id = await createExposure(company, admin);
    const res = await company.call("PATCH", `/entities/Exposure/${id}`, admin, { body: { vehicleCount: 9 } });
    expect(res.status).toBe(200);
    expect(res.json.data.vehicleCount).toBe(9);
  });

  it("lists newest first with one-based pages, clamping pageSize to 500", async () => {
    const { company, admin } = await configured();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await createExposure(company, admin, { exposureName: `E${i}` }));
    const page = await company.call("GET", "/entities/exposure?page=2&pageSize=2", admin);
    expect(page.json).toMatchObject({ totalCount: 3, page: 2, pageSize: 2 });
    expect(page.json.items.map((i: any) => i.id)).toEqual([ids[0]]);
    expect((await company.call("GET", "/entities/exposure?pageSize=9999", admin)).json.pageSize).toBe(500);
    expectError(await company.call("GET", "/entities/exposure?page=0", admin), 400, "VALIDATION_ERROR");
  });
});

async function fetchX(company: TestCompany, key: string, type: string, body: unknown) {
  const { call } = await import("../support/harness");
  return call("POST", `/api/v1/external/companies/${company.id}/entities/${type}`, { auth: key, body });
}

describe("paths and ids", () => {
  it("refuses an entityType outside the list with 400 VALIDATION_ERROR naming the allowed types", async () => {
    const { company, admin } = await configured();
    const error = expectError(
      await company.call("POST", "/entities/spaceship", admin, { body: {} }),
      400,
      "VALIDATION_ERROR",
    );
    expect(error.message).toContain("exposure, event, submission, quote, person, organization");
    expectError(
      await company.call("GET", "/entities/policy/00000000-0000-4000-8000-000000000000", admin),
      400,
      "VALIDATION_ERROR",
    );
  });

  it("refuses a malformed id with 400 and an unknown id with 404", async () => {
    const { company, admin } = await configured();
    expectError(await company.call("GET", "/entities/exposure/not-a-uuid", admin), 400, "VALIDATION_ERROR");
    expectError(
      await company.call("GET", "/entities/exposure/00000000-0000-4000-8000-000000000000", admin),
      404,
      "NotFoundError",
      "Not found",
    );
    expectError(
      await company.call("PATCH", "/entities/exposure/00000000-0000-4000-8000-000000000000", admin, { body: {} }),
      404,
      "NotFoundError",
    );
  });

  it("never reads or changes another company's record, answering 404 under the caller's own path", async () => {
    const mine = await configured();
    const theirs = await configured();
    const id = await createExposure(theirs.company, theirs.admin, { exposureName: "Theirs" });
    expectError(await mine.company.call("GET", `/entities/exposure/${id}`, mine.admin), 404, "NotFoundError");
    expectError(
      await mine.company.call("PATCH", `/entities/exposure/${id}`, mine.admin, { body: { exposureName: "Mine now" } }),
      404,
      "NotFoundError",
    );
    expect((await mine.company.call("GET", "/entities/exposure", mine.admin)).json.totalCount).toBe(0);
    expect((await theirs.company.call("GET", `/entities/exposure/${id}`, theirs.admin)).json.data.exposureName).toBe(
      "Theirs",
    );
  });

  it("reads a record only under its own entity type", async () => {
    const { company, admin } = await configured();
    const id = await createExposure(company, admin);
    expectError(await company.call("GET", `/entities/person/${id}`, admin), 404, "NotFoundError");
  });

  it("passes batchId to the audit log and never stores it", async () => {
    const { company, admin } = await configured();
    const id = await createExposure(company, admin, { exposureName: "Truck", batchId: "import-7" });
    expect((await company.call("GET", `/entities/exposure/${id}`, admin)).json.data).not.toHaveProperty("batchId");
    await company.call("PATCH", `/entities/exposure/${id}`, admin, { body: { batchId: 42, vehicleCount: 1 } });
    const log = await eventually(
      () => company.call("GET", "/audit-log?batchId=import-7", admin),
      (r) => r.json.totalCount === 1,
    );
    expect(log.json.items[0]).toMatchObject({ method: "POST", status: 201 });
  });
});

describe("validation against configuration", () => {
  it("refuses invalid data with one detail and one clean user message per refused value, and writes nothing", async () => {
    const { company, admin } = await configured();
    const res = await company.call("POST", "/entities/exposure", admin, {
      body: {
        exposureName: 7,
        exposureType: "boat",
        vehicleCount: 2.5,
        contactEmail: "not-mail",
        colour: "red",
        tags: ["vehicle", "spaceship"],
      },
    });
    const error = expectError(res, 400, "InvalidFieldModelV1Data");
    expect(error.details.map((d) => d.field).sort()).toEqual([
      "colour",
      "contactEmail",
      "exposureName",
      "exposureType",
      "tags",
      "vehicleCount",
    ]);
    expect(error.userMessages).toHaveLength(6);
    expect(error.userMessages).toContain('Exposure type must be one of: "vehicle", "building".');
    for (const message of error.userMessages) expect(message).not.toMatch(/InvalidFieldModelV1Data|\w\.\w+\s/);
    expect((await company.call("GET", "/entities/exposure", admin)).json.totalCount).toBe(0);
  });

  it("requires required fields on create and refuses clearing them", async () => {
    const { company, admin } = await configured();
    const error = expectError(
      await company.call("POST", "/entities/exposure", admin, { body: {} }),
      400,
      "InvalidFieldModelV1Data",
    );
    expect(error.details).toEqual([{ field: "exposureName", message: "is required" }]);
    const id = await createExposure(company, admin);
    expectError(
      await company.call("PATCH", `/entities/exposure/${id}`, admin, { body: { exposureName: null } }),
      400,
      "InvalidFieldModelV1Data",
    );
  });

  it("treats empty and whitespace-only text as missing for required fields, in groups too", async () => {
    const { company, admin } = await configured();
    for (const blank of ["", "   ", "\t\n"]) {
      const error = expectError(
        await company.call("POST", "/entities/exposure", admin, { body: { exposureName: blank } }),
        400,
        "InvalidFieldModelV1Data",
      );
      expect(error.details).toEqual([{ field: "exposureName", message: "is required" }]);
    }
    const id = await createExposure(company, admin);
    expectError(
      await company.call("PATCH", `/entities/exposure/${id}`, admin, { body: { exposureName: " " } }),
      400,
      "InvalidFieldModelV1Data",
    );
    const group = expectError(
      await company.call("PATCH", `/entities/exposure/${id}`, admin, { body: { drivers: [{ driverName: "" }] } }),
      400,
      "InvalidFieldModelV1Data",
    );
    expect(group.details).toEqual([{ field: "drivers[0].driverName", message: "is required" }]);
    expect((await company.call("GET", `/entities/exposure/${id}`, admin)).json.data.exposureName).toBe("Truck 7");
  });

  it('tells the number 1 from the text "1" in option errors', async () => {
    const company = await createCompany();
    const admin = await company.key(["SUPER_ADMIN"]);
    const imported = await company.call("POST", "/configuration/import", admin, {
      body: {
        optionSets: [
          {
            key: "tiers",
            options: [
              { value: 1, label: "One" },
              { value: 2, label: "Two" },
            ],
          },
        ],
        fieldDefinitions: [
          {
            entityType: "exposure",
            referenceId: "tier",
            label: "Tier",
            typeInfo: { kind: "Select", optionSet: "tiers" },
          },
          {
            entityType: "exposure",
            referenceId: "tiers",
            label: "Tiers",
            typeInfo: { kind: "MultiSelect", optionSet: "tiers" },
          },
        ],
      },
    });
    expect(imported.status).toBe(200);
    const error = expectError(
      await company.call("POST", "/entities/exposure", admin, { body: { tier: "1", tiers: [2, "2"] } }),
      400,
      "InvalidFieldModelV1Data",
    );
    expect(error.details).toEqual([
      { field: "tier", message: 'must be one of: 1, 2 (the text "1" was sent; the option is the number 1)' },
      {
        field: "tiers",
        message:
          'has values that are not options: "2" (allowed: 1, 2) (the text "2" was sent; the option is the number 2)',
      },
    ]);
    expect((await company.call("POST", "/entities/exposure", admin, { body: { tier: 1, tiers: [2] } })).status).toBe(
      201,
    );
  });

  it("checks group entries and their required sub-fields with item paths", async () => {
    const { company, admin } = await configured();
    const res = await company.call("POST", "/entities/exposure", admin, {
      body: { exposureName: "Fleet", drivers: [{ driverName: "Ann", age: 40 }, { age: "old" }] },
    });
    expect(
      expectError(res, 400, "InvalidFieldModelV1Data")
        .details.map((d) => d.field)
        .sort(),
    ).toEqual(["drivers[1].age", "drivers[1].driverName"]);
  });
});

describe("Fmv1Date", () => {
  it("stores and answers the canonical object, defaulting the timezone to America/New_York", async () => {
    const { company, admin } = await configured();
    const id = await createExposure(company, admin, { exposureName: "E", inspectedOn: { date: "2026-03-01" } });
    expect((await company.call("GET", `/entities/exposure/${id}`, admin)).json.data.inspectedOn).toEqual({
      date: "2026-03-01",
      timezone: "America/New_York",
    });
    await company.call("PATCH", `/entities/exposure/${id}`, admin, {
      body: { inspectedOn: { date: "2026-03-02", timezone: "Europe/London" } },
    });
    expect((await company.call("GET", `/entities/exposure/${id}`, admin)).json.data.inspectedOn).toEqual({
      date: "2026-03-02",
      timezone: "Europe/London",
    });
  });

  it.each([
    [{ day: 1, month: 3, year: 2026 }, "retired"],
    [{ date: "2026-02-30" }, "calendar day"],
    [{ date: "03/01/2026" }, "YYYY-MM-DD"],
    [{ date: "2026-03-01", timezone: "Mars/Olympus" }, "IANA"],
    ["2026-03-01", "date object"],
  ])("refuses %j naming the value", async (inspectedOn, words) => {
    const { company, admin } = await configured();
    const error = expectError(
      await company.call("POST", "/entities/exposure", admin, { body: { exposureName: "E", inspectedOn } }),
      400,
      "InvalidFieldModelV1Data",
    );
    expect(error.details).toEqual([{ field: "inspectedOn", message: expect.stringContaining(words) }]);
  });
});

describe("field marks", () => {
  it("refuses writing a read-only field but tolerates resending its stored value", async () => {
    const { company, admin } = await configured();
    const error = expectError(
      await company.call("POST", "/entities/exposure", admin, { body: { exposureName: "E", internalNote: "x" } }),
      400,
      "InvalidFieldModelV1Data",
    );
    expect(error.details).toEqual([{ field: "internalNote", message: "is read-only" }]);
  });

  it("mints sequences, refuses originating or changing them, and tolerates the exact stored value", async () => {
    const { company, admin } = await configured();
    const first = await createExposure(company, admin);
    const second = await createExposure(company, admin);
    const code = (await company.call("GET", `/entities/exposure/${first}`, admin)).json.data.exposureCode;
    expect(code).toBe("EX-0001");
    expect((await company.call("GET", `/entities/exposure/${second}`, admin)).json.data.exposureCode).toBe("EX-0002");
    expectError(
      await company.call("POST", "/entities/exposure", admin, { body: { exposureName: "E", exposureCode: "EX-9999" } }),
      400,
      "GeneratedFieldWrite",
    );
    expectError(
      await company.call("PATCH", `/entities/exposure/${first}`, admin, { body: { exposureCode: "EX-0005" } }),
      400,
      "GeneratedFieldWrite",
    );
    expect(
      (
        await company.call("PATCH", `/entities/exposure/${first}`, admin, {
          body: { exposureCode: "EX-0001", vehicleCount: 1 },
        })
      ).status,
    ).toBe(200);
  });

  it("restarts sequences after a Sandbox reset, which also clears the records", async () => {
    const { company, admin } = await configured();
    await createExposure(company, admin);
    expect((await company.call("POST", "/reset", admin)).status).toBe(200);
    expect((await company.call("GET", "/entities/exposure", admin)).json.totalCount).toBe(0);
    const id = await createExposure(company, admin);
    expect((await company.call("GET", `/entities/exposure/${id}`, admin)).json.data.exposureCode).toBe("EX-0001");
  });

  it("applies a computed default when the field is absent and keeps a supplied value", async () => {
    const { company, admin } = await configured();
    const defaulted = (await company.call("POST", "/entities/quote", admin, { body: {} })).json.id;
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    expect((await company.call("GET", `/entities/quote/${defaulted}`, admin)).json.data.effectiveDate).toEqual({
      date: today,
      timezone: "America/New_York",
    });
    const supplied = (
      await company.call("POST", "/entities/quote", admin, { body: { effectiveDate: { date: "2027-01-01" } } })
    ).json.id;
    expect((await company.call("GET", `/entities/quote/${supplied}`, admin)).json.data.effectiveDate.date).toBe(
      "2027-01-01",
    );
  });

  it("recomputes calculated fields on every save", async () => {
    const { company, admin } = await configured();
    const id = await createExposure(company, admin, { exposureName: "Truck" });
    expect((await company.call("GET", `/entities/exposure/${id}`, admin)).json.data.displayLabel).toBe(
      "Truck (unknown)",
    );
    const updated = await company.call("PATCH", `/entities/exposure/${id}`, admin, {
      body: { exposureType: "vehicle" },
    });
    expect(updated.json.data.displayLabel).toBe("Truck (vehicle)");
    expectError(
      await company.call("PATCH", `/entities/exposure/${id}`, admin, { body: { displayLabel: "mine" } }),
      400,
      "InvalidFieldModelV1Data",
    );
  });
});

describe("field write groups", () => {
  it("refuses a body naming a locked field whole, without stripping it, and writes nothing", async () => {
    const { company } = await configured();
    const key = await company.key([], ["exposure.create", "exposure.edit", "exposure.view"]);
    const res = await company.call("POST", "/entities/exposure", key, { body: { exposureName: "E", riskScore: 4 } });
    const error = expectError(res, 403, "field-write-permission-required");
    expect(error.details).toEqual([{ field: "riskScore", message: "needs write group underwriting" }]);
    expect((await company.call("GET", "/entities/exposure", key)).json.totalCount).toBe(0);
  });

  it("accepts the field for a key holding exposure.field-underwriting, and for Admin", async () => {
    const { company } = await configured();
    const holder = await company.key([], ["exposure.create", "exposure.view", "exposure.field-underwriting"]);
    expect(
      (await company.call("POST", "/entities/exposure", holder, { body: { exposureName: "E", riskScore: 4 } })).status,
    ).toBe(201);
    const admin = await company.key(["Admin"]);
    const id = await createExposure(company, admin, { exposureName: "E", riskScore: 1 });
    const reader = await company.key([], ["exposure.edit", "exposure.view"]);
    expectError(
      await company.call("PATCH", `/entities/exposure/${id}`, reader, { body: { riskScore: 2 } }),
      403,
      "field-write-permission-required",
    );
    expect((await company.call("GET", `/entities/exposure/${id}`, admin)).json.data.riskScore).toBe(1);
  });
});

describe("guarded status fields", () => {
  it("refuses a generic update changing submissionStatus with 409 naming the endpoint, and accepts the held value", async () => {
    const { company, admin } = await configured();
    const id = (await company.call("POST", "/entities/submission", admin, { body: {} })).json.id;
    await env.DB.prepare("UPDATE entities SET data = json_set(data, '$.submissionStatus', 'draft') WHERE id = ?")
      .bind(id)
      .run();
    const error = expectError(
      await company.call("PATCH", `/entities/submission/${id}`, admin, { body: { submissionStatus: "bound" } }),
      409,
      "GuardedStatusFieldWrite",
    );
    expect(error.message).toContain("/submissions/{submissionId}/close");
    expect(
      (
        await company.call("PATCH", `/entities/submission/${id}`, admin, {
          body: { submissionStatus: "draft", brokerName: "B" },
        })
      ).status,
    ).toBe(200);
  });

  it("refuses a generic update changing quoteStatus", async () => {
    const { company, admin } = await configured();
    const id = (await company.call("POST", "/entities/quote", admin, { body: {} })).json.id;
    expectError(
      await company.call("PATCH", `/entities/quote/${id}`, admin, { body: { quoteStatus: "bound" } }),
      409,
      "GuardedStatusFieldWrite",
    );
  });

  it("allows eventStatus on create but not a change on update", async () => {
    const { company, admin } = await configured();
    const id = (await company.call("POST", "/entities/event", admin, { body: { eventStatus: "open" } })).json.id;
    expectError(
      await company.call("PATCH", `/entities/event/${id}`, admin, { body: { eventStatus: "closed" } }),
      409,
      "GuardedStatusFieldWrite",
    );
    expect(
      (
        await company.call("PATCH", `/entities/event/${id}`, admin, {
          body: { eventStatus: "open", lossDescription: "hail" },
        })
      ).status,
    ).toBe(200);
  });
});

describe("embedded exposures", () => {
  it("gives one InvalidEntityShape for several missing required fields, with item paths in the user messages, and writes nothing", async () => {
    const { company, admin } = await configured();
    const res = await company.call("POST", "/entities/quote", admin, {
      body: { quoteDescription: "Fleet", exposures: [{ exposureName: "A" }, { vehicleCount: 1 }, {}] },
    });
    const error = expectError(res, 400, "InvalidEntityShape");
    expect(error.userMessages).toEqual([
      "exposures[1]: Exposure name is required.",
      "exposures[2]: Exposure name is required.",
    ]);
    expect(error.details.map((d) => d.field)).toEqual(["exposures[1].exposureName", "exposures[2].exposureName"]);
    expect((await company.call("GET", "/entities/quote", admin)).json.totalCount).toBe(0);
  });

  it("keeps only the exposure's own values, ignores an explicit null for a generated field, and refuses a generated value", async () => {
    const { company, admin } = await configured();
    const id = (
      await company.call("POST", "/entities/quote", admin, {
        body: { exposures: [{ exposureName: "A", exposureCode: null, exposureType: "vehicle" }] },
      })
    ).json.id;
    // The exposure's calculated field is derived inside the copy too (issue 10, item 2).
    expect((await company.call("GET", `/entities/quote/${id}`, admin)).json.data.exposures).toEqual([
      { exposureName: "A", exposureType: "vehicle", displayLabel: "A (vehicle)" },
    ]);
    expectError(
      await company.call("POST", "/entities/quote", admin, {
        body: { exposures: [{ exposureName: "A", exposureCode: "EX-1" }] },
      }),
      400,
      "GeneratedFieldWrite",
    );
    const join = await company.call("POST", "/entities/quote", admin, {
      body: { exposures: [{ exposureName: "A", previousPolicy: "x" }] },
    });
    expect(expectError(join, 400, "InvalidFieldModelV1Data").details).toEqual([
      { field: "exposures[0].previousPolicy", message: "is not an exposure field" },
    ]);
  });
});

describe("permissions", () => {
  it("needs <entity>.create, .view and .edit, in either name style", async () => {
    const { company, admin } = await configured();
    const id = await createExposure(company, admin);
    const none = await company.key([], ["person.create"]);
    expectError(
      await company.call("POST", "/entities/exposure", none, { body: { exposureName: "E" } }),
      403,
      "AuthorizationError",
    );
    expectError(await company.call("GET", `/entities/exposure/${id}`, none), 403, "AuthorizationError");
    expectError(await company.call("PATCH", `/entities/Exposure/${id}`, none, { body: {} }), 403, "AuthorizationError");
    const legacy = await company.key(
      [],
      ["company.exposure:create", "company.exposure:read", "company.exposure:update"],
    );
    expect((await company.call("POST", "/entities/exposure", legacy, { body: { exposureName: "E" } })).status).toBe(
      201,
    );
    expect((await company.call("GET", `/entities/exposure/${id}`, legacy)).status).toBe(200);
    expect(
      (await company.call("PATCH", `/entities/exposure/${id}`, legacy, { body: { vehicleCount: 1 } })).status,
    ).toBe(200);
    const claims = await company.key([], ["company.claim:create"]);
    expect((await company.call("POST", "/entities/event", claims, { body: {} })).status).toBe(201);
  });

  it("the any-case routes check the named type's permission first, as the typed routes do: 403 before 400 and 409", async () => {
    const { company } = await configured();
    const exposureOnly = await company.key([], ["exposure.create", "exposure.edit", "exposure.view"]);
    // A malformed id or body is not looked at before the permission.
    for (const path of ["/entities/Event/not-a-uuid", "/entities/event/not-a-uuid"]) {
      expectError(await company.call("PATCH", path, exposureOnly, { body: [] }), 403, "AuthorizationError");
    }
    expectError(await company.call("POST", "/entities/Person", exposureOnly, { body: [] }), 403, "AuthorizationError");
    expectError(await company.call("POST", "/entities/Exposure", exposureOnly, { body: [] }), 400, "VALIDATION_ERROR");
    // A retired company refuses changes with 409, but only to a caller the route would otherwise let in.
    expect((await staff("PATCH", `/admin/companies/${company.id}`, { lifecycle: "retired" })).status).toBe(200);
    expectError(await company.call("POST", "/entities/Person", exposureOnly, { body: {} }), 403, "AuthorizationError");
    expectError(
      await company.call("POST", "/entities/Exposure", exposureOnly, { body: {} }),
      409,
      "CompanyLifecycleRefused",
    );
  });
});

describe("a create mints sequences first, then computed defaults in dependency order, then calculated fields", () => {
  const ORDERED = {
    optionSets: [{ key: "kinds", options: [{ value: "Truck", label: "Truck" }] }],
    fieldDefinitions: [
      // Declared before what they read, on purpose.
      {
        entityType: "exposure",
        referenceId: "title",
        label: "Title",
        typeInfo: { kind: "Calculated", expression: "exposureNumber + ' / ' + exposureType", repeatable: true },
      },
      {
        entityType: "exposure",
        referenceId: "badge",
        label: "Badge",
        typeInfo: { kind: "String" },
        computedDefault: "concat(reference, '*')",
      },
      {
        entityType: "exposure",
        referenceId: "reference",
        label: "Reference",
        typeInfo: { kind: "String" },
        computedDefault: "concat('REF ', exposureNumber)",
      },
      {
        entityType: "exposure",
        referenceId: "exposureNumber",
        label: "Number",
        typeInfo: { kind: "Sequence", prefix: "EX-", padding: 4 },
        generatedAt: "create",
      },
      {
        entityType: "exposure",
        referenceId: "exposureType",
        label: "Type",
        typeInfo: { kind: "Select", optionSet: "kinds" },
      },
    ],
  };

  it("gives the full calculated value and defaults that read the minted number on create", async () => {
    const company = await createCompany();
    const admin = await company.key(["SUPER_ADMIN"]);
    expect((await company.call("POST", "/configuration/import", admin, { body: ORDERED })).status).toBe(200);
    const created = await company.call("POST", "/entities/exposure", admin, { body: { exposureType: "Truck" } });
    expect(created.status).toBe(201);
    const read = (await company.call("GET", `/entities/exposure/${created.json.id}`, admin)).json.data;
    expect(read).toMatchObject({
      exposureNumber: "EX-0001",
      title: "EX-0001 / Truck",
      reference: "REF EX-0001",
      badge: "REF EX-0001*",
    });
    // An empty PATCH changes nothing: the value was complete from the start.
    const patched = await company.call("PATCH", `/entities/exposure/${created.json.id}`, admin, { body: {} });
    expect(patched.json.data.title).toBe("EX-0001 / Truck");
  });
});
