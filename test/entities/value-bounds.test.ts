import { describe, expect, it } from "vitest";
import { createCompany, expectError, staff } from "../support/harness";

/**
 * Field values bounded by kind, own members only, OFAC stamps and event names (CONTRACT 8.3 and section 4;
 * issue 11). Each finding as a request that failed before.
 */

const CONFIGURATION = {
  fieldDefinitions: [
    { entityType: "person", referenceId: "name", label: "Name", typeInfo: { kind: "String" } },
    {
      entityType: "person",
      referenceId: "constructor",
      label: "Constructor",
      typeInfo: { kind: "String" },
      required: true,
    },
    { entityType: "person", referenceId: "toString", label: "To string", typeInfo: { kind: "Integer" } },
    {
      entityType: "person",
      referenceId: "screening",
      label: "Screening",
      typeInfo: { kind: "Object: OfacScreening" },
    },
    {
      entityType: "person",
      referenceId: "vehicles",
      label: "Vehicles",
      typeInfo: { kind: "Group", subFields: [{ referenceId: "vin", label: "VIN", typeInfo: { kind: "String" } }] },
    },
    { entityType: "exposure", referenceId: "exposureName", label: "Name", typeInfo: { kind: "String" } },
  ],
  relationships: [{ key: "eventExposures", from: "Event", to: "Exposure", cardinality: "1:N" }],
};

async function configured() {
  const company = await createCompany();
  const key = await company.key(["SUPER_ADMIN"]);
  expect((await company.call("POST", "/configuration/import", key, { body: CONFIGURATION })).status).toBe(200);
  const count = async (type: string) => (await company.call("GET", `/entities/${type}`, key)).json.totalCount;
  return { company, key, count };
}

describe("a field named like a built-in JavaScript member", () => {
  it("is required like any other field: constructor missing is 400, not silently passed", async () => {
    const { company, key, count } = await configured();
    const res = await company.call("POST", "/entities/person", key, { body: { name: "Ada" } });
    expect(expectError(res, 400, "InvalidFieldModelV1Data").details).toEqual([
      { field: "constructor", message: "is required" },
    ]);
    const ok = await company.call("POST", "/entities/person", key, {
      body: { name: "Ada", constructor: "yes", toString: 3 },
    });
    expect(ok.status, ok.text).toBe(201);
    const read = await company.call("GET", `/entities/person/${ok.json.id}`, key);
    expect(read.json.data).toMatchObject({ constructor: "yes", toString: 3 });
    expect(await count("person")).toBe(1);
  });

  it("data {constructor: 1} on a type without such a field is a 400 naming it, not a 500", async () => {
    const { company, key } = await configured();
    for (const member of ["constructor", "toString", "hasOwnProperty", "valueOf"]) {
      const res = await company.call("POST", "/entities/exposure", key, { rawBody: `{"${member}": 1}` });
      expect(expectError(res, 400, "InvalidFieldModelV1Data").details, member).toEqual([
        { field: member, message: "is not a configured field" },
      ]);
      const event = await company.call("POST", "/entities/event", key, { rawBody: `{"${member}": 1}` });
      expect(`${member} ${event.status}`).toBe(`${member} 400`);
    }
    // __proto__ is refused as a member name anywhere in a body: a copy by assignment would set a prototype.
    for (const body of ['{"__proto__": {"x": 1}}', '{"vehicles": [{"__proto__": 1}]}']) {
      const res = await company.call("POST", "/entities/person", key, { rawBody: body });
      expect(expectError(res, 400, "VALIDATION_ERROR").details).toEqual([
        { field: "__proto__", message: "is not accepted as a member name" },
      ]);
    }
    const inText = await company.call("POST", "/entities/exposure", key, { body: { exposureName: '"__proto__": 1' } });
    expect(inText.status).toBe(201);
  });
});

describe("values bounded by kind", () => {
  it("an 8 MB field value is refused before it is read (413) and nothing is stored", async () => {
    const { company, key, count } = await configured();
    const res = await company.call("POST", "/entities/person", key, {
      body: { name: "x".repeat(8 * 1024 * 1024), constructor: "c" },
    });
    expectError(res, 413, "PayloadTooLarge", "Request body exceeds 1 MiB");
    expect(await count("person")).toBe(0);
  });

  it("text over 10,000 characters and a Group over 1,000 entries are 400 naming the field", async () => {
    const { company, key, count } = await configured();
    const res = await company.call("POST", "/entities/person", key, {
      body: {
        constructor: "c",
        name: "n".repeat(10_001),
        vehicles: Array.from({ length: 1_001 }, () => ({})),
        screening: { name: "z".repeat(10_001) },
      },
    });
    expect(expectError(res, 400, "InvalidFieldModelV1Data").details).toEqual([
      { field: "name", message: "must be at most 10,000 characters long" },
      { field: "vehicles", message: "must have at most 1,000 entries" },
      { field: "screening.name", message: "must be at most 10,000 characters long" },
    ]);
    expect(await count("person")).toBe(0);
  });

  it("an Integer beyond 2^53 is 400: JSON would store another number than the one sent", async () => {
    const { company, key, count } = await configured();
    for (const value of ["9007199254740993", "-9007199254740993", "1e300"]) {
      const res = await company.call("POST", "/entities/person", key, {
        rawBody: `{"constructor":"c","toString":${value}}`,
      });
      expect(expectError(res, 400, "InvalidFieldModelV1Data").details).toEqual([
        {
          field: "toString",
          message: "must be a whole number between -9,007,199,254,740,991 and 9,007,199,254,740,991",
        },
      ]);
    }
    expect(await count("person")).toBe(0);
    const largest = await company.call("POST", "/entities/person", key, {
      body: { constructor: "c", toString: Number.MAX_SAFE_INTEGER },
    });
    expect(largest.status, largest.text).toBe(201);
  });
});

