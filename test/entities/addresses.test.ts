import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { FAKE_GEOCODER_ORIGIN } from "../support/fake-geocoder";
import { answerGeocoder, geocoderLookups, untilGeocoderAsked } from "../support/geocoder-control";
import { createCompany, expectError, type TestCompany } from "../support/harness";
import { must } from "../support/must";

let sequence = 0;
/** A street no other test uses (the fake's answers are shared by every test file). */
const uniqueStreet = () =>
  `${100 + (sequence++ % 800)} ${Math.random().toString(36).slice(2, 8)} ${Date.now().toString(36)} St`;

const FIELDS = (riskKind: string) => [
  { entityType: "exposure", referenceId: "exposureName", label: "Exposure name", typeInfo: { kind: "String" } },
  { entityType: "exposure", referenceId: "riskAddress", label: "Risk address", typeInfo: { kind: riskKind } },
  {
    entityType: "exposure",
    referenceId: "mailingAddress",
    label: "Mailing address",
    typeInfo: { kind: "Object: Address" },
  },
];

async function setUp(riskKind = "Object: AddressV2") {
  const company = await createCompany();
  const admin = await company.key(["SUPER_ADMIN"]);
  const imported = await company.call("POST", "/configuration/import", admin, {
    body: { fieldDefinitions: FIELDS(riskKind) },
  });
  expect(imported.status).toBe(200);
  const key = await company.key(["Admin"]);
  return { company, admin, key };
}

/** A company whose exposures also hold a Group of AddressV2 locations; its SUPER_ADMIN key. */
async function setUpLocations() {
  const company = await createCompany();
  const admin = await company.key(["SUPER_ADMIN"]);
  const locations = {
    entityType: "exposure",
    referenceId: "locations",
    label: "Locations",
    typeInfo: {
      kind: "Group",
      subFields: [{ referenceId: "address", label: "Address", typeInfo: { kind: "Object: AddressV2" } }],
    },
  };
  const imported = await company.call("POST", "/configuration/import", admin, {
    body: { fieldDefinitions: [...FIELDS("Object: AddressV2"), locations] },
  });
  expect(imported.status).toBe(200);
  return { company, admin };
}

const entered = (street: string, extra: Record<string, unknown> = {}) => ({
  address1: street,
  address2: "Suite 4",
  city: "Washington",
  state: "DC",
  zipCode: "20233",
  countryCode: "US",
  ...extra,
});

async function createExposure(company: TestCompany, key: string, data: Record<string, unknown>) {
  const res = await company.call("POST", "/entities/exposure", key, { body: data });
  expect(res.status).toBe(201);
  return res.json.id as string;
}

const read = async (company: TestCompany, key: string, id: string) =>
  (await company.call("GET", `/entities/exposure/${id}`, key)).json.data;

