import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createCompany, expectError, type Lifecycle, staff, type TestCompany } from "../support/harness";
import { must } from "../support/must";

const CONFIGURATION = {
  fieldDefinitions: [
    { entityType: "person", referenceId: "name", label: "Name", typeInfo: { kind: "String" } },
    { entityType: "exposure", referenceId: "exposureName", label: "Exposure name", typeInfo: { kind: "String" } },
  ],
  customObjects: [
    {
      key: "vehicle",
      name: "Vehicle",
      pluralizedName: "Vehicles",
      subFields: [{ referenceId: "vin", label: "VIN", typeInfo: { kind: "String" } }],
    },
    { key: "trailer", name: "Trailer", pluralizedName: "Trailers", subFields: [] },
  ],
  relationships: [
    { key: "vehicleOwner", from: "vehicle", to: "Person", cardinality: "N:1" },
    { key: "towedBy", from: "trailer", to: "vehicle", cardinality: "N:1" },
    { key: "spouse", from: "Person", to: "Person", cardinality: "1:1" },
    { key: "replacedBy", from: "vehicle", to: "vehicle", cardinality: "1:1" },
  ],
};

async function storeExposure(company: TestCompany) {
  const at = new Date().toISOString();
  await env.DB.prepare(
    "INSERT INTO entities (id, company_id, kind, entity_type, data, version, created_at, updated_at) VALUES (?, ?, 'entity', 'exposure', '{}', 1, ?, ?)",
  )
    .bind(crypto.randomUUID(), company.id, at, at)
    .run();
}

async function storedCount(company: TestCompany, entityType: string) {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM entities WHERE company_id = ? AND entity_type = ?")
    .bind(company.id, entityType)
    .first<{ n: number }>();
  return must(row).n;
}

async function setUp(lifecycle: Lifecycle = "sandbox") {
  // Records are made while Sandbox; the lifecycle moves afterwards (Sandbox may become Live or Retired).
  const company = await createCompany(lifecycle === "uninitialized" ? "uninitialized" : "sandbox");
  const admin = await company.key(["SUPER_ADMIN"]);
  expect((await company.call("POST", "/configuration/import", admin, { body: CONFIGURATION })).status).toBe(200);
  return { company, admin, ...helpers(company, admin) };
}

function helpers(company: TestCompany, admin: string) {
  const make = async (entityType: string, data: Record<string, unknown> = {}) => {
    const res = await company.call("POST", `/entities/${entityType}`, admin, { body: data });
    expect(res.status).toBe(201);
    return res.json.id as string;
  };
  const makeObject = async (objectType: string, data: Record<string, unknown> = {}) => {
    const res = await company.call("POST", `/custom-objects/${objectType}`, admin, { body: { data } });
    expect(res.status).toBe(201);
    return res.json.id as string;
  };
  const link = async (relationshipKey: string, fromId: string, toId: string) => {
    const res = await company.call("POST", `/relationships/${relationshipKey}/links`, admin, {
      body: { fromId, toId },
    });
    expect(res.status).toBe(201);
    return res.json.id as string;
  };
  const total = async (path: string) => (await company.call("GET", path, admin)).json.totalCount as number;
  const deleteAll = (entityType: string, key = admin) => company.call("POST", `/entities/${entityType}/deleteAll`, key);
  return { make, makeObject, link, total, deleteAll };
}

