import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createCompany, expectError, type TestCompany } from "../support/harness";
import { must } from "../support/must";

const CONFIGURATION = {
  fieldDefinitions: [
    { entityType: "person", referenceId: "name", label: "Name", typeInfo: { kind: "String" } },
    { entityType: "organization", referenceId: "name", label: "Name", typeInfo: { kind: "String" } },
    { entityType: "exposure", referenceId: "exposureName", label: "Exposure name", typeInfo: { kind: "String" } },
  ],
  customObjects: [
    {
      key: "vehicle",
      name: "Vehicle",
      pluralizedName: "Vehicles",
      subFields: [{ referenceId: "vin", label: "VIN", typeInfo: { kind: "String" } }],
    },
  ],
  relationships: [
    { key: "primaryContact", from: "Organization", to: "Person", cardinality: "1:1" },
    { key: "employees", from: "Organization", to: "Person", cardinality: "1:N" },
    { key: "vehicleOwner", from: "vehicle", to: "Person", cardinality: "N:1" },
    { key: "insuredExposures", from: "Person", to: "Exposure", cardinality: "N:N" },
    { key: "spouse", from: "Person", to: "Person", cardinality: "1:1" },
    { key: "previousPolicy", from: "Policy", to: "Policy", cardinality: "N:1" },
    { key: "supersedes", from: "Policy", to: "Policy", cardinality: "N:1" },
    { key: "eventExposures", from: "Event", to: "Exposure", cardinality: "1:N" },
    { key: "claimant", from: "Event", to: "Person", cardinality: "N:1" },
  ],
};

const FORBIDDEN = "User is not authorized to perform the requested action";

/** Policies are written only by policy transactions; a bare policy head is enough to be a link end. */
async function storePolicy(companyId: string, policyNumber: string): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await env.DB.prepare(
    "INSERT INTO policies (id, company_id, policy_number, current_version, status, previous_policy_id, term_start, term_end, created_at, updated_at) VALUES (?, ?, ?, 1, 'active', NULL, '2026-01-01', '2027-01-01', ?, ?)",
  )
    .bind(id, companyId, policyNumber, now, now)
    .run();
  return id;
}

async function setUp() {
  const company = await createCompany();
  const admin = await company.key(["SUPER_ADMIN"]);
  expect((await company.call("POST", "/configuration/import", admin, { body: CONFIGURATION })).status).toBe(200);
  const make = async (entityType: string, data: Record<string, unknown> = {}) => {
    const res = await company.call("POST", `/entities/${entityType}`, admin, { body: data });
    expect(res.status).toBe(201);
    return res.json.id as string;
  };
  const vehicle = async () => {
    const res = await company.call("POST", "/custom-objects/vehicle", admin, { body: { data: { vin: "V" } } });
    expect(res.status).toBe(201);
    return res.json.id as string;
  };
  return { company, admin, make, vehicle };
}

const link = (company: TestCompany, key: string, relationshipKey: string, fromId: string, toId: string) =>
  company.call("POST", `/relationships/${relationshipKey}/links`, key, { body: { fromId, toId } });

const links = async (company: TestCompany, key: string, relationshipKey: string, query = "") =>
  (await company.call("GET", `/relationships/${relationshipKey}/links${query}`, key)).json;

