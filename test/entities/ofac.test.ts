import { describe, expect, it } from "vitest";
import { FAKE_GEOCODER_ORIGIN } from "../support/fake-geocoder";
import { createCompany, expectError, staff, type TestCompany } from "../support/harness";

const FIELDS = [
  { entityType: "exposure", referenceId: "exposureName", label: "Exposure name", typeInfo: { kind: "String" } },
  {
    entityType: "exposure",
    referenceId: "ofacScreening",
    label: "OFAC screening",
    typeInfo: { kind: "Object: OfacScreening" },
  },
];

const serviceUser = (keyId: string) => `External API service user (key ${keyId})`;
const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

async function setUp(options: { ofacScreening?: boolean } = {}) {
  const company = await createCompany();
  const admin = await company.key(["SUPER_ADMIN"]);
  expect(
    (await company.call("POST", "/configuration/import", admin, { body: { fieldDefinitions: FIELDS } })).status,
  ).toBe(200);
  if (options.ofacScreening === false)
    expect(
      (await staff("PATCH", `/admin/companies/${company.id}`, { features: { ofacScreening: false } })).json.features
        .ofacScreening,
    ).toBe(false);
  const screener = await company.keyWithId(["Admin"]);
  const reviewer = await company.keyWithId(["Admin"]);
  return { company, screener, reviewer };
}

async function createExposure(company: TestCompany, key: string, data: Record<string, unknown>) {
  const res = await company.call("POST", "/entities/exposure", key, { body: data });
  expect(res.status).toBe(201);
  return res.json.id as string;
}

const patch = (company: TestCompany, key: string, id: string, data: Record<string, unknown>) =>
  company.call("PATCH", `/entities/Exposure/${id}`, key, { body: data });
const screeningOf = async (company: TestCompany, key: string, id: string) =>
  (await company.call("GET", `/entities/exposure/${id}`, key)).json.data.ofacScreening;

const T1 = "2026-03-01T10:00:00.000Z";
const T2 = "2026-03-02T10:00:00.000Z";
const T0 = "2026-02-28T10:00:00.000Z";

/** A screening result as an outside screening run reports it. */
const result = (screenedAt: string, status = "potentialMatch") => ({
  status,
  screeningOutcome: status === "clear" ? "noMatch" : "review",
  screenedAt,
  screenedRequest: { name: "Acme Holdings", list: "SDN" },
  matches:
    status === "clear"
      ? []
      : [
          { id: "m-1", sdnName: "ACME HOLDINGS LTD", score: 0.93 },
          { id: "m-2", sdnName: "ACME TRADING", score: 0.81 },
        ],
});

/** An exposure whose stored screening carries a T1 result recorded by `screener`. */
async function screened(setup: Awaited<ReturnType<typeof setUp>>) {
  const id = await createExposure(setup.company, setup.screener.key, {
    exposureName: "Acme Holdings",
    ofacScreening: { name: "Acme Holdings", ...result(T1) },
  });
  return id;
}