describe("OFAC screenedAt (CONTRACT section 4)", () => {
  it("later than 5 minutes after the request is 400 naming it; a genuine later match still wins", async () => {
    const { company, key } = await configured();
    const future = await company.call("POST", "/entities/person", key, {
      body: { constructor: "c", screening: { status: "clear", screenedAt: "9999-01-01T00:00:00Z" } },
    });
    expect(expectError(future, 400, "InvalidFieldModelV1Data").details).toEqual([
      { field: "screening.screenedAt", message: "must not be later than 5 minutes after the request" },
    ]);
    const soon = new Date(Date.now() + 60_000).toISOString();
    const created = await company.call("POST", "/entities/person", key, {
      body: { constructor: "c", screening: { status: "clear", screenedAt: soon } },
    });
    expect(created.status, created.text).toBe(201);
    const match = new Date(Date.now() + 120_000).toISOString();
    const updated = await company.call("PATCH", `/entities/person/${created.json.id}`, key, {
      body: { screening: { status: "potentialMatch", screenedAt: match } },
    });
    expect(updated.json.data.screening.status).toBe("potentialMatch");
  });

  it("applies when the company does not screen too", async () => {
    const { company, key } = await configured();
    expect(
      (await staff("PATCH", `/admin/companies/${company.id}`, { features: { ofacScreening: false } })).status,
    ).toBe(200);
    const res = await company.call("POST", "/entities/person", key, {
      body: { constructor: "c", screening: { screenedAt: "2999-01-01T00:00:00Z" } },
    });
    expectError(res, 400, "InvalidFieldModelV1Data");
  });
});

describe("event names (CONTRACT 8.3: at most 1,000 characters)", () => {
  it("userSetEventName over 1,000 characters is 400; a name derived from many exposures is cut at 1,000", async () => {
    const { company, key } = await configured();
    const long = expectError(
      await company.call("POST", "/entities/event", key, { body: { userSetEventName: "e".repeat(1_001) } }),
      400,
      "InvalidFieldModelV1Data",
    );
    expect(long.details).toEqual([{ field: "userSetEventName", message: "must be at most 1,000 characters long" }]);
    const event = await company.call("POST", "/entities/event", key, { body: {} });
    for (let i = 0; i < 12; i++) {
      const exposure = await company.call("POST", "/entities/exposure", key, {
        body: { exposureName: `${i}-${"x".repeat(98)}` },
      });
      const linked = await company.call("POST", "/relationships/eventExposures/links", key, {
        body: { fromId: event.json.id, toId: exposure.json.id },
      });
      expect(linked.status).toBe(201);
    }
    const name: string = (await company.call("GET", `/entities/event/${event.json.id}`, key)).json.data.eventName;
    expect(name).toHaveLength(1_000);
    expect(name.endsWith("…")).toBe(true);
  });
});

describe("a declared platform field keeps the platform's bounds (CONTRACT 4: a configuration may still declare it)", () => {
  it("a declared userSetEventName over 1,000 characters is still 400, on create and on update", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    const declared = {
      entityType: "event",
      referenceId: "userSetEventName",
      label: "Claim title",
      typeInfo: { kind: "String" },
      required: false,
      writePermission: null,
    };
    const imported = await company.call("POST", "/configuration/import", key, {
      body: { fieldDefinitions: [declared] },
    });
    expect(imported.status, imported.text).toBe(200);
    const tooLong = { userSetEventName: "e".repeat(1_001) };
    const created = expectError(
      await company.call("POST", "/entities/event", key, { body: tooLong }),
      400,
      "InvalidFieldModelV1Data",
    );
    expect(created.details).toEqual([{ field: "userSetEventName", message: "must be at most 1,000 characters long" }]);
    const event = await company.call("POST", "/entities/event", key, { body: { userSetEventName: "e".repeat(1_000) } });
    expect(event.status, event.text).toBe(201);
    const updated = await company.call("PATCH", `/entities/event/${event.json.id}`, key, { body: tooLong });
    expectError(updated, 400, "InvalidFieldModelV1Data");
    const read = await company.call("GET", `/entities/event/${event.json.id}`, key);
    expect(read.json.data.userSetEventName).toHaveLength(1_000);
  });
});

describe("dates of years 0000 to 0099", () => {
  it("are accepted in a Date field and in asOf", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    const document = {
      fieldDefinitions: [
        { entityType: "event", referenceId: "lossDate", label: "Loss date", typeInfo: { kind: "Date" } },
      ],
    };
    expect((await company.call("POST", "/configuration/import", key, { body: document })).status).toBe(200);
    const res = await company.call("POST", "/entities/event", key, { body: { lossDate: { date: "0050-02-28" } } });
    expect(res.status, res.text).toBe(201);
    const read = await company.call("GET", `/entities/event/${res.json.id}`, key);
    expect(read.json.data.lossDate).toEqual({ date: "0050-02-28", timezone: "America/New_York" });
    expectError(
      await company.call("POST", "/entities/event", key, { body: { lossDate: { date: "0050-02-29" } } }),
      400,
      "InvalidFieldModelV1Data",
    );
    expect((await company.call("GET", "/policies/earned-premium?asOf=0099-12-31", key)).status).toBe(200);
    const list = await company.call("GET", "/policies/list?activeOn.year=96&activeOn.month=2&activeOn.day=29", key);
    expect(list.status, list.text).toBe(200);
  });
});
