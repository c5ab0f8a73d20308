import { describe, expect, it } from "vitest";
import { answerGeocoder } from "../support/geocoder-control";
import { call, createCompany, type TestCompany } from "../support/harness";

/** Issue 10, item 6: partial updates of one record are serialized server-side, so none is refused or lost. */
const FIELD_COUNT = 20;
const fieldIds = Array.from({ length: FIELD_COUNT }, (_, i) => `note${i}`);
const stringField = (referenceId: string) => ({ referenceId, label: referenceId, typeInfo: { kind: "String" } });

const CONFIGURATION = {
  fieldDefinitions: [
    { entityType: "exposure", ...stringField("exposureName") },
    ...fieldIds.map((id) => ({ entityType: "exposure", ...stringField(id) })),
  ],
  customObjects: [
    {
      key: "vehicle",
      name: "Vehicle",
      pluralizedName: "Vehicles",
      subFields: fieldIds.map(stringField),
    },
  ],
};

async function setUp(): Promise<{ company: TestCompany; key: string }> {
  const company = await createCompany();
  const key = await company.key(["SUPER_ADMIN"]);
  expect((await company.call("POST", "/configuration/import", key, { body: CONFIGURATION })).status).toBe(200);
  return { company, key };
}

describe("20 concurrent PATCHes of different fields of one record", () => {
  it("all succeed on an entity record and every change is present", async () => {
    const { company, key } = await setUp();
    const created = await company.call("POST", "/entities/exposure", key, { body: { exposureName: "Truck" } });
    const id = created.json.id;
    const results = await Promise.all(
      fieldIds.map((field, i) =>
        company.call("PATCH", `/entities/exposure/${id}`, key, { body: { [field]: `value ${i}` } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(fieldIds.map(() => 200));
    const data = (await company.call("GET", `/entities/exposure/${id}`, key)).json.data;
    expect(data).toEqual({
      exposureName: "Truck",
      ...Object.fromEntries(fieldIds.map((field, i) => [field, `value ${i}`])),
    });
  });

  it("all succeed on a custom object record and every change is present", async () => {
    const { company, key } = await setUp();
    const created = await company.call("POST", "/custom-objects/vehicle", key, { body: { data: {} } });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.id;
    const results = await Promise.all(
      fieldIds.map((field, i) =>
        company.call("PATCH", `/custom-objects/vehicle/${id}`, key, { body: { data: { [field]: `v${i}` } } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(fieldIds.map(() => 200));
    const data = (await company.call("GET", `/custom-objects/vehicle/${id}`, key)).json.data;
    expect(data).toEqual(Object.fromEntries(fieldIds.map((field, i) => [field, `v${i}`])));
  });
});

describe("creates overlap in the company object; updates and imports wait for them", () => {
  const ADDRESS_FIELD = {
    entityType: "exposure",
    ...stringField("riskAddress"),
    typeInfo: { kind: "Object: AddressV2" },
  };

  /**
   * A create whose geocode never answers: it waits for the geocoder's timeout (1.5 s in tests) between its
   * turns, holding none (`GeocodeLookups`).
   */
  async function slowCreate(company: TestCompany, key: string) {
    const street = `${Date.now()} Overlap ${crypto.randomUUID().slice(0, 8)} St`;
    await answerGeocoder(street, { kind: "hang" });
    let finished = false;
    const response = company
      .call("POST", "/entities/exposure", key, {
        body: { exposureName: "Slow", riskAddress: { enteredAddress: { address1: street, countryCode: "US" } } },
      })
      .finally(() => {
        finished = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { response, finished: () => finished };
  }

  async function setUpWithAddress() {
    const { company, key } = await setUp();
    const body = { ...CONFIGURATION, fieldDefinitions: [...CONFIGURATION.fieldDefinitions, ADDRESS_FIELD] };
    expect((await company.call("POST", "/configuration/import", key, { body })).status).toBe(200);
    return { company, key };
  }

  it("a create and a custom object create answer while an earlier create still waits on its geocode", async () => {
    const { company, key } = await setUpWithAddress();
    const slow = await slowCreate(company, key);
    const quick = await company.call("POST", "/entities/exposure", key, { body: { exposureName: "Quick" } });
    const vehicle = await company.call("POST", "/custom-objects/vehicle", key, { body: { data: { note0: "v" } } });
    expect([quick.status, vehicle.status]).toEqual([201, 201]);
    expect(slow.finished()).toBe(false);
    expect((await slow.response).status).toBe(201);
  });

  it("an update does not wait for an earlier create's geocoder lookup, made outside the create's turn", async () => {
    const { company, key } = await setUpWithAddress();
    const created = await company.call("POST", "/entities/exposure", key, { body: { exposureName: "Truck" } });
    const slow = await slowCreate(company, key);
    // Updates wait for every create queued before them (test/foundation/serial-queue.test.ts); this one's turn
    // ended when it needed the geocoder.
    const updated = await company.call("PATCH", `/entities/exposure/${created.json.id}`, key, {
      body: { note0: "after" },
    });
    expect(updated.status).toBe(200);
    expect(slow.finished()).toBe(false);
    expect((await slow.response).status).toBe(201);
  });
});

describe("the remaining 409 of a record update is documented", () => {
  it("lists Conflict with its meaning on the entity and custom object PATCH routes", async () => {
    const paths = (await call("GET", "/openapi.json")).json.paths;
    const patches = [
      paths["/api/v1/companies/{companyId}/entities/exposure/{entityId}"].patch,
      paths["/api/v1/companies/{companyId}/custom-objects/{objectType}/{id}"].patch,
    ];
    for (const patch of patches) {
      expect(patch.responses["409"].description).toContain("`Conflict`");
      expect(patch.description).toContain("concurrent partial updates of one record");
    }
  });
});