describe("screenedAt arbitrates the response half", () => {
  it("a first result is stored and attributed to the External API service user of the key", async () => {
    const setup = await setUp();
    const id = await screened(setup);
    const stored = await screeningOf(setup.company, setup.screener.key, id);
    expect(stored).toEqual({ name: "Acme Holdings", ...result(T1), screenedBy: serviceUser(setup.screener.id) });
  });

  it("a newer screenedAt is accepted as sent, attributed to the writing key whatever screenedBy says", async () => {
    const setup = await setUp();
    const id = await screened(setup);
    const res = await patch(setup.company, setup.reviewer.key, id, {
      ofacScreening: { name: "Acme Holdings", ...result(T2, "clear"), screenedBy: "someone@example.com" },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.ofacScreening).toEqual({
      name: "Acme Holdings",
      ...result(T2, "clear"),
      screenedBy: serviceUser(setup.reviewer.id),
    });
    expect(await screeningOf(setup.company, setup.screener.key, id)).toEqual(res.json.data.ofacScreening);
  });

  it("an equal screenedAt is accepted as sent; the stored attribution stays", async () => {
    const setup = await setUp();
    const id = await screened(setup);
    const changed = { ...result(T1), status: "escalated", screeningOutcome: "escalated" };
    const res = await patch(setup.company, setup.reviewer.key, id, {
      ofacScreening: { name: "Acme Holdings", ...changed, screenedBy: "forged" },
    });
    expect(res.json.data.ofacScreening).toEqual({
      name: "Acme Holdings",
      ...changed,
      screenedBy: serviceUser(setup.screener.id),
    });
  });

  it("an older screenedAt keeps the stored response half and takes the incoming request values", async () => {
    const setup = await setUp();
    const id = await screened(setup);
    const res = await patch(setup.company, setup.reviewer.key, id, {
      ofacScreening: { name: "Acme Holdings Group", notes: "renamed", ...result(T0, "clear"), screenedBy: "forged" },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.ofacScreening).toEqual({
      name: "Acme Holdings Group",
      notes: "renamed",
      ...result(T1),
      screenedBy: serviceUser(setup.screener.id),
    });
  });

  it("an absent screenedAt keeps the stored response half and takes the incoming request values", async () => {
    const setup = await setUp();
    const id = await screened(setup);
    const { screenedAt: _, ...withoutTime } = result(T2, "clear");
    const res = await patch(setup.company, setup.reviewer.key, id, {
      ofacScreening: { name: "Acme Holdings Group", ...withoutTime },
    });
    expect(res.json.data.ofacScreening).toEqual({
      name: "Acme Holdings Group",
      ...result(T1),
      screenedBy: serviceUser(setup.screener.id),
    });
  });

  it("without a stored result, a response half with no screenedAt is not taken", async () => {
    const setup = await setUp();
    const { screenedAt: _, ...withoutTime } = result(T1);
    const id = await createExposure(setup.company, setup.screener.key, {
      exposureName: "Acme",
      ofacScreening: { name: "Acme", ...withoutTime },
    });
    expect(await screeningOf(setup.company, setup.screener.key, id)).toEqual({ name: "Acme" });
  });

  it("an update that does not send the screening leaves it exactly as stored", async () => {
    const setup = await setUp();
    const id = await screened(setup);
    const before = await screeningOf(setup.company, setup.screener.key, id);
    await patch(setup.company, setup.reviewer.key, id, { exposureName: "Acme Holdings (renamed)" });
    expect(await screeningOf(setup.company, setup.screener.key, id)).toEqual(before);
  });

  it("null clears the screening", async () => {
    const setup = await setUp();
    const id = await screened(setup);
    const res = await patch(setup.company, setup.reviewer.key, id, { ofacScreening: null });
    expect(res.json.data.ofacScreening).toBeNull();
  });
});

describe("review decisions on matches still apply", () => {
  it("a decision sent with an older result is merged onto the stored match by id and records the reviewing key", async () => {
    const setup = await setUp();
    const id = await screened(setup);
    const stale = {
      ...result(T0, "clear"),
      matches: [
        { id: "m-2", sdnName: "stale copy", score: 0.1, reviewDecision: "falsePositive", reviewedBy: "forged" },
      ],
    };
    const res = await patch(setup.company, setup.reviewer.key, id, {
      ofacScreening: { name: "Acme Holdings", ...stale },
    });
    const screening = res.json.data.ofacScreening;
    expect(screening.status).toBe("potentialMatch");
    expect(screening.screenedAt).toBe(T1);
    expect(screening.matches[0]).toEqual({ id: "m-1", sdnName: "ACME HOLDINGS LTD", score: 0.93 });
    expect(screening.matches[1]).toMatchObject({
      id: "m-2",
      sdnName: "ACME TRADING",
      score: 0.81,
      reviewDecision: "falsePositive",
      reviewedBy: serviceUser(setup.reviewer.id),
    });
    expect(Date.parse(screening.matches[1].reviewedAt)).not.toBeNaN();
  });

  it("a decision resent unchanged keeps its original reviewer; a changed one records the new key", async () => {
    const setup = await setUp();
    const id = await screened(setup);
    // A review-only write: no screenedAt, so the stored result stays and the decision is merged by id.
    await patch(setup.company, setup.reviewer.key, id, {
      ofacScreening: { matches: [{ id: "m-1", reviewDecision: "truePositive" }] },
    });
    const afterFirst = await screeningOf(setup.company, setup.reviewer.key, id);
    expect(afterFirst.matches[0]).toMatchObject({
      id: "m-1",
      sdnName: "ACME HOLDINGS LTD",
      reviewDecision: "truePositive",
      reviewedBy: serviceUser(setup.reviewer.id),
    });

    // The screener's key resends the stored screening (same decision): the reviewer stays.
    const resent = await patch(setup.company, setup.screener.key, id, { ofacScreening: afterFirst });
    expect(resent.json.data.ofacScreening.matches[0].reviewedBy).toBe(serviceUser(setup.reviewer.id));
    expect(resent.json.data.ofacScreening.matches[0].reviewedAt).toBe(afterFirst.matches[0].reviewedAt);

    // Absent screenedAt with a changed decision: the screener's key is now the reviewer.
    const { screenedAt: _, ...rest } = afterFirst;
    const changed = await patch(setup.company, setup.screener.key, id, {
      ofacScreening: { ...rest, matches: [{ id: "m-1", reviewDecision: "falsePositive" }] },
    });
    expect(changed.json.data.ofacScreening.matches[0]).toMatchObject({
      id: "m-1",
      sdnName: "ACME HOLDINGS LTD",
      reviewDecision: "falsePositive",
      reviewedBy: serviceUser(setup.screener.id),
    });
    expect(changed.json.data.ofacScreening.matches[1]).toEqual({ id: "m-2", sdnName: "ACME TRADING", score: 0.81 });
  });

  it("a decision on the screening as a whole records the reviewing key", async () => {
    const setup = await setUp();
    const id = await screened(setup);
    const res = await patch(setup.company, setup.reviewer.key, id, {
      ofacScreening: { name: "Acme Holdings", reviewDecision: "cleared", reviewedBy: "forged" },
    });
    expect(res.json.data.ofacScreening).toMatchObject({
      ...result(T1),
      reviewDecision: "cleared",
      reviewedBy: serviceUser(setup.reviewer.id),
    });
  });
});

describe("the exposure's own name fills a blank screening name", () => {
  it.each([
    ["absent", {}],
    ["null", { name: null }],
    ["empty", { name: "" }],
    ["blank", { name: "   " }],
  ])("on create, a %s name takes exposureName", async (_, screening) => {
    const setup = await setUp();
    const id = await createExposure(setup.company, setup.screener.key, {
      exposureName: "Blue Harbor LLC",
      ofacScreening: screening,
    });
    expect((await screeningOf(setup.company, setup.screener.key, id)).name).toBe("Blue Harbor LLC");
  });

  it("an existing name is never overwritten, on create or when exposureName changes", async () => {
    const setup = await setUp();
    const id = await createExposure(setup.company, setup.screener.key, {
      exposureName: "Blue Harbor LLC",
      ofacScreening: { name: "Blue Harbor Holdings" },
    });
    expect((await screeningOf(setup.company, setup.screener.key, id)).name).toBe("Blue Harbor Holdings");
    await patch(setup.company, setup.screener.key, id, { exposureName: "Red Harbor LLC" });
    expect((await screeningOf(setup.company, setup.screener.key, id)).name).toBe("Blue Harbor Holdings");
  });

  it("a screening written before the exposure had a name gets it on a later write", async () => {
    const setup = await setUp();
    const id = await createExposure(setup.company, setup.screener.key, { ofacScreening: {} });
    expect(await screeningOf(setup.company, setup.screener.key, id)).toEqual({});
    await patch(setup.company, setup.screener.key, id, { exposureName: "Late Name Inc" });
    expect(await screeningOf(setup.company, setup.screener.key, id)).toEqual({ name: "Late Name Inc" });
  });
});

describe("embedded exposures", () => {
  it("screenings inside a quote's embedded exposures follow the same rule", async () => {
    const setup = await setUp();
    const created = await setup.company.call("POST", "/entities/quote", setup.screener.key, {
      body: { exposures: [{ exposureName: "Fleet Co", ofacScreening: result(T1) }] },
    });
    expect(created.status).toBe(201);
    const read = await setup.company.call("GET", `/entities/quote/${created.json.id}`, setup.screener.key);
    expect(read.json.data.exposures[0].ofacScreening).toEqual({
      name: "Fleet Co",
      ...result(T1),
      screenedBy: serviceUser(setup.screener.id),
    });

    const stale = {
      exposureName: "Fleet Co",
      ofacScreening: { ...result(T0, "clear"), matches: [{ id: "m-1", reviewDecision: "falsePositive" }] },
    };
    const res = await setup.company.call("PATCH", `/entities/quote/${created.json.id}`, setup.reviewer.key, {
      body: { exposures: [stale] },
    });
    expect(res.status).toBe(200);
    const screening = res.json.data.exposures[0].ofacScreening;
    expect(screening).toMatchObject({
      name: "Fleet Co",
      status: "potentialMatch",
      screenedAt: T1,
      screenedBy: serviceUser(setup.screener.id),
    });
    expect(screening.matches[0]).toMatchObject({
      id: "m-1",
      sdnName: "ACME HOLDINGS LTD",
      reviewDecision: "falsePositive",
      reviewedBy: serviceUser(setup.reviewer.id),
    });
  });
});

describe("no screening runs and no call is billed", () => {
  it("writes of a screening make no outbound request", async () => {
    const setup = await setUp();
    const name = unique("Ofac-Subject");
    const id = await createExposure(setup.company, setup.screener.key, { exposureName: name, ofacScreening: {} });
    await patch(setup.company, setup.reviewer.key, id, {
      ofacScreening: { name, ...result(T2), matches: [{ id: "m-1", reviewDecision: "truePositive" }] },
    });
    expect((await screeningOf(setup.company, setup.screener.key, id)).status).toBe("potentialMatch");
    for (const text of [name, setup.company.id, id]) {
      const seen = await (
        await fetch(`${FAKE_GEOCODER_ORIGIN}/__control/outbound?contains=${encodeURIComponent(text)}`)
      ).json();
      expect(seen).toEqual([]);
    }
  });
});

describe("companies with OFAC screening off", () => {
  it("store the screening as sent: no arbitration, no attribution, no name copy", async () => {
    const setup = await setUp({ ofacScreening: false });
    const first = { name: "", ...result(T1), screenedBy: "analyst@example.com" };
    const id = await createExposure(setup.company, setup.screener.key, {
      exposureName: "Acme Holdings",
      ofacScreening: first,
    });
    expect(await screeningOf(setup.company, setup.screener.key, id)).toEqual(first);
    const older = {
      name: "Acme",
      ...result(T0, "clear"),
      matches: [{ id: "m-9", reviewDecision: "falsePositive", reviewedBy: "analyst@example.com" }],
    };
    const res = await patch(setup.company, setup.reviewer.key, id, { ofacScreening: older });
    expect(res.json.data.ofacScreening).toEqual(older);
  });

  it("turning the feature back on arbitrates again", async () => {
    const setup = await setUp({ ofacScreening: false });
    const id = await screened(setup);
    await staff("PATCH", `/admin/companies/${setup.company.id}`, { features: { ofacScreening: true } });
    const res = await patch(setup.company, setup.reviewer.key, id, {
      ofacScreening: { name: "Acme Holdings", ...result(T0, "clear") },
    });
    expect(res.json.data.ofacScreening.screenedAt).toBe(T1);
  });
});

describe("refusals", () => {
  it("an unreadable screenedAt is 400 InvalidFieldModelV1Data and nothing changes", async () => {
    const setup = await setUp();
    const id = await screened(setup);
    const before = await screeningOf(setup.company, setup.screener.key, id);
    const res = await patch(setup.company, setup.reviewer.key, id, {
      ofacScreening: { ...result(T2), screenedAt: "yesterday" },
    });
    const error = expectError(
      res,
      400,
      "InvalidFieldModelV1Data",
      "Invalid field data: ofacScreening.screenedAt must be an ISO 8601 timestamp",
    );
    expect(error.details).toEqual([{ field: "ofacScreening.screenedAt", message: "must be an ISO 8601 timestamp" }]);
    expect(await screeningOf(setup.company, setup.screener.key, id)).toEqual(before);
  });

  it("a key without exposure.edit is 403 and the screening is unchanged", async () => {
    const setup = await setUp();
    const id = await screened(setup);
    const reader = await setup.company.key(["ReadOnly"]);
    const res = await patch(setup.company, reader, id, { ofacScreening: { ...result(T2, "clear") } });
    expectError(res, 403, "AuthorizationError", "User is not authorized to perform the requested action");
    expect((await screeningOf(setup.company, setup.screener.key, id)).screenedAt).toBe(T1);
  });

  it("another company's exposure id under the caller's own path is 404 and nothing changes", async () => {
    const mine = await setUp();
    const theirs = await setUp();
    const theirId = await screened(theirs);
    const res = await patch(mine.company, mine.screener.key, theirId, { ofacScreening: { ...result(T2, "clear") } });
    expectError(res, 404, "NotFoundError", "Not found");
    expect((await screeningOf(theirs.company, theirs.screener.key, theirId)).screenedAt).toBe(T1);
  });

  it("a key of another company on this company's path is 403", async () => {
    const mine = await setUp();
    const theirs = await setUp();
    const id = await screened(mine);
    const res = await patch(mine.company, theirs.screener.key, id, { ofacScreening: { ...result(T2, "clear") } });
    expectError(res, 403, "AuthorizationError", "API key is not scoped to the requested company");
  });
});