describe("link (POST P/relationships/{relationshipKey}/links)", () => {
  it("answers 201 with the link; the link reads back and lists", async () => {
    const { company, admin, make } = await setUp();
    const [person, exposure] = [await make("person", { name: "Ada" }), await make("exposure", { exposureName: "Van" })];
    const res = await link(company, admin, "insuredExposures", person, exposure);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(String),
      relationshipKey: "insuredExposures",
      fromId: person,
      toId: exposure,
      createdAt: expect.any(String),
    });

    expect((await company.call("GET", `/relationships/insuredExposures/links/${res.json.id}`, admin)).json).toEqual(
      res.json,
    );
    expect(await links(company, admin, "insuredExposures")).toEqual({
      items: [res.json],
      totalCount: 1,
      page: 1,
      pageSize: 50,
    });
  });

  it("is idempotent: the same pair again answers 200 with the existing link and stores no second row", async () => {
    const { company, admin, make } = await setUp();
    const [org, person] = [await make("organization"), await make("person")];
    const first = await link(company, admin, "primaryContact", org, person);
    const again = await link(company, admin, "primaryContact", org, person);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect((await links(company, admin, "primaryContact")).totalCount).toBe(1);
  });

  it("filters the list by fromId and toId, and pages it", async () => {
    const { company, admin, make } = await setUp();
    const [p1, p2] = [await make("person"), await make("person")];
    const exposures = [await make("exposure"), await make("exposure"), await make("exposure")];
    for (const e of exposures) await link(company, admin, "insuredExposures", p1, e);
    await link(company, admin, "insuredExposures", p2, must(exposures[0]));

    expect((await links(company, admin, "insuredExposures")).totalCount).toBe(4);
    expect((await links(company, admin, "insuredExposures", `?fromId=${p1}`)).totalCount).toBe(3);
    expect(
      (await links(company, admin, "insuredExposures", `?toId=${exposures[0]}`)).items.map((l: any) => l.fromId).sort(),
    ).toEqual([p1, p2].sort());
    expect((await links(company, admin, "insuredExposures", `?fromId=${p2}&toId=${exposures[1]}`)).totalCount).toBe(0);
    const page = await links(company, admin, "insuredExposures", "?page=2&pageSize=3");
    expect(page).toMatchObject({ totalCount: 4, page: 2, pageSize: 3 });
    expect(page.items).toHaveLength(1);
    expectError(
      await company.call("GET", "/relationships/insuredExposures/links?fromId=nope", admin),
      400,
      "VALIDATION_ERROR",
    );
  });
});

