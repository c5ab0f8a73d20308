import { describe, expect, it } from "vitest";
import { answerGeocoder, geocoderLookups, untilGeocoderAsked } from "../support/geocoder-control";
import { createCompany } from "../support/harness";
import { date, endorseBody, newBusinessBody } from "./helpers";

/**
 * The embedded `data.exposures` of policy transactions go through the write pipeline's exposure steps
 * like any write with embedded exposures (issue 8, item 8): AddressV2 values are geocoded on save, and
 * OFAC screenings arbitrated by `screenedAt` against the exposure stored at the same position (the
 * exposures in force on an endorsement's effective date; the renewed policy's for a renewal).
 */

const FIELDS = [
  { entityType: "exposure", referenceId: "exposureName", label: "Exposure name", typeInfo: { kind: "String" } },
  {
    entityType: "exposure",
    referenceId: "riskAddress",
    label: "Risk address",
    typeInfo: { kind: "Object: AddressV2" },
  },
  {
    entityType: "exposure",
    referenceId: "ofacScreening",
    label: "OFAC screening",
    typeInfo: { kind: "Object: OfacScreening" },
  },
  { entityType: "policy", referenceId: "limit", label: "Limit", typeInfo: { kind: "Integer" } },
  {
    entityType: "policy",
    referenceId: "insuredAddress",
    label: "Insured address",
    typeInfo: { kind: "Object: AddressV2" },
  },
];

async function setUp() {
  const company = await createCompany();
  const admin = await company.key(["SUPER_ADMIN"]);
  const imported = await company.call("POST", "/configuration/import", admin, { body: { fieldDefinitions: FIELDS } });
  expect(imported.status, imported.text).toBe(200);
  const writer = await company.keyWithId(["Admin"]);
  return { company, writer };
}

let sequence = 0;
/** A street no other test uses (the fake geocoder's answers are shared by every test file). */
const uniqueStreet = () => `${200 + (sequence++ % 700)} ${Math.random().toString(36).slice(2, 8)} Policy Ave`;

const address = (street: string) => ({
  entryMethod: "manual",
  enteredAddress: { address1: street, city: "Washington", state: "DC", zipCode: "20233", countryCode: "US" },
});

const screening = (screenedAt: string, status = "potentialMatch") => ({
  status,
  screeningOutcome: status === "clear" ? "noMatch" : "review",
  screenedAt,
  screenedRequest: { name: "Acme Holdings", list: "SDN" },
  matches: status === "clear" ? [] : [{ id: "m-1", sdnName: "ACME HOLDINGS LTD", score: 0.93 }],
});
const T0 = "2026-02-28T10:00:00.000Z";
const T1 = "2026-03-01T10:00:00.000Z";

describe("AddressV2 values of a policy's embedded exposures are geocoded on save", () => {
  it("new business geocodes; an endorsement keeps an unchanged address's geocode and geocodes a moved one", async () => {
    const { company, writer } = await setUp();
    const [first, moved] = [uniqueStreet(), uniqueStreet()];
    await answerGeocoder(first, { kind: "match", county: "District of Columbia", latitude: 38.84, longitude: -76.92 });
    await answerGeocoder(moved, { kind: "match", county: "Fairfax County", latitude: 38.85, longitude: -77.3 });

    const created = await company.call("POST", "/policies/transaction/new-business", writer.key, {
      body: newBusinessBody({ exposures: [{ exposureName: "HQ", riskAddress: address(first) }] }),
    });
    expect(created.status, created.text).toBe(200);
    const geocoded = created.json.segments[0].data.exposures[0].riskAddress.geocode;
    expect(geocoded).toMatchObject({ status: "matched", county: "District of Columbia" });
    expect(await geocoderLookups(first)).toHaveLength(1);

    const policyId = created.json.policyId;
    const unchanged = await company.call("POST", `/policies/${policyId}/transaction/endorse`, writer.key, {
      body: endorseBody("2026-03-01", [
        { path: "policy.exposures", value: [{ exposureName: "HQ renamed", riskAddress: address(first) }] },
      ]),
    });
    expect(unchanged.status, unchanged.text).toBe(200);
    expect(unchanged.json.segments[1].data.exposures[0].riskAddress.geocode).toEqual(geocoded);
    expect(await geocoderLookups(first)).toHaveLength(1);

    const relocated = await company.call("POST", `/policies/${policyId}/transaction/endorse`, writer.key, {
      body: endorseBody("2026-06-01", [
        { path: "policy.exposures", value: [{ exposureName: "HQ", riskAddress: address(moved) }] },
      ]),
    });
    expect(relocated.status, relocated.text).toBe(200);
    expect(relocated.json.segments.at(-1).data.exposures[0].riskAddress.geocode).toMatchObject({
      status: "matched",
      county: "Fairfax County",
    });
    expect(await geocoderLookups(moved)).toHaveLength(1);
  });

  it("a renewal compares its exposures with the renewed policy's: an unchanged address is not looked up again", async () => {
    const { company, writer } = await setUp();
    const street = uniqueStreet();
    await answerGeocoder(street, { kind: "match", county: "District of Columbia" });
    const exposures = [{ exposureName: "HQ", riskAddress: address(street) }];
    const created = await company.call("POST", "/policies/transaction/new-business", writer.key, {
      body: newBusinessBody({ exposures }),
    });
    expect(created.status, created.text).toBe(200);
    const renewed = await company.call("POST", "/policies/transaction/renew", writer.key, {
      body: newBusinessBody({
        exposures,
        previousPolicy: created.json.policyId,
        policyStartDate: date("2027-01-01"),
        policyEndDate: date("2028-01-01"),
      }),
    });
    expect(renewed.status, renewed.text).toBe(200);
    expect(renewed.json.segments[0].data.exposures[0].riskAddress.geocode).toEqual(
      created.json.segments[0].data.exposures[0].riskAddress.geocode,
    );
    expect(await geocoderLookups(street)).toHaveLength(1);
  });
});