describe("POST P/entities/{entityType}/deleteAll", () => {
  it("removes every record of the type and answers {entityType, rowsRemoved}; other types stay", async () => {
    const { make, total, deleteAll } = await setUp();
    for (const name of ["A", "B", "C"]) await make("exposure", { exposureName: name });
    await make("person", { name: "Ada" });

    const res = await deleteAll("exposure");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ entityType: "exposure", rowsRemoved: 3 });
    expect(await total("/entities/exposure")).toBe(0);
    expect(await total("/entities/person")).toBe(1);
  });

  it("is safe to retry: a repeat removes nothing and answers rowsRemoved 0", async () => {
    const { make, deleteAll } = await setUp();
    await make("person");
    expect((await deleteAll("person")).json.rowsRemoved).toBe(1);
    const again = await deleteAll("person");
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ entityType: "person", rowsRemoved: 0 });
  });

  it("accepts the capitalised entity type and custom object keys", async () => {
    const { make, makeObject, total, deleteAll } = await setUp();
    await make("exposure");
    await makeObject("vehicle", { vin: "1" });
    await makeObject("vehicle", { vin: "2" });
    await makeObject("trailer");
    expect((await deleteAll("Exposure")).json).toEqual({ entityType: "exposure", rowsRemoved: 1 });
    expect((await deleteAll("vehicle")).json).toEqual({ entityType: "vehicle", rowsRemoved: 2 });
    expect(await total("/custom-objects/vehicle")).toBe(0);
    expect(await total("/custom-objects/trailer")).toBe(1);
  });

  it("removes the links among the removed records with them", async () => {
    const { make, makeObject, link, total, deleteAll } = await setUp();
    const [ada, bob] = [await make("person"), await make("person")];
    await link("spouse", ada, bob);
    const [v1, v2] = [await makeObject("vehicle"), await makeObject("vehicle")];
    await link("replacedBy", v1, v2);

    expect((await deleteAll("person")).json.rowsRemoved).toBe(2);
    expect(await total("/relationships/spouse/links")).toBe(0);
    expect((await deleteAll("vehicle")).json.rowsRemoved).toBe(2);
    expect(await total("/relationships/replacedBy/links")).toBe(0);
  });

  it("leaves another company's records alone", async () => {
    const mine = await setUp();
    const theirs = await setUp();
    await mine.make("exposure");
    await theirs.make("exposure");
    await theirs.make("exposure");
    expect((await mine.deleteAll("exposure")).json.rowsRemoved).toBe(1);
    expect(await theirs.total("/entities/exposure")).toBe(2);
  });
});

describe("live references", () => {
  it("are 409 LiveReferencesExist naming each relationship, and nothing is deleted", async () => {
    const { make, makeObject, link, total, deleteAll } = await setUp();
    const [ada, bob] = [await make("person"), await make("person")];
    const [v1, v2] = [await makeObject("vehicle"), await makeObject("vehicle")];
    await link("vehicleOwner", v1, ada);
    await link("vehicleOwner", v2, ada);
    await link("spouse", ada, bob);

    const refused = expectError(
      await deleteAll("person"),
      409,
      "LiveReferencesExist",
      "Cannot delete all person records while relationship links tie them to records of other types: vehicleOwner (2 links)",
    );
    expect(refused.details).toEqual([
      { field: "relationships.vehicleOwner", message: "2 links to records of other types" },
    ]);
    expect(await total("/entities/person")).toBe(2);
    expect(await total("/relationships/spouse/links")).toBe(1);
    expect(await total("/relationships/vehicleOwner/links")).toBe(2);

    // The other side sees the same links as live references.
    expectError(
      await deleteAll("vehicle"),
      409,
      "LiveReferencesExist",
      "Cannot delete all vehicle records while relationship links tie them to records of other types: vehicleOwner (2 links)",
    );
    expect(await total("/custom-objects/vehicle")).toBe(2);
  });

  it("count links in either direction and clear once the links are gone", async () => {
    const { company, admin, makeObject, link, total, deleteAll } = await setUp();
    const [vehicle, trailer] = [await makeObject("vehicle"), await makeObject("trailer")];
    const towed = await link("towedBy", trailer, vehicle);
    const error = expectError(await deleteAll("vehicle"), 409, "LiveReferencesExist");
    expect(error.details).toEqual([{ field: "relationships.towedBy", message: "1 link to records of other types" }]);

    expect((await company.call("DELETE", `/relationships/towedBy/links/${towed}`, admin)).status).toBe(204);
    expect((await deleteAll("vehicle")).json).toEqual({ entityType: "vehicle", rowsRemoved: 1 });
    expect(await total("/custom-objects/trailer")).toBe(1);
  });
});