describe("geocoding on save of an AddressV2 value", () => {
  it("a match stores the provider's county, coordinates, precision, granularity and provenance", async () => {
    const { company, key } = await setUp();
    const street = uniqueStreet();
    await answerGeocoder(street, {
      kind: "match",
      county: "District of Columbia",
      latitude: 38.84601,
      longitude: -76.92748,
      matchedAddress: "4600 SILVER HILL RD, WASHINGTON, DC, 20233",
    });
    const id = await createExposure(company, key, {
      exposureName: "HQ",
      riskAddress: { entryMethod: "manual", enteredAddress: entered(street) },
    });

    const value = (await read(company, key, id)).riskAddress;
    expect(value.entryMethod).toBe("manual");
    expect(value.enteredAddress).toEqual(entered(street));
    expect(value.geocode).toMatchObject({
      source: "census",
      status: "matched",
      county: "District of Columbia",
      latitude: 38.84601,
      longitude: -76.92748,
      precision: "interpolated",
      granularity: "address",
      provenance: {
        provider: "census",
        matchedAddress: "4600 SILVER HILL RD, WASHINGTON, DC, 20233",
        benchmark: "Public_AR_Current",
        vintage: "Current_Current",
      },
    });
    expect(Date.parse(value.geocode.provenance.requestedAt)).not.toBeNaN();
    // The Census structured-address protocol: address parts as separate parameters, JSON format.
    expect(await geocoderLookups(street)).toEqual([
      {
        street,
        city: "Washington",
        state: "DC",
        zip: "20233",
        benchmark: "Public_AR_Current",
        vintage: "Current_Current",
        format: "json",
      },
    ]);
    // The outbound log sees the worker's call (the OFAC tests rely on it to show that no call is made).
    const outbound = await (
      await fetch(`${FAKE_GEOCODER_ORIGIN}/__control/outbound?contains=${encodeURIComponent(street)}`)
    ).json();
    expect(outbound).toEqual([
      expect.objectContaining({
        method: "GET",
        url: expect.stringContaining(`${FAKE_GEOCODER_ORIGIN}/geocoder/geographies/address?street=${street}`),
      }),
    ]);
  });

  it("no match is recorded as unmatched and the write succeeds", async () => {
    const { company, key } = await setUp();
    const street = uniqueStreet();
    await answerGeocoder(street, { kind: "noMatch" });
    const id = await createExposure(company, key, { riskAddress: { enteredAddress: entered(street) } });
    expect((await read(company, key, id)).riskAddress.geocode).toMatchObject({
      source: "census",
      status: "unmatched",
      county: null,
      latitude: null,
      longitude: null,
      precision: null,
      granularity: null,
      provenance: { provider: "census", matchedAddress: null },
    });
    expect(await geocoderLookups(street)).toHaveLength(1);
  });

  it.each([
    ["a 500", { kind: "error", status: 500 }, "provider answered HTTP 500"],
    ["a 503", { kind: "error", status: 503 }, "provider answered HTTP 503"],
    ["an answer that is not JSON", { kind: "notJson" }, "provider answer is not JSON"],
    ["no answer before the timeout", { kind: "hang" }, "no answer within 1500 ms"],
  ] as const)("an outage (%s) is recorded as failed and the write succeeds", async (_, reply, reason) => {
    const { company, key } = await setUp();
    const street = uniqueStreet();
    await answerGeocoder(street, reply);
    const id = await createExposure(company, key, {
      exposureName: "Depot",
      riskAddress: { enteredAddress: entered(street) },
    });
    const data = await read(company, key, id);
    expect(data.exposureName).toBe("Depot");
    expect(data.riskAddress.geocode).toMatchObject({
      source: "census",
      status: "failed",
      county: null,
      latitude: null,
      longitude: null,
      provenance: { provider: "census", reason },
    });
  });

  it("an update that moves the address geocodes it and answers the stored value", async () => {
    const { company, key } = await setUp();
    const first = uniqueStreet();
    const second = uniqueStreet();
    await answerGeocoder(first, { kind: "noMatch" });
    await answerGeocoder(second, { kind: "match", county: "Fairfax County" });
    const id = await createExposure(company, key, { riskAddress: { enteredAddress: entered(first) } });
    const res = await company.call("PATCH", `/entities/Exposure/${id}`, key, {
      body: { riskAddress: { enteredAddress: entered(second) } },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.riskAddress.geocode).toMatchObject({ status: "matched", county: "Fairfax County" });
    expect((await read(company, key, id)).riskAddress.geocode.county).toBe("Fairfax County");
  });

  it("a value with no street line or outside the United States is unmatched without a call", async () => {
    const { company, key } = await setUp();
    const street = uniqueStreet();
    const noStreet = await createExposure(company, key, {
      riskAddress: { enteredAddress: { city: "Boston", state: "MA", zipCode: "02110" } },
    });
    const abroad = await createExposure(company, key, {
      riskAddress: { enteredAddress: entered(street, { countryCode: "CA", state: "ON" }) },
    });
    expect((await read(company, key, noStreet)).riskAddress.geocode).toMatchObject({
      status: "unmatched",
      provenance: { reason: "no street address to geocode" },
    });
    expect((await read(company, key, abroad)).riskAddress.geocode).toMatchObject({
      status: "unmatched",
      provenance: { reason: "country CA is outside the provider's coverage" },
    });
    expect(await geocoderLookups(street)).toEqual([]);
  });
});

describe("a geocode sent with the value", () => {
  it("with source provided is stored exactly as given and the provider is not called", async () => {
    const { company, key } = await setUp();
    const street = uniqueStreet();
    await answerGeocoder(street, { kind: "match", county: "Wrong County" });
    const provided = {
      source: "provided",
      status: "matched",
      county: "Kings County",
      latitude: 40.6782,
      longitude: -73.9442,
      precision: "rooftop",
      granularity: "parcel",
      provenance: { vendor: "our own survey" },
      surveyId: "S-17",
    };
    const id = await createExposure(company, key, {
      riskAddress: { enteredAddress: entered(street), geocode: provided },
    });
    expect((await read(company, key, id)).riskAddress.geocode).toEqual(provided);
    expect(await geocoderLookups(street)).toEqual([]);
    // Only what the published geocode schema says is checked: a status left out stays left out.
    const bare = { source: "provided", latitude: 42.35, longitude: -71.06 };
    const second = await createExposure(company, key, {
      riskAddress: { enteredAddress: entered(street), geocode: bare },
    });
    expect((await read(company, key, second)).riskAddress.geocode).toEqual(bare);
  });

  it("with any other source is discarded and replaced by the server's result", async () => {
    const { company, key } = await setUp();
    const street = uniqueStreet();
    await answerGeocoder(street, { kind: "match", county: "Arlington County", latitude: 38.88, longitude: -77.1 });
    const sent = {
      source: "client-app",
      status: "matched",
      county: "Made-up County",
      latitude: 1,
      longitude: 2,
      precision: "rooftop",
      granularity: "parcel",
      provenance: null,
    };
    const id = await createExposure(company, key, { riskAddress: { enteredAddress: entered(street), geocode: sent } });
    const geocode = (await read(company, key, id)).riskAddress.geocode;
    expect(geocode).toMatchObject({
      source: "census",
      status: "matched",
      county: "Arlington County",
      latitude: 38.88,
      longitude: -77.1,
    });
    expect(await geocoderLookups(street)).toHaveLength(1);
  });

  it("with source provided is checked against the geocode schema (400, nothing written)", async () => {
    const { company, key } = await setUp();
    const res = await company.call("POST", "/entities/exposure", key, {
      body: {
        exposureName: "Bad geocode",
        riskAddress: {
          enteredAddress: entered(uniqueStreet()),
          geocode: { source: "provided", status: "matched", latitude: 123, longitude: "west" },
        },
      },
    });
    const error = expectError(res, 400, "InvalidFieldModelV1Data");
    expect(error.details).toEqual([
      { field: "riskAddress.geocode.latitude", message: "must be a latitude between -90 and 90" },
      { field: "riskAddress.geocode.longitude", message: "must be a longitude between -180 and 180" },
    ]);
    expect((await company.call("GET", "/entities/exposure", key)).json.totalCount).toBe(0);
  });
});

describe("only a changed entered address is geocoded again", () => {
  it("updates that leave the entered address alone keep the stored geocode without a call", async () => {
    const { company, key } = await setUp();
    const street = uniqueStreet();
    await answerGeocoder(street, { kind: "match", county: "Montgomery County" });
    const id = await createExposure(company, key, {
      exposureName: "Warehouse",
      riskAddress: { enteredAddress: entered(street) },
    });
    const stored = (await read(company, key, id)).riskAddress;

    // Another field changes; then the same entered address is sent again, with and without an echoed geocode.
    expect(
      (await company.call("PATCH", `/entities/exposure/${id}`, key, { body: { exposureName: "Warehouse 2" } })).status,
    ).toBe(200);
    expect(
      (
        await company.call("PATCH", `/entities/exposure/${id}`, key, {
          body: { riskAddress: { entryMethod: "autocomplete", enteredAddress: entered(street) } },
        })
      ).status,
    ).toBe(200);
    const echoed = { ...stored.geocode, county: "Tampered County", source: "census" };
    expect(
      (
        await company.call("PATCH", `/entities/exposure/${id}`, key, {
          body: { riskAddress: { enteredAddress: entered(street), geocode: echoed } },
        })
      ).status,
    ).toBe(200);

    expect(await geocoderLookups(street)).toHaveLength(1);
    const after = (await read(company, key, id)).riskAddress;
    expect(after.geocode).toEqual(stored.geocode);
  });

  it("a changed member of the entered address (here address2) is geocoded again", async () => {
    const { company, key } = await setUp();
    const street = uniqueStreet();
    await answerGeocoder(street, { kind: "match" });
    const id = await createExposure(company, key, { riskAddress: { enteredAddress: entered(street) } });
    await company.call("PATCH", `/entities/exposure/${id}`, key, {
      body: { riskAddress: { enteredAddress: entered(street, { address2: "Suite 5" }) } },
    });
    expect(await geocoderLookups(street)).toHaveLength(2);
  });

  it("a failed geocode is retried on the next save of the same address", async () => {
    const { company, key } = await setUp();
    const street = uniqueStreet();
    await answerGeocoder(street, { kind: "error", status: 502 });
    const id = await createExposure(company, key, { riskAddress: { enteredAddress: entered(street) } });
    expect((await read(company, key, id)).riskAddress.geocode.status).toBe("failed");
    await answerGeocoder(street, { kind: "match", county: "Baltimore County" });
    await company.call("PATCH", `/entities/exposure/${id}`, key, {
      body: { riskAddress: { enteredAddress: entered(street) } },
    });
    expect((await read(company, key, id)).riskAddress.geocode).toMatchObject({
      status: "matched",
      county: "Baltimore County",
    });
    expect(await geocoderLookups(street)).toHaveLength(2);
  });

  it("a stored provided geocode stays while the entered address is unchanged", async () => {
    const { company, key } = await setUp();
    const street = uniqueStreet();
    const provided = {
      source: "provided",
      status: "matched",
      county: "Kings County",
      latitude: 40.6,
      longitude: -73.9,
      precision: null,
      granularity: null,
      provenance: null,
    };
    const id = await createExposure(company, key, {
      riskAddress: { enteredAddress: entered(street), geocode: provided },
    });
    await company.call("PATCH", `/entities/exposure/${id}`, key, {
      body: { riskAddress: { enteredAddress: entered(street) } },
    });
    expect((await read(company, key, id)).riskAddress.geocode).toEqual(provided);
    expect(await geocoderLookups(street)).toEqual([]);
  });
});

describe("each field takes the shape of its configured kind", () => {
  it("an AddressV2 field refuses the legacy flat shape, naming where each member goes", async () => {
    const { company, key } = await setUp();
    const res = await company.call("POST", "/entities/exposure", key, {
      body: { riskAddress: { street: "1 Main St", zipCode: "02110" } },
    });
    const error = expectError(res, 400, "InvalidFieldModelV1Data");
    expect(error.details).toEqual([
      {
        field: "riskAddress.street",
        message:
          "is a member of the legacy Address shape; this field takes AddressV2, where it is enteredAddress.address1",
      },
      {
        field: "riskAddress.zipCode",
        message:
          "is a member of the legacy Address shape; this field takes AddressV2, where it is enteredAddress.zipCode",
      },
      { field: "riskAddress.enteredAddress", message: "must be an object" },
    ]);
    expect((await company.call("GET", "/entities/exposure", key)).json.totalCount).toBe(0);
  });

  it("an AddressV2 zipCode must be quoted text", async () => {
    const { company, key } = await setUp();
    const res = await company.call("POST", "/entities/exposure", key, {
      body: { riskAddress: { enteredAddress: { address1: "1 Main St", zipCode: 2110 } } },
    });
    const error = expectError(
      res,
      400,
      "InvalidFieldModelV1Data",
      'Invalid field data: riskAddress.enteredAddress.zipCode must be text (send ZIP codes quoted, for example "02110")',
    );
    expect(error.userMessages).toEqual(['Zip code must be text (send ZIP codes quoted, for example "02110").']);
  });

  it("a legacy Address field refuses the AddressV2 shape", async () => {
    const { company, key } = await setUp();
    const res = await company.call("POST", "/entities/exposure", key, {
      body: { mailingAddress: { enteredAddress: { address1: "1 Main St" } } },
    });
    const error = expectError(res, 400, "InvalidFieldModelV1Data");
    expect(error.details).toEqual([
      {
        field: "mailingAddress.enteredAddress",
        message:
          "belongs to the AddressV2 shape; this field takes the flat Address shape (street, city, state, zipCode, country, county)",
      },
    ]);
  });

  it("a legacy Address value is stored as sent, never geocoded, its county the caller's", async () => {
    const { company, key } = await setUp();
    const street = uniqueStreet();
    await answerGeocoder(street, { kind: "match", county: "Provider County" });
    const mailing = { street, city: "Springfield", state: "IL", zipCode: "62701", country: "US", county: "Sangamon" };
    const id = await createExposure(company, key, { mailingAddress: mailing });
    expect((await read(company, key, id)).mailingAddress).toEqual(mailing);
    expect(await geocoderLookups(street)).toEqual([]);
  });
});

describe("reads show AddressV2 fields in the AddressV2 shape, including rows written as legacy Address", () => {
  async function legacyRow(company: TestCompany, data: Record<string, unknown>) {
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await env.DB.prepare(
      "INSERT INTO entities (id, company_id, kind, entity_type, data, version, created_at, updated_at) VALUES (?, ?, 'entity', 'exposure', ?, 1, ?, ?)",
    )
      .bind(id, company.id, JSON.stringify(data), now, now)
      .run();
    return id;
  }

  it("after the field moves from Address to AddressV2, single and list reads convert older rows per the mapping table", async () => {
    const { company, admin, key } = await setUp("Object: Address");
    const id = await legacyRow(company, {
      exposureName: "Old depot",
      riskAddress: {
        street: "12 Elm St",
        city: "Boston",
        state: "MA",
        zipCode: 2110,
        country: "US",
        county: "Suffolk",
      },
    });
    // Before the move the field is legacy, and reads show it as stored.
    expect((await read(company, key, id)).riskAddress).toEqual({
      street: "12 Elm St",
      city: "Boston",
      state: "MA",
      zipCode: 2110,
      country: "US",
      county: "Suffolk",
    });

    const moved = await company.call("POST", "/configuration/import", admin, {
      body: { fieldDefinitions: FIELDS("Object: AddressV2") },
    });
    expect(moved.status).toBe(200);

    const expected = {
      enteredAddress: {
        address1: "12 Elm St",
        address2: null,
        city: "Boston",
        state: "MA",
        zipCode: "2110",
        countryCode: "US",
      },
      geocode: {
        source: "legacyAddress",
        status: "notGeocoded",
        county: "Suffolk",
        latitude: null,
        longitude: null,
        precision: null,
        granularity: null,
        provenance: null,
      },
    };
    expect((await read(company, key, id)).riskAddress).toEqual(expected);
    const list = await company.call("GET", "/entities/exposure", key);
    expect(list.json.items.find((item: any) => item.id === id).data.riskAddress).toEqual(expected);
    // An update of another field answers the converted view too; the stored row is not rewritten.
    const updated = await company.call("PATCH", `/entities/exposure/${id}`, key, {
      body: { exposureName: "Old depot (renamed)" },
    });
    expect(updated.json.data.riskAddress).toEqual(expected);
    const raw = await env.DB.prepare("SELECT data FROM entities WHERE id = ?").bind(id).first<{ data: string }>();
    expect(JSON.parse(must(raw).data).riskAddress.street).toBe("12 Elm St");
  });

  it("legacy values inside a quote's embedded exposures read in the AddressV2 shape too", async () => {
    const { company, admin, key } = await setUp("Object: Address");
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    const data = {
      exposures: [{ exposureName: "Truck", riskAddress: { street: "9 Oak Ave", zipCode: "07102", county: "Essex" } }],
    };
    await env.DB.prepare(
      "INSERT INTO entities (id, company_id, kind, entity_type, data, version, created_at, updated_at) VALUES (?, ?, 'entity', 'quote', ?, 1, ?, ?)",
    )
      .bind(id, company.id, JSON.stringify(data), now, now)
      .run();
    await company.call("POST", "/configuration/import", admin, {
      body: { fieldDefinitions: FIELDS("Object: AddressV2") },
    });
    const quote = await company.call("GET", `/entities/quote/${id}`, key);
    expect(quote.json.data.exposures[0].riskAddress).toMatchObject({
      enteredAddress: {
        address1: "9 Oak Ave",
        address2: null,
        city: null,
        state: null,
        zipCode: "07102",
        countryCode: null,
      },
      geocode: { source: "legacyAddress", status: "notGeocoded", county: "Essex" },
    });
  });

  it("saving the converted value back geocodes it (a legacy row was never geocoded)", async () => {
    const { company, admin, key } = await setUp("Object: Address");
    const street = uniqueStreet();
    await answerGeocoder(street, { kind: "match", county: "Suffolk County" });
    const id = await legacyRow(company, {
      riskAddress: { street, city: "Boston", state: "MA", zipCode: "02110", country: "US" },
    });
    await company.call("POST", "/configuration/import", admin, {
      body: { fieldDefinitions: FIELDS("Object: AddressV2") },
    });
    const view = (await read(company, key, id)).riskAddress;
    const res = await company.call("PATCH", `/entities/exposure/${id}`, key, { body: { riskAddress: view } });
    expect(res.status).toBe(200);
    expect(res.json.data.riskAddress.geocode).toMatchObject({
      source: "census",
      status: "matched",
      county: "Suffolk County",
    });
    expect(await geocoderLookups(street)).toHaveLength(1);
  });
});

describe("a caller-entered county is never replaced by an empty provider result", () => {
  async function migratedRow(street: string) {
    const { company, admin, key } = await setUp("Object: Address");
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    const riskAddress = { street, city: "Boston", state: "MA", zipCode: "02110", country: "US", county: "Suffolk" };
    await env.DB.prepare(
      "INSERT INTO entities (id, company_id, kind, entity_type, data, version, created_at, updated_at) VALUES (?, ?, 'entity', 'exposure', ?, 1, ?, ?)",
    )
      .bind(id, company.id, JSON.stringify({ exposureName: "Depot", riskAddress }), now, now)
      .run();
    const moved = await company.call("POST", "/configuration/import", admin, {
      body: { fieldDefinitions: FIELDS("Object: AddressV2") },
    });
    expect(moved.status).toBe(200);
    return { company, key, id };
  }

  it("keeps a migrated legacy county when the value read is written back and the geocoder does not answer", async () => {
    const street = uniqueStreet();
    await answerGeocoder(street, { kind: "error", status: 503 });
    const { company, key, id } = await migratedRow(street);
    const view = (await read(company, key, id)).riskAddress;
    expect(view.geocode.county).toBe("Suffolk");

    const saved = await company.call("PATCH", `/entities/exposure/${id}`, key, { body: { riskAddress: view } });
    expect(saved.status).toBe(200);
    expect(saved.json.data.riskAddress.geocode).toMatchObject({
      source: "census",
      status: "failed",
      county: "Suffolk",
      provenance: { countySource: "entered" },
    });
    // A later save retries the lookup after an outage; a county the provider gives then replaces it.
    await answerGeocoder(street, { kind: "match", county: "Suffolk County" });
    const matched = await company.call("PATCH", `/entities/exposure/${id}`, key, {
      body: { riskAddress: saved.json.data.riskAddress },
    });
    expect(matched.json.data.riskAddress.geocode).toMatchObject({ status: "matched", county: "Suffolk County" });
    expect(matched.json.data.riskAddress.geocode.provenance.countySource).toBeUndefined();
    expect(await geocoderLookups(street)).toHaveLength(2);
  });

  it("keeps it over a provider miss too", async () => {
    const street = uniqueStreet();
    await answerGeocoder(street, { kind: "noMatch" });
    const { company, key, id } = await migratedRow(street);
    const view = (await read(company, key, id)).riskAddress;
    const saved = await company.call("PATCH", `/entities/exposure/${id}`, key, { body: { riskAddress: view } });
    expect(saved.json.data.riskAddress.geocode).toMatchObject({ status: "unmatched", county: "Suffolk" });
  });

  it("does not carry the county to another address", async () => {
    const street = uniqueStreet();
    const { company, key, id } = await migratedRow(street);
    const view = (await read(company, key, id)).riskAddress;
    const moved = { ...view, enteredAddress: { ...view.enteredAddress, address1: uniqueStreet() } };
    const saved = await company.call("PATCH", `/entities/exposure/${id}`, key, { body: { riskAddress: moved } });
    expect(saved.json.data.riskAddress.geocode).toMatchObject({ status: "unmatched", county: null });
  });
});

describe("embedded exposures", () => {
  it("AddressV2 values inside a quote's embedded exposures are geocoded, and unchanged ones are not looked up again", async () => {
    const { company, key } = await setUp();
    const street = uniqueStreet();
    await answerGeocoder(street, { kind: "match", county: "Loudoun County" });
    const res = await company.call("POST", "/entities/quote", key, {
      body: {
        exposures: [
          { exposureName: "Truck", riskAddress: { enteredAddress: entered(street) } },
          { exposureName: "Van" },
        ],
      },
    });
    expect(res.status).toBe(201);
    const quote = await company.call("GET", `/entities/quote/${res.json.id}`, key);
    expect(quote.json.data.exposures[0].riskAddress.geocode).toMatchObject({
      source: "census",
      status: "matched",
      county: "Loudoun County",
    });
    expect(quote.json.data.exposures[1]).toEqual({ exposureName: "Van" });

    const resent = await company.call("PATCH", `/entities/quote/${res.json.id}`, key, {
      body: { exposures: [{ exposureName: "Truck", riskAddress: { enteredAddress: entered(street) } }] },
    });
    expect(resent.status).toBe(200);
    expect(resent.json.data.exposures[0].riskAddress.geocode.county).toBe("Loudoun County");
    expect(await geocoderLookups(street)).toHaveLength(1);
  });
});

describe("Group entries", () => {
  const GROUP_FIELDS = [
    {
      entityType: "exposure",
      referenceId: "locations",
      label: "Locations",
      typeInfo: {
        kind: "Group",
        subFields: [
          { referenceId: "label", label: "Label", typeInfo: { kind: "String" } },
          { referenceId: "address", label: "Address", typeInfo: { kind: "Object: AddressV2" } },
          {
            referenceId: "docks",
            label: "Docks",
            typeInfo: {
              kind: "Group",
              subFields: [{ referenceId: "dockAddress", label: "Dock", typeInfo: { kind: "Object: AddressV2" } }],
            },
          },
        ],
      },
    },
  ];

  it("AddressV2 values inside Group entries, nested groups included, are geocoded; unchanged ones are not looked up again", async () => {
    const company = await createCompany();
    const admin = await company.key(["SUPER_ADMIN"]);
    expect(
      (await company.call("POST", "/configuration/import", admin, { body: { fieldDefinitions: GROUP_FIELDS } })).status,
    ).toBe(200);
    const [plant, dock, office] = [uniqueStreet(), uniqueStreet(), uniqueStreet()];
    await answerGeocoder(plant, { kind: "match", county: "Fairfax County" });
    await answerGeocoder(dock, { kind: "match", county: "Arlington County" });
    await answerGeocoder(office, { kind: "noMatch" });
    const locations = [
      {
        label: "Plant",
        address: { enteredAddress: entered(plant) },
        docks: [{ dockAddress: { enteredAddress: entered(dock) } }],
      },
      { label: "Office", address: { enteredAddress: entered(office) } },
      { label: "Yard" },
    ];
    const id = await createExposure(company, admin, { locations });
    const stored = (await read(company, admin, id)).locations;
    expect(stored[0].address.geocode).toMatchObject({ source: "census", status: "matched", county: "Fairfax County" });
    expect(stored[0].docks[0].dockAddress.geocode).toMatchObject({ status: "matched", county: "Arlington County" });
    expect(stored[1].address.geocode).toMatchObject({ source: "census", status: "unmatched", county: null });
    expect(stored[2]).toEqual({ label: "Yard" });

    // The same entries sent again keep their geocodes; the office, moved, is looked up at its new street.
    const moved = uniqueStreet();
    await answerGeocoder(moved, { kind: "match", county: "Prince William County" });
    const resent = [locations[0], { label: "Office", address: { enteredAddress: entered(moved) } }];
    const saved = await company.call("PATCH", `/entities/exposure/${id}`, admin, { body: { locations: resent } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.data.locations[0].address.geocode.county).toBe("Fairfax County");
    expect(saved.json.data.locations[1].address.geocode.county).toBe("Prince William County");
    expect(await geocoderLookups(plant)).toHaveLength(1);
    expect(await geocoderLookups(dock)).toHaveLength(1);
    expect(await geocoderLookups(moved)).toHaveLength(1);
  });
});

describe("geocoder lookups are made outside the company's queue", () => {
  /** A save waiting on a geocoder that does not answer, and whether its answer has come back yet. */
  function pending(save: Promise<{ status: number; json: any }>) {
    const state = { done: false, save };
    void save.then(() => {
      state.done = true;
    });
    return state;
  }

  it("an update waiting on the geocoder holds no other write of the company", async () => {
    const { company, key } = await setUp();
    const slowStreet = uniqueStreet();
    await answerGeocoder(slowStreet, { kind: "hang" });
    const waiting = await createExposure(company, key, { exposureName: "Waiting" });
    const other = await createExposure(company, key, { exposureName: "Other" });

    const slow = pending(
      company.call("PATCH", `/entities/exposure/${waiting}`, key, {
        body: { riskAddress: { enteredAddress: entered(slowStreet) } },
      }),
    );
    await untilGeocoderAsked(slowStreet);
    // Updates of a company run one at a time: this one ran while the first still waited on the geocoder.
    const renamed = await company.call("PATCH", `/entities/exposure/${other}`, key, {
      body: { exposureName: "Renamed" },
    });
    expect(renamed.status).toBe(200);
    expect(slow.done).toBe(false);

    const res = await slow.save;
    expect(res.status).toBe(200);
    expect(res.json.data.riskAddress.geocode).toMatchObject({ status: "failed", provenance: { provider: "census" } });
    expect(await geocoderLookups(slowStreet)).toHaveLength(1);
  });

  it("one save asks once for an address it holds in several places", async () => {
    const { company, admin } = await setUpLocations();
    const street = uniqueStreet();
    await answerGeocoder(street, { kind: "match", county: "Fairfax County" });
    const address = { enteredAddress: entered(street) };
    const id = await createExposure(company, admin, {
      riskAddress: address,
      locations: [{ address }, { address }, { address: { enteredAddress: entered(street, { address2: "Dock 2" }) } }],
    });
    const stored = await read(company, admin, id);
    expect(stored.riskAddress.geocode).toMatchObject({ status: "matched", county: "Fairfax County" });
    for (const entry of stored.locations) expect(entry.address.geocode.county).toBe("Fairfax County");
    // Three values at one entered address, one at another (address2 differs): two lookups.
    const asked = await geocoderLookups(street);
    expect(asked).toHaveLength(2);
  });
});

describe("access", () => {
  it("a key without exposure.edit is 403 and no geocoder call is made", async () => {
    const { company, key } = await setUp();
    const id = await createExposure(company, key, { exposureName: "A" });
    const reader = await company.key(["ReadOnly"]);
    const street = uniqueStreet();
    const res = await company.call("PATCH", `/entities/exposure/${id}`, reader, {
      body: { riskAddress: { enteredAddress: entered(street) } },
    });
    expectError(res, 403, "AuthorizationError", "User is not authorized to perform the requested action");
    expect(await geocoderLookups(street)).toEqual([]);
  });

  it("another company's exposure id under the caller's own path is 404 and no geocoder call is made", async () => {
    const mine = await setUp();
    const theirs = await setUp();
    const theirId = await createExposure(theirs.company, theirs.key, { exposureName: "Theirs" });
    const street = uniqueStreet();
    const res = await mine.company.call("PATCH", `/entities/exposure/${theirId}`, mine.key, {
      body: { riskAddress: { enteredAddress: entered(street) } },
    });
    expectError(res, 404, "NotFoundError", "Not found");
    expect(await geocoderLookups(street)).toEqual([]);
    expect((await read(theirs.company, theirs.key, theirId)).riskAddress).toBeUndefined();
  });
});

describe("a save's lookups are paced (six open at once) and stop at an outage", () => {
  const lookupsOf = async (streets: string[]) =>
    (await Promise.all(streets.map((street) => geocoderLookups(street)))).reduce((n, asked) => n + asked.length, 0);

  it("a geocoder that does not answer is asked six times for twelve addresses; the rest are failed unasked", async () => {
    const { company, admin } = await setUpLocations();
    const streets = Array.from({ length: 12 }, uniqueStreet);
    for (const street of streets) await answerGeocoder(street, { kind: "hang" });
    const id = await createExposure(company, admin, {
      locations: streets.map((street) => ({ address: { enteredAddress: entered(street) } })),
    });
    expect(await lookupsOf(streets)).toBe(6);
    const geocodes = (await read(company, admin, id)).locations.map((entry: any) => entry.address.geocode);
    expect(geocodes.every((geocode: any) => geocode.status === "failed")).toBe(true);
    const reasons = geocodes.map((geocode: any) => geocode.provenance.reason);
    expect(reasons.filter((reason: string) => reason === "no answer within 1500 ms")).toHaveLength(6);
    expect(
      reasons.filter((reason: string) => reason.startsWith("not asked: the provider left 6 lookups")),
    ).toHaveLength(6);
  });

  it("a geocoder that answers is asked about every address, and a miss or a bad request does not stop the save", async () => {
    const { company, admin } = await setUpLocations();
    const streets = Array.from({ length: 14 }, uniqueStreet);
    for (const [i, street] of streets.entries())
      await answerGeocoder(
        street,
        i < 7
          ? { kind: "error", status: 400 }
          : { kind: "match", county: `County ${i}`, latitude: 38.8, longitude: -77 },
      );
    const id = await createExposure(company, admin, {
      locations: streets.map((street) => ({ address: { enteredAddress: entered(street) } })),
    });
    expect(await lookupsOf(streets)).toBe(14);
    const geocodes = (await read(company, admin, id)).locations.map((entry: any) => entry.address.geocode);
    expect(geocodes.map((geocode: any) => geocode.status)).toEqual([
      ...Array(7).fill("failed"),
      ...Array(7).fill("matched"),
    ]);
    expect(geocodes[13].county).toBe("County 13");
  });
});
