import { describe, expect, it } from "vitest";
import { answerGeocoder, geocoderLookups } from "../support/geocoder-control";
import { QUOTE_CONFIGURATION, QUOTE_VALUES, setUpQuotes } from "./helpers";

/**
 * Bind and rate by value see the quote as it will be stored (CONTRACT 5.6: `quote` is read as a create body;
 * 5.5: as a PUT `quote`): computed defaults, calculated fields and the embedded exposures' own derived values
 * are in place before the rating, the bind rules and the copy to the policy.
 */
const CONFIGURATION = {
  ...QUOTE_CONFIGURATION,
  fieldDefinitions: [
    ...QUOTE_CONFIGURATION.fieldDefinitions.map((field) =>
      field.entityType === "quote" && field.referenceId === "insuredName"
        ? { ...field, computedDefault: "'Unnamed insured'" }
        : field.entityType === "quote" && field.referenceId === "limit"
          ? { ...field, computedDefault: "1000000" }
          : field,
    ),
    {
      entityType: "exposure",
      referenceId: "base",
      label: "Base",
      typeInfo: { kind: "Calculated", expression: "value * 0.01", repeatable: true },
    },
  ],
  ratingWorkflows: [
    ...QUOTE_CONFIGURATION.ratingWorkflows,
    {
      name: "derived",
      stages: [
        {
          stageType: "pricing",
          callOncePerPath: true,
          raterSpec: { components: [{ label: "Per unit", group: "premium", kind: "Premium", value: "exposure.base" }] },
        },
      ],
    },
  ],
};

const { insuredName: _name, limit: _limit, ...WITHOUT_DEFAULTED } = QUOTE_VALUES;

describe("bind by value derives the quote's values before its rules and its policy", () => {
  it("fills a required field's computed default, and the policy gets the defaulted values", async () => {
    const q = await setUpQuotes(CONFIGURATION);
    const res = await q.company.call("POST", "/quotes/bind", q.admin, {
      body: { quote: WITHOUT_DEFAULTED, ratingWorkflowName: "standard" },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.quote.data).toMatchObject({ insuredName: "Unnamed insured", limit: 1_000_000 });
    const data = res.json.policy.segments[0].data;
    expect(data).toMatchObject({ insuredName: "Unnamed insured", limit: 1_000_000 });
    // The billing precondition reads the defaulted limit: no advisory about a missing one.
    expect(JSON.stringify(res.json.advisories)).not.toContain("No limit");
    // The policy's exposures carry their calculated values, as the stored quote's do.
    expect(data.exposures.map((e: { base: number }) => e.base)).toEqual([200, 300]);
  });
});

describe("rate by value derives what a PUT derives", () => {
  it("rates embedded exposures with their calculated fields: 20,000 × 0.01 + 30,000 × 0.01 = 500", async () => {
    const q = await setUpQuotes(CONFIGURATION);
    const res = await q.company.call("POST", "/quotes/rate", q.admin, {
      body: { ratingWorkflowName: "derived", quote: { exposures: QUOTE_VALUES.exposures } },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.fullTermPricingInfo.premium).toBe(500);
    expect(res.json.quoteId).toBeNull();
  });
});

describe("a bound quote's policy-level addresses keep their geocode", () => {
  it("compares the policy's AddressV2 values with the quote's: an unchanged address is not looked up again", async () => {
    const street = `${Math.floor(Math.random() * 900) + 100} ${Math.random().toString(36).slice(2, 8)} Bind Ave`;
    await answerGeocoder(street, { kind: "match", county: "District of Columbia", latitude: 38.9, longitude: -77.0 });
    const address = {
      entryMethod: "manual",
      enteredAddress: { address1: street, city: "Washington", state: "DC", zipCode: "20001", countryCode: "US" },
    };
    const mailing = (entityType: string) => ({
      entityType,
      referenceId: "mailingAddress",
      label: "Mailing address",
      typeInfo: { kind: "Object: AddressV2" },
    });
    const q = await setUpQuotes({
      ...QUOTE_CONFIGURATION,
      fieldDefinitions: [...QUOTE_CONFIGURATION.fieldDefinitions, mailing("quote"), mailing("policy")],
    });
    const id = await q.createQuote({ ...QUOTE_VALUES, mailingAddress: address });
    const geocode = (await q.readQuote(id)).data.mailingAddress.geocode;
    expect(geocode).toMatchObject({ status: "matched", county: "District of Columbia" });
    expect(await geocoderLookups(street)).toHaveLength(1);
    await q.rateAndCopy(id);
    const bound = await q.company.call("POST", "/quotes/bind", q.admin, { body: { quoteId: id } });
    expect(bound.status, JSON.stringify(bound.json)).toBe(200);
    expect(bound.json.policy.segments[0].data.mailingAddress.geocode).toEqual(geocode);
    expect(await geocoderLookups(street)).toHaveLength(1);
  });
});