describe("lifecycle", () => {
  it.each(["live", "retired", "uninitialized"] as const)(
    "a %s company refuses with 409 CompanyLifecycleRefused for every caller and deletes nothing",
    async (lifecycle) => {
      const { company, admin, make, deleteAll } = await setUp(lifecycle);
      // An uninitialized company accepts no record writes (issue 11): its record is stored directly.
      if (lifecycle === "uninitialized") await storeExposure(company);
      else {
        await make("exposure");
        expect((await staff("PATCH", `/admin/companies/${company.id}`, { lifecycle })).status).toBe(200);
      }

      for (const key of [admin, await company.key(["SandboxManager"])]) {
        // Whatever type the path names: the lifecycle answers before the type is looked at.
        for (const type of ["exposure", "nope"]) {
          expectError(
            await deleteAll(type, key),
            409,
            "CompanyLifecycleRefused",
            `Deleting all records is only available to Sandbox companies; this company is ${lifecycle}`,
          );
        }
      }
      expect(await storedCount(company, "exposure")).toBe(1);
    },
  );

  it("checks permission before lifecycle: a key without company.reset is 403 on a Live company", async () => {
    const { company, deleteAll } = await setUp();
    expect((await staff("PATCH", `/admin/companies/${company.id}`, { lifecycle: "live" })).status).toBe(200);
    expectError(
      await deleteAll("exposure", await company.key(["Admin"])),
      403,
      "AuthorizationError",
      "User is not authorized to perform the requested action",
    );
  });
});

describe("request checks", () => {
  it("needs company.reset: Admin (which lacks it) is 403; SandboxManager (only it) succeeds", async () => {
    const { company, make, total, deleteAll } = await setUp();
    await make("exposure");
    const forbidden = "User is not authorized to perform the requested action";
    expectError(await deleteAll("exposure", await company.key(["Admin"])), 403, "AuthorizationError", forbidden);
    expectError(
      await deleteAll("exposure", await company.key([], ["exposure.delete", "exposure.edit"])),
      403,
      "AuthorizationError",
      forbidden,
    );
    expect(await total("/entities/exposure")).toBe(1);
    expect((await deleteAll("exposure", await company.key(["SandboxManager"]))).json.rowsRemoved).toBe(1);
  });

  it("an entityType that is neither an entity type nor a configured custom object key is 400", async () => {
    const { deleteAll } = await setUp();
    for (const entityType of ["policy", "boat", "Vehicle"]) {
      const error = expectError(
        await deleteAll(entityType),
        400,
        "VALIDATION_ERROR",
        "entityType must be one of exposure, event, submission, quote, person, organization, or a custom object key",
      );
      expect(must(error.details[0]).field).toBe("entityType");
    }
  });

  it("another company's key is 403 and deletes nothing", async () => {
    const mine = await setUp();
    const theirs = await setUp();
    await theirs.make("exposure");
    expectError(
      await theirs.deleteAll("exposure", mine.admin),
      403,
      "AuthorizationError",
      "API key is not scoped to the requested company",
    );
    expect(await theirs.total("/entities/exposure")).toBe(1);
  });
});

describe("persons named as policy contacts", () => {
  it("refuses to wipe persons while policy contacts name them, and wipes once the contacts are gone", async () => {
    const company = await createCompany();
    const key = await company.key(["SUPER_ADMIN"]);
    const person = (await company.call("POST", "/entities/person", key, { body: {} })).json.id;
    const policy = await company.call("POST", "/policies/transaction/new-business", key, {
      body: {
        transactionTimestamp: "2026-01-01T00:00:00Z",
        displayAuthor: "Ann",
        data: { policyStartDate: { date: "2026-01-01" }, policyEndDate: { date: "2027-01-01" } },
      },
    });
    expect(policy.status).toBe(200);
    expect(
      (await company.call("POST", `/policies/${policy.json.policyId}/contacts`, key, { body: { personId: person } }))
        .status,
    ).toBe(201);
    const refused = await company.call("POST", "/entities/person/deleteAll", key);
    expect(expectError(refused, 409, "LiveReferencesExist").details).toEqual([
      { field: "policyContacts", message: "1 link to records of other types" },
    ]);
    expect((await company.call("GET", `/entities/person/${person}`, key)).status).toBe(200);
    expect((await company.call("DELETE", `/policies/${policy.json.policyId}/contacts/${person}`, key)).status).toBe(
      204,
    );
    expect((await company.call("POST", "/entities/person/deleteAll", key)).json).toEqual({
      entityType: "person",
      rowsRemoved: 1,
    });
  });
});

