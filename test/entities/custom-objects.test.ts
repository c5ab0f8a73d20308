import { describe, expect, it } from "vitest";
import { call, createCompany, eventually, expectError, type TestCompany } from "../support/harness";
import { must } from "../support/must";

const CONFIGURATION = {
  fieldDefinitions: [{ entityType: "person", referenceId: "name", label: "Name", typeInfo: { kind: "String" } }],
  optionSets: [
    {
      key: "fuels",
      options: [
        { value: "diesel", label: "Diesel" },
        { value: "electric", label: "Electric" },
      ],
    },
  ],
  customObjects: [
    {
      key: "vehicle",
      name: "Vehicle",
      pluralizedName: "Vehicles",
      displayNameExpression: "join(' ', make, model)",
      subFields: [
        { referenceId: "vin", label: "VIN", typeInfo: { kind: "String" }, required: true },
        { referenceId: "make", label: "Make", typeInfo: { kind: "String" } },
        { referenceId: "model", label: "Model", typeInfo: { kind: "String" } },
        { referenceId: "year", label: "Year", typeInfo: { kind: "Integer" } },
        { referenceId: "fuel", label: "Fuel", typeInfo: { kind: "Select", optionSet: "fuels" } },
        { referenceId: "registeredOn", label: "Registered on", typeInfo: { kind: "Date" } },
        { referenceId: "fleetCode", label: "Fleet code", typeInfo: { kind: "String" }, writePermission: "fleet-admin" },
      ],
    },
    {
      key: "driver_license",
      name: "Driver license",
      pluralizedName: "Driver licenses",
      subFields: [{ referenceId: "number", label: "Number", typeInfo: { kind: "String" } }],
    },
    {
      key: "trailer",
      name: "Trailer",
      pluralizedName: "Trailers",
      displayNameExpression: "make * 2",
      subFields: [{ referenceId: "make", label: "Make", typeInfo: { kind: "String" } }],
    },
  ],
  relationships: [{ key: "vehicleOwner", from: "vehicle", to: "Person", cardinality: "N:1" }],
};

/** Calls a path under the second family prefix, where the interface gives the custom object create. */
function callX(company: TestCompany, method: string, path: string, key: string, body?: unknown) {
  return call(method, `/api/v1/external/companies/${company.id}${path}`, { auth: key, body });
}

async function setUp() {
  const company = await createCompany();
  const admin = await company.key(["SUPER_ADMIN"]);
  const imported = await company.call("POST", "/configuration/import", admin, { body: CONFIGURATION });
  expect(imported.status).toBe(200);
  return { company, admin };
}

async function createVehicle(
  company: TestCompany,
  key: string,
  data: Record<string, unknown> = { vin: "1HGCM82633A004352", make: "Volvo", model: "FH16" },
) {
  const res = await callX(company, "POST", "/custom-objects/vehicle", key, { data });
  expect(res.status).toBe(201);
  return res.json.id as string;
}

const count = async (company: TestCompany, key: string, objectType = "vehicle") =>
  (await company.call("GET", `/custom-objects/${objectType}`, key)).json.totalCount as number;