describe("AddressV2 values of the policy's own fields are geocoded on save, like an entity's", () => {
  it("new business geocodes; an endorsement keeps an unchanged address's geocode, geocodes a moved one, keeps a provided one", async () => {
    const { company, writer } = await setUp();
    const [first, moved] = [uniqueStreet(), uniqueStreet()];
    await answerGeocoder(first, { kind: "match", county: "District of Columbia", latitude: 38.84, longitude: -76.92 });
    await answerGeocoder(moved, { kind: "match", county: "Fairfax County", latitude: 38.85, longitude: -77.3 });
    // A geocode sent with another source is discarded and replaced.
    const sent = { ...address(first), geocode: { source: "census", status: "matched", latitude: 1, longitude: 2 } };
    const created = await company.call("POST", "/policies/transaction/new-business", writer.key, {
      body: newBusinessBody({ insuredAddress: sent, exposures: undefined }),
    });
    expect(created.status, created.text).toBe(200);
    const geocoded = created.json.segments[0].data.insuredAddress.geocode;
    expect(geocoded).toMatchObject({ status: "matched", county: "District of Columbia", latitude: 38.84 });
    expect(await geocoderLookups(first)).toHaveLength(1);

    const policyId = created.json.policyId;
    const endorse = (day: string, value: unknown) =>
      company.call("POST", `/policies/${policyId}/transaction/endorse`, writer.key, {
        body: endorseBody(day, [{ path: "policy.insuredAddress", value }]),
      });
    const unchanged = await endorse("2026-03-01", address(first));
    expect(unchanged.status, unchanged.text).toBe(200);
    expect(unchanged.json.segments.at(-1).data.insuredAddress.geocode).toEqual(geocoded);
    expect(await geocoderLookups(first)).toHaveLength(1);

    const relocated = await endorse("2026-06-01", address(moved));
    expect(relocated.status, relocated.text).toBe(200);
    expect(relocated.json.segments.at(-1).data.insuredAddress.geocode).toMatchObject({ county: "Fairfax County" });
    expect(await geocoderLookups(moved)).toHaveLength(1);

    const provided = { source: "provided", status: "matched", county: "Our survey", latitude: 10, longitude: 20 };
    const own = await endorse("2026-09-01", { ...address(moved), geocode: provided });
    expect(own.status, own.text).toBe(200);
    expect(own.json.segments.at(-1).data.insuredAddress.geocode).toEqual(provided);
    expect(await geocoderLookups(moved)).toHaveLength(1);
  });
});