describe("a forced relationship removal removes its links in the same write (issue 10, item 5)", () => {
  const linkCount = async (companyId: string, relationshipKey: string) => {
    const row = await env.DB.prepare(
      "SELECT count(*) AS n FROM relationship_links WHERE company_id = ? AND relationship_key = ?",
    )
      .bind(companyId, relationshipKey)
      .first<{ n: number }>();
    return row?.n ?? 0;
  };
  const relationshipsWithout = (key: string) => CONFIGURATION.relationships.filter((r) => r.key !== key);

  it("leaves no orphan link: both linked types can be wiped, and the key re-added with other ends holds no link", async () => {
    const { company, admin, make, makeObject, link, deleteAll, total } = await setUp();
    const owner = await make("person", { name: "Ada" });
    const car = await makeObject("vehicle", { vin: "V1" });
    await link("vehicleOwner", car, owner);

    const forced = await company.call("POST", "/configuration/import?force=true", admin, {
      body: { relationships: relationshipsWithout("vehicleOwner") },
    });
    expect(forced.status).toBe(200);
    expect(await linkCount(company.id, "vehicleOwner")).toBe(0);

    const readded = await company.call("POST", "/configuration/import", admin, {
      body: {
        relationships: [
          ...relationshipsWithout("vehicleOwner"),
          { key: "vehicleOwner", from: "Person", to: "vehicle", cardinality: "1:N" },
        ],
      },
    });
    expect(readded.status, JSON.stringify(readded.json)).toBe(200);
    expect(await total("/relationships/vehicleOwner/links")).toBe(0);
    expect((await deleteAll("person")).status).toBe(200);
    expect((await deleteAll("vehicle")).status).toBe(200);
  });

  it("removes the links of a relationship whose ends a forced import changes", async () => {
    const { company, admin, make, link } = await setUp();
    const [a, b] = [await make("person"), await make("person")];
    await link("spouse", a, b);
    const redefined = [
      ...relationshipsWithout("spouse"),
      { key: "spouse", from: "Person", to: "vehicle", cardinality: "1:1" },
    ];
    expectError(
      await company.call("POST", "/configuration/import", admin, { body: { relationships: redefined } }),
      409,
      "BreakingConfigurationChange",
    );
    expect(await linkCount(company.id, "spouse")).toBe(1);
    expect(
      (await company.call("POST", "/configuration/import?force=true", admin, { body: { relationships: redefined } }))
        .status,
    ).toBe(200);
    expect(await linkCount(company.id, "spouse")).toBe(0);
  });

  it("does not let a link left by an earlier removal block a wipe; the wipe removes it", async () => {
    const { company, make, makeObject, deleteAll } = await setUp();
    const owner = await make("person");
    const car = await makeObject("vehicle");
    await env.DB.prepare(
      "INSERT INTO relationship_links (id, company_id, relationship_key, from_id, to_id, created_at) VALUES (?, ?, 'formerOwner', ?, ?, ?)",
    )
      .bind(crypto.randomUUID(), company.id, car, owner, new Date().toISOString())
      .run();
    expect((await deleteAll("person")).json).toEqual({ entityType: "person", rowsRemoved: 1 });
    expect(await linkCount(company.id, "formerOwner")).toBe(0);
  });
});