describe("create a custom object (POST X/custom-objects/{objectType})", () => {
  it("answers 201 {id} and stores the values keyed by referenceId", async () => {
    const { company, admin } = await setUp();
    const res = await callX(company, "POST", "/custom-objects/vehicle", admin, {
      data: {
        vin: "VIN-1",
        make: "Volvo",
        model: "FH16",
        year: 2021,
        fuel: "diesel",
        registeredOn: { date: "2021-03-04" },
      },
      batchId: "fleet-import-1",
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.json)).toEqual(["id"]);
    expect(res.json.id).toMatch(/^[0-9a-f-]{36}$/);

    const read = await company.call("GET", `/custom-objects/vehicle/${res.json.id}`, admin);
    expect(read.status).toBe(200);
    expect(read.json).toEqual({
      id: res.json.id,
      objectType: "vehicle",
      data: {
        vin: "VIN-1",
        make: "Volvo",
        model: "FH16",
        year: 2021,
        fuel: "diesel",
        registeredOn: { date: "2021-03-04", timezone: "America/New_York" },
      },
      displayName: "Volvo FH16",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(read.json.createdAt).toBe(read.json.updatedAt);
  });

  it("is also served under the current family, and records the root batchId in the audit log", async () => {
    const { company, admin } = await setUp();
    const res = await company.call("POST", "/custom-objects/vehicle", admin, {
      body: { data: { vin: "VIN-P" }, batchId: "batch-co-7" },
    });
    expect(res.status).toBe(201);
    const log = await eventually(
      async () => (await company.call("GET", "/audit-log?batchId=batch-co-7", admin)).json,
      (l) => l.totalCount === 1,
    );
    expect(log.items[0]).toMatchObject({ action: "createCustomObject", status: 201, batchId: "batch-co-7" });
  });

  it("refuses a relationship key in data with 400 InvalidFieldModelV1Data naming it, and writes nothing", async () => {
    const { company, admin } = await setUp();
    const res = await callX(company, "POST", "/custom-objects/vehicle", admin, {
      data: { vin: "VIN-1", vehicleOwner: "00000000-0000-4000-8000-000000000001" },
    });
    const error = expectError(
      res,
      400,
      "InvalidFieldModelV1Data",
      "Invalid field data: vehicleOwner is a relationship field: relationship fields are linked through the relationships endpoints",
    );
    expect(error.details).toEqual([
      {
        field: "vehicleOwner",
        message: "is a relationship field: relationship fields are linked through the relationships endpoints",
      },
    ]);
    expect(error.userMessages[0]).toContain("relationship fields are linked through the relationships endpoints");
    expect(await count(company, admin)).toBe(0);
  });

  it("validates data like entity writes: unknown keys, wrong values and missing required fields are 400, nothing written", async () => {
    const { company, admin } = await setUp();
    const unknown = await callX(company, "POST", "/custom-objects/vehicle", admin, {
      data: { vin: "V", colour: "red" },
    });
    expect(expectError(unknown, 400, "InvalidFieldModelV1Data").details).toEqual([
      { field: "colour", message: "is not a configured field" },
    ]);

    const wrong = await callX(company, "POST", "/custom-objects/vehicle", admin, {
      data: { vin: "V", year: "new", fuel: "petrol" },
    });
    const fields = expectError(wrong, 400, "InvalidFieldModelV1Data").details.map((d) => d.field);
    expect(fields).toEqual(["year", "fuel"]);

    const missing = await callX(company, "POST", "/custom-objects/vehicle", admin, { data: { make: "Volvo" } });
    expect(expectError(missing, 400, "InvalidFieldModelV1Data").details).toEqual([
      { field: "vin", message: "is required" },
    ]);

    const retiredDate = await callX(company, "POST", "/custom-objects/vehicle", admin, {
      data: { vin: "V", registeredOn: { day: 4, month: 3, year: 2021 } },
    });
    expect(must(expectError(retiredDate, 400, "InvalidFieldModelV1Data").details[0]).field).toMatch(/^registeredOn/);

    expect(await count(company, admin)).toBe(0);
  });

  it("needs data wrapped in {data}: a flat body or an unknown root key is 400 VALIDATION_ERROR", async () => {
    const { company, admin } = await setUp();
    expectError(await callX(company, "POST", "/custom-objects/vehicle", admin, { vin: "V" }), 400, "VALIDATION_ERROR");
    const extra = await callX(company, "POST", "/custom-objects/vehicle", admin, { data: { vin: "V" }, extra: 1 });
    expect(expectError(extra, 400, "VALIDATION_ERROR").details).toContainEqual({
      field: "extra",
      message: "is not a recognised field",
    });
    expect(await count(company, admin)).toBe(0);
  });

  it("refuses a sub-field in a write group the key lacks (403 field-write-permission-required)", async () => {
    const { company, admin } = await setUp();
    const plain = await company.key([], ["company.fmv1_custom_object:create", "custom-object.view"]);
    const refused = await callX(company, "POST", "/custom-objects/vehicle", plain, {
      data: { vin: "V", fleetCode: "F1" },
    });
    expectError(refused, 403, "field-write-permission-required");
    expect(await count(company, admin)).toBe(0);

    // 403 comes before 400: a locked sub-field beside a relationship key, on create and on update.
    const both = { vin: "V", fleetCode: "F1", vehicleOwner: null };
    expectError(
      await callX(company, "POST", "/custom-objects/vehicle", plain, { data: both }),
      403,
      "field-write-permission-required",
    );
    const id = await createVehicle(company, admin);
    const editor = await company.key([], ["custom-object.edit", "custom-object.view"]);
    const update = { data: { fleetCode: "F2", vehicleOwner: null } };
    expectError(
      await company.call("PATCH", `/custom-objects/vehicle/${id}`, editor, { body: update }),
      403,
      "field-write-permission-required",
    );
    expect(await count(company, admin)).toBe(1);

    const grouped = await company.key([], ["custom-object.create", "custom-object.field-fleet-admin"]);
    expect(
      (await callX(company, "POST", "/custom-objects/vehicle", grouped, { data: { vin: "V", fleetCode: "F1" } }))
        .status,
    ).toBe(201);
  });
});

describe("objectType", () => {
  it("is 404 NotFoundError when the configuration does not declare it, on every operation", async () => {
    const { company, admin } = await setUp();
    const id = "00000000-0000-4000-8000-000000000001";
    expectError(
      await callX(company, "POST", "/custom-objects/boat", admin, { data: {} }),
      404,
      "NotFoundError",
      "Not found",
    );
    expectError(await company.call("GET", "/custom-objects/boat", admin), 404, "NotFoundError", "Not found");
    expectError(await company.call("GET", `/custom-objects/boat/${id}`, admin), 404, "NotFoundError", "Not found");
    expectError(
      await company.call("PATCH", `/custom-objects/boat/${id}`, admin, { body: { data: {} } }),
      404,
      "NotFoundError",
      "Not found",
    );
  });

  it("is 400 VALIDATION_ERROR when not snake_case", async () => {
    const { company, admin } = await setUp();
    for (const objectType of ["Vehicle", "driverLicense", "driver-license", "_vehicle", "driver__license"]) {
      const res = await callX(company, "POST", `/custom-objects/${objectType}`, admin, { data: {} });
      expect(must(expectError(res, 400, "VALIDATION_ERROR").details[0]).field).toBe("objectType");
    }
    expect(
      (await callX(company, "POST", "/custom-objects/driver_license", admin, { data: { number: "D-1" } })).status,
    ).toBe(201);
  });

  it("may be a name Object.prototype holds (constructor): created, updated, read and listed like any other", async () => {
    const company = await createCompany();
    const admin = await company.key(["Admin"]);
    const builder = {
      key: "constructor",
      name: "Builder",
      pluralizedName: "Builders",
      displayNameExpression: null,
      subFields: [
        { referenceId: "licence", label: "Licence", typeInfo: { kind: "String" } },
        { referenceId: "length", label: "Length", typeInfo: { kind: "Number" } },
      ],
    };
    const imported = await company.call("POST", "/configuration/import", admin, { body: { customObjects: [builder] } });
    expect(imported.status, imported.text).toBe(200);
    const created = await callX(company, "POST", "/custom-objects/constructor", admin, { data: { licence: "L-1" } });
    expect(created.status, created.text).toBe(201);
    const updated = await company.call("PATCH", `/custom-objects/constructor/${created.json.id}`, admin, {
      body: { data: { length: 12 } },
    });
    expect(updated.status, updated.text).toBe(200);
    const read = await company.call("GET", `/custom-objects/constructor/${created.json.id}`, admin);
    expect(read.json.data).toEqual({ licence: "L-1", length: 12 });
    expect((await company.call("GET", "/custom-objects/constructor", admin)).json.totalCount).toBe(1);
    // A relationship end must name a type or a custom object: an inherited name is neither.
    const relationship = { key: "builtBy", from: "toString", to: "Person", cardinality: "N:1" };
    const refused = expectError(
      await company.call("POST", "/configuration/import", admin, {
        body: { customObjects: [builder], relationships: [relationship] },
      }),
      400,
      "InvalidConfiguration",
    );
    expect(refused.details.map((d) => d.field)).toEqual(["relationships.0.from"]);
  });

  it("a malformed record id is 400", async () => {
    const { company, admin } = await setUp();
    expect(
      must(
        expectError(await company.call("GET", "/custom-objects/vehicle/not-a-uuid", admin), 400, "VALIDATION_ERROR")
          .details[0],
      ).field,
    ).toBe("id");
  });
});

describe("read and list", () => {
  it("displayName is null when the type has no expression or it cannot be evaluated", async () => {
    const { company, admin } = await setUp();
    const license = await callX(company, "POST", "/custom-objects/driver_license", admin, { data: { number: "D-1" } });
    expect(
      (await company.call("GET", `/custom-objects/driver_license/${license.json.id}`, admin)).json.displayName,
    ).toBeNull();
    const trailer = await callX(company, "POST", "/custom-objects/trailer", admin, { data: { make: "Krone" } });
    expect(
      (await callX(company, "GET", `/custom-objects/trailer/${trailer.json.id}`, admin)).json.displayName,
    ).toBeNull();
  });

  it("lists one type newest first with {items, totalCount, page, pageSize}; pageSize defaults to 50 and is clamped to 500", async () => {
    const { company, admin } = await setUp();
    const ids = [];
    for (const vin of ["A", "B", "C"]) ids.push(await createVehicle(company, admin, { vin }));
    await callX(company, "POST", "/custom-objects/driver_license", admin, { data: { number: "D-1" } });

    const all = await company.call("GET", "/custom-objects/vehicle", admin);
    expect(all.json).toMatchObject({ totalCount: 3, page: 1, pageSize: 50 });
    expect(all.json.items.map((i: any) => i.data.vin).sort()).toEqual(["A", "B", "C"]);
    expect(all.json.items.every((i: any) => i.objectType === "vehicle")).toBe(true);

    const page2 = await callX(company, "GET", "/custom-objects/vehicle?page=2&pageSize=2", admin);
    expect(page2.json).toMatchObject({ totalCount: 3, page: 2, pageSize: 2 });
    expect(page2.json.items).toHaveLength(1);

    expect((await company.call("GET", "/custom-objects/vehicle?pageSize=9999", admin)).json.pageSize).toBe(500);
    expectError(await company.call("GET", "/custom-objects/vehicle?page=0", admin), 400, "VALIDATION_ERROR");
  });
});

describe("update (PATCH .../custom-objects/{objectType}/{id})", () => {
  it("changes only the sub-fields sent and recomputes displayName", async () => {
    const { company, admin } = await setUp();
    const id = await createVehicle(company, admin);
    const before = (await company.call("GET", `/custom-objects/vehicle/${id}`, admin)).json;
    const res = await callX(company, "PATCH", `/custom-objects/vehicle/${id}`, admin, {
      data: { model: "FH", year: 2020 },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id,
      objectType: "vehicle",
      data: { vin: "1HGCM82633A004352", make: "Volvo", model: "FH", year: 2020 },
      displayName: "Volvo FH",
    });
    expect(res.json.updatedAt >= before.updatedAt).toBe(true);
    expect((await company.call("GET", `/custom-objects/vehicle/${id}`, admin)).json.data.model).toBe("FH");
  });

  it("refuses relationship keys and invalid values and changes nothing", async () => {
    const { company, admin } = await setUp();
    const id = await createVehicle(company, admin);
    const relationship = await company.call("PATCH", `/custom-objects/vehicle/${id}`, admin, {
      body: { data: { model: "X", vehicleOwner: null } },
    });
    expect(expectError(relationship, 400, "InvalidFieldModelV1Data").details).toEqual([
      {
        field: "vehicleOwner",
        message: "is a relationship field: relationship fields are linked through the relationships endpoints",
      },
    ]);
    expectError(
      await company.call("PATCH", `/custom-objects/vehicle/${id}`, admin, {
        body: { data: { model: "X", vin: null } },
      }),
      400,
      "InvalidFieldModelV1Data",
    );
    expect((await company.call("GET", `/custom-objects/vehicle/${id}`, admin)).json.data.model).toBe("FH16");
    // An unknown record is 404 whatever the body names, a relationship key as any other.
    const unknown = crypto.randomUUID();
    for (const data of [{ vehicleOwner: null }, { nope: 1 }]) {
      expectError(
        await company.call("PATCH", `/custom-objects/vehicle/${unknown}`, admin, { body: { data } }),
        404,
        "NotFoundError",
      );
    }
  });

  it("a record of another custom object type is 404", async () => {
    const { company, admin } = await setUp();
    const license = await callX(company, "POST", "/custom-objects/driver_license", admin, { data: { number: "D-1" } });
    expectError(
      await company.call("GET", `/custom-objects/vehicle/${license.json.id}`, admin),
      404,
      "NotFoundError",
      "Not found",
    );
    expectError(
      await company.call("PATCH", `/custom-objects/vehicle/${license.json.id}`, admin, {
        body: { data: { make: "X" } },
      }),
      404,
      "NotFoundError",
      "Not found",
    );
  });
});

describe("permissions", () => {
  it("create needs custom-object.create (legacy company.fmv1_custom_object:create), read and list custom-object.view, update custom-object.edit", async () => {
    const { company, admin } = await setUp();
    const id = await createVehicle(company, admin);
    const readOnly = await company.key(["ReadOnly"]);
    const forbidden = "User is not authorized to perform the requested action";
    expectError(
      await callX(company, "POST", "/custom-objects/vehicle", readOnly, { data: { vin: "V" } }),
      403,
      "AuthorizationError",
      forbidden,
    );
    expectError(
      await company.call("PATCH", `/custom-objects/vehicle/${id}`, readOnly, { body: { data: { make: "X" } } }),
      403,
      "AuthorizationError",
      forbidden,
    );
    expect((await company.call("GET", `/custom-objects/vehicle/${id}`, readOnly)).status).toBe(200);

    const creator = await company.key([], ["company.fmv1_custom_object:create"]);
    expect((await callX(company, "POST", "/custom-objects/vehicle", creator, { data: { vin: "V" } })).status).toBe(201);
    expectError(
      await company.call("GET", `/custom-objects/vehicle/${id}`, creator),
      403,
      "AuthorizationError",
      forbidden,
    );
    expectError(await callX(company, "GET", "/custom-objects/vehicle", creator), 403, "AuthorizationError", forbidden);

    const editor = await company.key([], ["custom-object.edit"]);
    expect(
      (await callX(company, "PATCH", `/custom-objects/vehicle/${id}`, editor, { data: { make: "Scania" } })).status,
    ).toBe(200);
    expectError(
      await callX(company, "POST", "/custom-objects/vehicle", editor, { data: { vin: "V" } }),
      403,
      "AuthorizationError",
      forbidden,
    );
    expect(await count(company, admin)).toBe(2);
  });
});

describe("another company", () => {
  it("its records are 404 under the caller's own company path, and its key is 403", async () => {
    const { company: mine, admin: myKey } = await setUp();
    const { company: theirs, admin: theirKey } = await setUp();
    const theirId = await createVehicle(theirs, theirKey, { vin: "THEIRS", make: "Secret" });

    for (const path of [`/custom-objects/vehicle/${theirId}`]) {
      const read = await mine.call("GET", path, myKey);
      expectError(read, 404, "NotFoundError", "Not found");
      expect(read.text).not.toContain("Secret");
      expectError(await callX(mine, "GET", path, myKey), 404, "NotFoundError", "Not found");
      expectError(
        await mine.call("PATCH", path, myKey, { body: { data: { make: "Mine" } } }),
        404,
        "NotFoundError",
        "Not found",
      );
    }
    expect((await mine.call("GET", "/custom-objects/vehicle", myKey)).json.totalCount).toBe(0);
    expect((await theirs.call("GET", `/custom-objects/vehicle/${theirId}`, theirKey)).json.data.make).toBe("Secret");

    const intruder = await callX(theirs, "POST", "/custom-objects/vehicle", myKey, { data: { vin: "V" } });
    expectError(intruder, 403, "AuthorizationError", "API key is not scoped to the requested company");
    expectError(
      await theirs.call("GET", `/custom-objects/vehicle/${theirId}`, myKey),
      403,
      "AuthorizationError",
      "API key is not scoped to the requested company",
    );
  });
});