describe("a new policy whose exposures wait on the geocoder", () => {
  it("looks them up outside the company's turn and still takes each number once", async () => {
    const company = await createCompany();
    const admin = await company.key(["SUPER_ADMIN"]);
    const fields = [
      ...FIELDS,
      { entityType: "policy", referenceId: "policyRef", label: "Ref", typeInfo: { kind: "Sequence", prefix: "PR-" } },
    ];
    const imported = await company.call("POST", "/configuration/import", admin, { body: { fieldDefinitions: fields } });
    expect(imported.status, imported.text).toBe(200);
    const street = uniqueStreet();
    await answerGeocoder(street, { kind: "match", county: "District of Columbia" });

    // The object knows no counter yet, so the Sequence field is minted in a statement of its own: the
    // exposures (and their lookups, made between turns) come first, so the turn that ends for them takes none.
    const created = await company.call("POST", "/policies/transaction/new-business", admin, {
      body: newBusinessBody({ exposures: [{ exposureName: "HQ", riskAddress: address(street) }] }),
    });
    expect(created.status, created.text).toBe(200);
    expect(created.json.segments[0].data.policyRef).toBe("PR-1");
    expect(created.json.segments[0].data.exposures[0].riskAddress.geocode).toMatchObject({ status: "matched" });
    expect(await geocoderLookups(street)).toHaveLength(1);
    const next = await company.call("POST", "/policies/transaction/new-business", admin, {
      body: newBusinessBody({ exposures: [{ exposureName: "Shed" }] }),
    });
    expect(next.status, next.text).toBe(200);
    expect(next.json.segments[0].data.policyRef).toBe("PR-2");
  });

  it("an endorsement waiting on the geocoder leaves its commit group: the company's other endorsements go on", async () => {
    const { company, writer } = await setUp();
    const [street, slowStreet] = [uniqueStreet(), uniqueStreet()];
    await answerGeocoder(street, { kind: "match", county: "District of Columbia" });
    await answerGeocoder(slowStreet, { kind: "hang" });
    const policyIds: string[] = [];
    for (const name of ["HQ", "Depot"]) {
      const created = await company.call("POST", "/policies/transaction/new-business", writer.key, {
        body: newBusinessBody({ exposures: [{ exposureName: name, riskAddress: address(street) }] }),
      });
      expect(created.status, created.text).toBe(200);
      policyIds.push(created.json.policyId);
    }
    const [moving, other] = policyIds as [string, string];

    let movedDone = false;
    const moved = company
      .call("POST", `/policies/${moving}/transaction/endorse`, writer.key, {
        body: endorseBody("2026-03-01", [
          { path: "policy.exposures", value: [{ exposureName: "HQ", riskAddress: address(slowStreet) }] },
        ]),
      })
      .then((res) => {
        movedDone = true;
        return res;
      });
    await untilGeocoderAsked(slowStreet);
    const renamed = await company.call("POST", `/policies/${other}/transaction/endorse`, writer.key, {
      body: endorseBody("2026-03-01", [
        { path: "policy.exposures", value: [{ exposureName: "Depot renamed", riskAddress: address(street) }] },
      ]),
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(movedDone).toBe(false);

    const res = await moved;
    expect(res.status, res.text).toBe(200);
    expect(res.json.version).toBe(2);
    expect(res.json.segments.at(-1).data.exposures[0].riskAddress.geocode).toMatchObject({ status: "failed" });
    expect(await geocoderLookups(slowStreet)).toHaveLength(1);
  });
});

describe("OFAC screenings of a policy's embedded exposures are arbitrated like an entity's", () => {
  it("new business records the screener; an endorsement sending an older result keeps the newer one", async () => {
    const { company, writer } = await setUp();
    const created = await company.call("POST", "/policies/transaction/new-business", writer.key, {
      body: newBusinessBody({ exposures: [{ exposureName: "Acme Holdings", ofacScreening: screening(T1) }] }),
    });
    expect(created.status, created.text).toBe(200);
    const stored = created.json.segments[0].data.exposures[0].ofacScreening;
    expect(stored).toEqual({
      name: "Acme Holdings",
      ...screening(T1),
      screenedBy: `External API service user (key ${writer.id})`,
    });

    const stale = await company.call("POST", `/policies/${created.json.policyId}/transaction/endorse`, writer.key, {
      body: endorseBody("2026-04-01", [
        {
          path: "policy.exposures",
          value: [{ exposureName: "Acme Holdings", ofacScreening: screening(T0, "clear") }],
        },
      ]),
    });
    expect(stale.status, stale.text).toBe(200);
    expect(stale.json.segments.at(-1).data.exposures[0].ofacScreening).toEqual(stored);
  });
});