describe("cardinality", () => {
  it("1:1: a from record links one to record, and a to record is linked from one from record", async () => {
    const { company, admin, make } = await setUp();
    const [orgA, orgB, p1, p2] = [
      await make("organization"),
      await make("organization"),
      await make("person"),
      await make("person"),
    ];
    expect((await link(company, admin, "primaryContact", orgA, p1)).status).toBe(201);

    const fromTaken = expectError(
      await link(company, admin, "primaryContact", orgA, p2),
      409,
      "RelationshipCardinalityViolation",
      `Relationship primaryContact (Organization 1:1 Person) allows one Person per Organization: Organization ${orgA} is already linked to Person ${p1}`,
    );
    expect(fromTaken.details).toEqual([{ field: "fromId", message: `already linked to ${p1}` }]);

    const toTaken = expectError(
      await link(company, admin, "primaryContact", orgB, p1),
      409,
      "RelationshipCardinalityViolation",
      `Relationship primaryContact (Organization 1:1 Person) allows one Organization per Person: Person ${p1} is already linked to Organization ${orgA}`,
    );
    expect(toTaken.details).toEqual([{ field: "toId", message: `already linked to ${orgA}` }]);
    expect((await link(company, admin, "primaryContact", orgB, p2)).status).toBe(201);
    expect((await links(company, admin, "primaryContact")).totalCount).toBe(2);
  });

  it("1:N: a from record links many to records; each to record has one from record", async () => {
    const { company, admin, make } = await setUp();
    const [orgA, orgB, p1, p2] = [
      await make("organization"),
      await make("organization"),
      await make("person"),
      await make("person"),
    ];
    expect((await link(company, admin, "employees", orgA, p1)).status).toBe(201);
    expect((await link(company, admin, "employees", orgA, p2)).status).toBe(201);
    const error = expectError(
      await link(company, admin, "employees", orgB, p1),
      409,
      "RelationshipCardinalityViolation",
    );
    expect(error.message).toBe(
      `Relationship employees (Organization 1:N Person) allows one Organization per Person: Person ${p1} is already linked to Organization ${orgA}`,
    );
    expect((await links(company, admin, "employees")).totalCount).toBe(2);
  });

  it("N:1: each from record links one to record; a to record is linked from many", async () => {
    const { company, admin, make, vehicle } = await setUp();
    const [v1, v2, p1, p2] = [await vehicle(), await vehicle(), await make("person"), await make("person")];
    expect((await link(company, admin, "vehicleOwner", v1, p1)).status).toBe(201);
    expect((await link(company, admin, "vehicleOwner", v2, p1)).status).toBe(201);
    const error = expectError(
      await link(company, admin, "vehicleOwner", v1, p2),
      409,
      "RelationshipCardinalityViolation",
    );
    expect(error.message).toBe(
      `Relationship vehicleOwner (vehicle N:1 Person) allows one Person per vehicle: vehicle ${v1} is already linked to Person ${p1}`,
    );
    expect(error.details).toEqual([{ field: "fromId", message: `already linked to ${p1}` }]);
  });

  it("N:N: any number of links either way, one per pair", async () => {
    const { company, admin, make } = await setUp();
    const [p1, p2, e1, e2] = [
      await make("person"),
      await make("person"),
      await make("exposure"),
      await make("exposure"),
    ];
    for (const [from, to] of [
      [p1, e1],
      [p1, e2],
      [p2, e1],
      [p2, e2],
    ] as const)
      expect((await link(company, admin, "insuredExposures", from, to)).status).toBe(201);
    expect((await link(company, admin, "insuredExposures", p2, e2)).status).toBe(200);
    expect((await links(company, admin, "insuredExposures")).totalCount).toBe(4);
  });

  it("holds under concurrency: of 10 parallel links that would break 1:1, exactly one succeeds", async () => {
    const { company, admin, make } = await setUp();
    const org = await make("organization");
    const people = await Promise.all(Array.from({ length: 10 }, () => make("person")));
    const results = await Promise.all(people.map((p) => link(company, admin, "primaryContact", org, p)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(9);
    for (const r of refused) expectError(r, 409, "RelationshipCardinalityViolation");
    const stored = await links(company, admin, "primaryContact");
    expect(stored.totalCount).toBe(1);
    expect(stored.items[0].toId).toBe(must(results.find((r) => r.status === 201)).json.toId);
  });

  it("holds under concurrency for the to side and for repeats of one pair", async () => {
    const { company, admin, make } = await setUp();
    const person = await make("person");
    const orgs = await Promise.all(Array.from({ length: 10 }, () => make("organization")));
    const toSide = await Promise.all(orgs.map((o) => link(company, admin, "employees", o, person)));
    expect(toSide.filter((r) => r.status === 201)).toHaveLength(1);
    expect(toSide.filter((r) => r.status === 409)).toHaveLength(9);

    const exposure = await make("exposure");
    const repeats = await Promise.all(
      Array.from({ length: 10 }, () => link(company, admin, "insuredExposures", person, exposure)),
    );
    expect(repeats.filter((r) => r.status === 201)).toHaveLength(1);
    expect(repeats.filter((r) => r.status === 200)).toHaveLength(9);
    expect(new Set(repeats.map((r) => r.json.id)).size).toBe(1);
    expect((await links(company, admin, "insuredExposures")).totalCount).toBe(1);
  });
});

describe("unlink (DELETE P/relationships/{relationshipKey}/links/{linkId})", () => {
  it("answers 204, frees the cardinality, and a second delete is 404", async () => {
    const { company, admin, make } = await setUp();
    const [org, p1, p2] = [await make("organization"), await make("person"), await make("person")];
    const first = (await link(company, admin, "primaryContact", org, p1)).json;
    const removed = await company.call("DELETE", `/relationships/primaryContact/links/${first.id}`, admin);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
    expect((await links(company, admin, "primaryContact")).totalCount).toBe(0);
    expect((await company.call("GET", `/entities/person/${p1}`, admin)).status).toBe(200);
    expect((await link(company, admin, "primaryContact", org, p2)).status).toBe(201);
    expectError(
      await company.call("DELETE", `/relationships/primaryContact/links/${first.id}`, admin),
      404,
      "NotFoundError",
      "Not found",
    );
  });

  it("a link of another relationship is 404 under this relationship's path", async () => {
    const { company, admin, make } = await setUp();
    const [org, person] = [await make("organization"), await make("person")];
    const employee = (await link(company, admin, "employees", org, person)).json;
    expectError(
      await company.call("GET", `/relationships/primaryContact/links/${employee.id}`, admin),
      404,
      "NotFoundError",
      "Not found",
    );
    expectError(
      await company.call("DELETE", `/relationships/primaryContact/links/${employee.id}`, admin),
      404,
      "NotFoundError",
      "Not found",
    );
    expect((await links(company, admin, "employees")).totalCount).toBe(1);
  });
});

describe("ends", () => {
  it("must exist in the company with the declared types (404 NotFoundError naming the end)", async () => {
    const { company, admin, make, vehicle } = await setUp();
    const [org, person, exposure, v] = [
      await make("organization"),
      await make("person"),
      await make("exposure"),
      await vehicle(),
    ];
    const unknown = "00000000-0000-4000-8000-00000000abcd";

    const wrongFrom = expectError(
      await link(company, admin, "primaryContact", person, person),
      404,
      "NotFoundError",
      "Not found",
    );
    expect(wrongFrom.details).toEqual([{ field: "fromId", message: "no Organization with this id" }]);
    const wrongTo = expectError(
      await link(company, admin, "primaryContact", org, exposure),
      404,
      "NotFoundError",
      "Not found",
    );
    expect(wrongTo.details).toEqual([{ field: "toId", message: "no Person with this id" }]);
    expect(
      must(expectError(await link(company, admin, "primaryContact", org, unknown), 404, "NotFoundError").details[0])
        .field,
    ).toBe("toId");
    // A custom object end takes only records of that custom object type.
    expect(expectError(await link(company, admin, "vehicleOwner", org, person), 404, "NotFoundError").details).toEqual([
      { field: "fromId", message: "no vehicle with this id" },
    ]);
    expect((await link(company, admin, "vehicleOwner", v, person)).status).toBe(201);
    expect((await links(company, admin, "primaryContact")).totalCount).toBe(0);
  });

  it("Policy ends take the company's policy ids; unknown and other companies' policies are 404", async () => {
    const { company, admin } = await setUp();
    const other = await createCompany();
    const [renewal, original, elsewhere] = [
      await storePolicy(company.id, "P-2"),
      await storePolicy(company.id, "P-1"),
      await storePolicy(other.id, "P-1"),
    ];
    expect((await link(company, admin, "supersedes", renewal, original)).status).toBe(201);
    const unknown = await link(company, admin, "supersedes", original, "00000000-0000-4000-8000-000000000002");
    expect(expectError(unknown, 404, "NotFoundError", "Not found").details).toEqual([
      { field: "toId", message: "no Policy with this id" },
    ]);
    expect(
      must(expectError(await link(company, admin, "supersedes", elsewhere, original), 404, "NotFoundError").details[0])
        .field,
    ).toBe("fromId");
    // N:1: a policy supersedes at most one other.
    expectError(
      await link(company, admin, "supersedes", renewal, await storePolicy(company.id, "P-0")),
      409,
      "RelationshipCardinalityViolation",
    );
  });

  it("a record cannot be linked to itself (400)", async () => {
    const { company, admin, make } = await setUp();
    const person = await make("person");
    const error = expectError(
      await link(company, admin, "spouse", person, person),
      400,
      "VALIDATION_ERROR",
      "fromId and toId name the same record; a record cannot be linked to itself",
    );
    expect(error.details).toEqual([{ field: "toId", message: "must differ from fromId" }]);
  });
});

describe("events", () => {
  it("a link or unlink involving an event recomputes its derived eventName", async () => {
    const { company, admin, make } = await setUp();
    const event = await make("event");
    const eventName = async () => (await company.call("GET", `/entities/event/${event}`, admin)).json.data.eventName;
    const [van, ada] = [await make("exposure", { exposureName: "Van" }), await make("person", { name: "Ada" })];

    const exposureLink = (await link(company, admin, "eventExposures", event, van)).json;
    expect(await eventName()).toBe("Van");
    const claimantLink = (await link(company, admin, "claimant", event, ada)).json;
    expect(await eventName()).toBe("Ada — Van");
    expect((await company.call("DELETE", `/relationships/eventExposures/links/${exposureLink.id}`, admin)).status).toBe(
      204,
    );
    expect(await eventName()).toBe("Ada");
    expect((await company.call("DELETE", `/relationships/claimant/links/${claimantLink.id}`, admin)).status).toBe(204);
    expect(await eventName()).toBe(`Event ${event.slice(0, 8)}`);
  });
});

describe("request checks", () => {
  it("an unknown relationship key is 404 NotFoundError on every route", async () => {
    const { company, admin, make } = await setUp();
    const [org, person] = [await make("organization"), await make("person")];
    const id = "00000000-0000-4000-8000-000000000001";
    expectError(await link(company, admin, "bestFriend", org, person), 404, "NotFoundError", "Not found");
    expectError(await company.call("GET", "/relationships/bestFriend/links", admin), 404, "NotFoundError", "Not found");
    expectError(
      await company.call("GET", `/relationships/bestFriend/links/${id}`, admin),
      404,
      "NotFoundError",
      "Not found",
    );
    expectError(
      await company.call("DELETE", `/relationships/bestFriend/links/${id}`, admin),
      404,
      "NotFoundError",
      "Not found",
    );
  });

  it("malformed ids and unknown body keys are 400 VALIDATION_ERROR and link nothing", async () => {
    const { company, admin, make } = await setUp();
    const [org, person] = [await make("organization"), await make("person")];
    expect(
      must(
        expectError(await link(company, admin, "primaryContact", "org-1", person), 400, "VALIDATION_ERROR").details[0],
      ).field,
    ).toBe("fromId");
    const extra = await company.call("POST", "/relationships/primaryContact/links", admin, {
      body: { fromId: org, toId: person, cardinality: "N:N" },
    });
    expect(expectError(extra, 400, "VALIDATION_ERROR").details).toContainEqual({
      field: "cardinality",
      message: "is not a recognised field",
    });
    expectError(
      await company.call("POST", "/relationships/primaryContact/links", admin, { body: { fromId: org } }),
      400,
      "VALIDATION_ERROR",
    );
    expect(
      must(
        expectError(
          await company.call("DELETE", "/relationships/primaryContact/links/nope", admin),
          400,
          "VALIDATION_ERROR",
        ).details[0],
      ).field,
    ).toBe("linkId");
    expect((await links(company, admin, "primaryContact")).totalCount).toBe(0);
  });
});

describe("permissions follow the ends", () => {
  it("linking needs <from>.edit and <to>.view; listing and reading need <from>.view and <to>.view; unlinking needs <from>.edit and <to>.view", async () => {
    const { company, admin, make } = await setUp();
    const [org, person, other] = [await make("organization"), await make("person"), await make("person")];
    const noFromEdit = await company.key([], ["person.view", "organization.view"]);
    const noToView = await company.key([], ["organization.edit"]);
    const linker = await company.key([], ["company.organization:update", "company.person:read"]);
    const fromViewer = await company.key([], ["organization.view"]);
    const viewer = await company.key(["ReadOnly"]);

    expectError(await link(company, noFromEdit, "primaryContact", org, person), 403, "AuthorizationError", FORBIDDEN);
    expectError(await link(company, noToView, "primaryContact", org, person), 403, "AuthorizationError", FORBIDDEN);
    expect((await links(company, admin, "primaryContact")).totalCount).toBe(0);
    const created = await link(company, linker, "primaryContact", org, person);
    expect(created.status).toBe(201);

    expectError(
      await company.call("GET", "/relationships/primaryContact/links", fromViewer),
      403,
      "AuthorizationError",
      FORBIDDEN,
    );
    expectError(
      await company.call("GET", `/relationships/primaryContact/links/${created.json.id}`, fromViewer),
      403,
      "AuthorizationError",
      FORBIDDEN,
    );
    expect((await company.call("GET", "/relationships/primaryContact/links", viewer)).json.totalCount).toBe(1);
    expect((await company.call("GET", `/relationships/primaryContact/links/${created.json.id}`, viewer)).status).toBe(
      200,
    );

    expectError(
      await company.call("DELETE", `/relationships/primaryContact/links/${created.json.id}`, viewer),
      403,
      "AuthorizationError",
      FORBIDDEN,
    );
    expectError(
      await company.call("DELETE", `/relationships/primaryContact/links/${created.json.id}`, noToView),
      403,
      "AuthorizationError",
      FORBIDDEN,
    );
    expect((await links(company, admin, "primaryContact")).totalCount).toBe(1);
    expect(
      (await company.call("DELETE", `/relationships/primaryContact/links/${created.json.id}`, linker)).status,
    ).toBe(204);
    expect((await link(company, linker, "primaryContact", org, other)).status).toBe(201);
  });

  it("custom object ends use custom-object.*", async () => {
    const { company, make, vehicle } = await setUp();
    const [v, person] = [await vehicle(), await make("person")];
    const entityEditor = await company.key([], ["person.edit", "person.view", "exposure.edit"]);
    expectError(await link(company, entityEditor, "vehicleOwner", v, person), 403, "AuthorizationError", FORBIDDEN);
    const objectEditor = await company.key([], ["custom-object.edit", "person.view"]);
    expect((await link(company, objectEditor, "vehicleOwner", v, person)).status).toBe(201);
    const objectViewer = await company.key([], ["custom-object.view", "person.view"]);
    expect((await company.call("GET", "/relationships/vehicleOwner/links", objectViewer)).json.totalCount).toBe(1);
  });
});

describe("another company", () => {
  it("its records cannot be linked and its links are 404 under the caller's own company path", async () => {
    const mine = await setUp();
    const theirs = await setUp();
    const [myOrg, myPerson] = [await mine.make("organization"), await mine.make("person")];
    const [theirOrg, theirPerson] = [await theirs.make("organization"), await theirs.make("person")];

    expect(
      must(
        expectError(
          await link(mine.company, mine.admin, "primaryContact", myOrg, theirPerson),
          404,
          "NotFoundError",
          "Not found",
        ).details[0],
      ).field,
    ).toBe("toId");
    expect(
      must(
        expectError(
          await link(mine.company, mine.admin, "primaryContact", theirOrg, myPerson),
          404,
          "NotFoundError",
          "Not found",
        ).details[0],
      ).field,
    ).toBe("fromId");

    const theirLink = (await link(theirs.company, theirs.admin, "primaryContact", theirOrg, theirPerson)).json;
    expectError(
      await mine.company.call("GET", `/relationships/primaryContact/links/${theirLink.id}`, mine.admin),
      404,
      "NotFoundError",
      "Not found",
    );
    expectError(
      await mine.company.call("DELETE", `/relationships/primaryContact/links/${theirLink.id}`, mine.admin),
      404,
      "NotFoundError",
      "Not found",
    );
    expect((await links(mine.company, mine.admin, "primaryContact", `?fromId=${theirOrg}`)).totalCount).toBe(0);
    expect((await links(theirs.company, theirs.admin, "primaryContact")).totalCount).toBe(1);

    // The other company's ids never block this company's cardinality either.
    expect((await link(mine.company, mine.admin, "primaryContact", myOrg, myPerson)).status).toBe(201);
  });

  it("its key is 403 on every relationship route", async () => {
    const mine = await setUp();
    const theirs = await setUp();
    const [org, person] = [await theirs.make("organization"), await theirs.make("person")];
    const theirLink = (await link(theirs.company, theirs.admin, "primaryContact", org, person)).json;
    const scoped = "API key is not scoped to the requested company";
    expectError(
      await link(theirs.company, mine.admin, "primaryContact", org, person),
      403,
      "AuthorizationError",
      scoped,
    );
    expectError(
      await theirs.company.call("GET", "/relationships/primaryContact/links", mine.admin),
      403,
      "AuthorizationError",
      scoped,
    );
    expectError(
      await theirs.company.call("GET", `/relationships/primaryContact/links/${theirLink.id}`, mine.admin),
      403,
      "AuthorizationError",
      scoped,
    );
    expectError(
      await theirs.company.call("DELETE", `/relationships/primaryContact/links/${theirLink.id}`, mine.admin),
      403,
      "AuthorizationError",
      scoped,
    );
    expect((await links(theirs.company, theirs.admin, "primaryContact")).totalCount).toBe(1);
  });
});

describe("address families", () => {
  it("relationship routes are served under the current family only", async () => {
    const { company, admin } = await setUp();
    const res = await call("GET", `/api/v1/external/companies/${company.id}/relationships/primaryContact/links`, {
      auth: admin,
    });
    expect(res.status).toBe(404);
  });
});
