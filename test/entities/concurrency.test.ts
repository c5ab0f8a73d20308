import { describe, expect, it } from "vitest";
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
