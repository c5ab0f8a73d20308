import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectError, staff } from "../support/harness";
import { LOCKED_EXPOSURE_CONFIGURATION, QUOTE_VALUES, setUpQuotes } from "./helpers";

/**
 * The `standard` workflow (helpers.ts) worked by hand. State NY: the table gives 1.2. Exposures valued 20,000
 * and 30,000: the per-exposure expression writes [200, 300]; the per-exposure pricing stage emits
 * round(200 x 1.2, 2) = 240 and round(300 x 1.2, 2) = 360 (premium 600); then tax round(500 x 1.2 x 0.05, 2) =
 * 30, fee 25, broker round(500 x 0.1, 2) = 50. Grand total 600 + 30 + 25 = 655.
 */
describe("rate by id (CONTRACT 5.4, 5.5)", () => {
  it("answers the pricing and outputs computed by hand", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    const rating = await q.rate(id);
    expect(rating).toMatchObject({ quoteId: id, ratingWorkflowName: "standard", diagnostics: [] });
    expect(rating.outputs).toEqual({ factors: { state: 1.2 }, exposureBase: [200, 300] });
    expect(rating.fullTermPricingInfo).toEqual({
      pricingComponents: [
        { label: "Vehicle premium", group: "premium", kind: "Premium", value: 240 },
        { label: "Vehicle premium", group: "premium", kind: "Premium", value: 360 },
        { label: "State tax", group: "taxes", kind: "Taxes", value: 30 },
        { label: "Policy fee", group: "fees", kind: "Fees", value: 25, earningBasis: "fully-earned-at-inception" },
        { label: "Broker", group: "commission", kind: "BrokerCommission", value: 50 },
      ],
      premium: 600,
      taxes: 30,
      fees: 25,
      brokerCommission: 50,
      programCommission: 0,
    });
    expect(rating.fullTermPolicyRatingResult).toEqual({
      policyPremium: 600,
      policyTaxes: 30,
      policyFees: 25,
      policyGrandTotal: 655,
    });
  });

  it("takes the table's default when no row matches: TX gives factor 1, premium 200 + 300", async () => {
    const q = await setUpQuotes();
    const rating = await q.rate(await q.createQuote({ ...QUOTE_VALUES, state: "TX" }));
    expect(rating.outputs.factors).toEqual({ state: 1 });
    // Tax round(500 x 1 x 0.05, 2) = 25.
    expect(rating.fullTermPricingInfo).toMatchObject({ premium: 500, taxes: 25 });
  });

  it("writes [] for a per-exposure stage and emits nothing per exposure when there are none", async () => {
    const q = await setUpQuotes();
    const rating = await q.rate(await q.createQuote({ ...QUOTE_VALUES, exposures: [] }));
    expect(rating.outputs.exposureBase).toEqual([]);
    // Tax, fee and broker from the whole-quote stage: sum([]) = 0, so 0, 25, 0.
    expect(rating.fullTermPricingInfo).toMatchObject({ premium: 0, taxes: 0, fees: 25, brokerCommission: 0 });
  });

  it("records only system: data, exposures and updatedAt stay, the pricing is not stored", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    const before = await q.readQuote(id);
    const rating = await q.rate(id);
    const after = await q.readQuote(id);
    expect(after.system).toEqual({ ratingWorkflowName: "standard", ratedAt: rating.ratedAt });
    expect({ ...after, system: null }).toEqual({ ...before, system: null });
    expect(after.data.fullTermPricingInfo).toBeUndefined();
  });

  it("rates a retired company's quote and records nothing: the rate is a read-only POST, the company unchangeable", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    expect((await staff("PATCH", `/admin/companies/${q.company.id}`, { lifecycle: "retired" })).status).toBe(200);
    const rating = await q.rate(id);
    // The same figures as a live company's rate (the first test's hand computation): premium 600, total 655.
    expect(rating).toMatchObject({
      quoteId: id,
      ratingWorkflowName: "standard",
      fullTermPricingInfo: { premium: 600 },
    });
    expect(rating.fullTermPolicyRatingResult.policyGrandTotal).toBe(655);
    expect((await q.readQuote(id)).system).toEqual({ ratingWorkflowName: null, ratedAt: null });
  });

  it("gives a warning diagnostic and still succeeds when a warning is not true", async () => {
    const q = await setUpQuotes();
    const exposures = [
      { exposureName: "A", value: 50_000 },
      { exposureName: "B", value: 50_000 },
    ];
    // 500 x 1.2 = 600 per exposure: premium 1,200 is not below 1,000.
    const rating = await q.rate(await q.createQuote({ ...QUOTE_VALUES, exposures }));
    expect(rating.fullTermPricingInfo.premium).toBe(1200);
    expect(rating.diagnostics).toEqual([
      {
        severity: "warning",
        code: "rating-workflow-warning",
        message: "Premium is 1,000 or more: refer to underwriting",
        fieldPath: [],
      },
    ]);
  });

  it("refuses a failing precondition with 422 and leaves the earlier selection", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote({ ...QUOTE_VALUES, state: null });
    await q.rate(id, "flat");
    const before = (await q.readQuote(id)).system;
    const error = expectError(
      await q.company.call("POST", `/quotes/${id}/rate`, q.admin, { body: { ratingWorkflowName: "standard" } }),
      422,
      "RatingPreconditionFailed",
    );
    expect(error.details).toEqual([{ field: "preconditions[0]", message: "A state is needed to rate" }]);
    expect(error.userMessages).toEqual(["A state is needed to rate"]);
    expect((await q.readQuote(id)).system).toEqual(before);
  });

  it.each([
    ["typeError", "stages[0]"],
    ["noDefault", "stages[0]"],
    ["textComponent", "stages[0]"],
  ])("refuses workflow %s with 422 RatingFailed naming %s", async (ratingWorkflowName, field) => {
    const q = await setUpQuotes();
    const id = await q.createQuote({ ...QUOTE_VALUES, state: "TX" });
    const error = expectError(
      await q.company.call("POST", `/quotes/${id}/rate`, q.admin, { body: { ratingWorkflowName } }),
      422,
      "RatingFailed",
    );
    expect(error.details.map((d) => d.field)).toEqual([field]);
    expect((await q.readQuote(id)).system).toEqual({ ratingWorkflowName: null, ratedAt: null });
  });

  it("refuses a stored workflow whose stage no longer fits its type with 422 RatingFailed", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    // As a document stored by an older release: its content hash changes with it, as every write changes both.
    await env.DB.prepare(
      "UPDATE company_configurations SET document = " +
        "json_set(document, '$.ratingWorkflows[2].stages[0].stageType', 'script'), " +
        "content_hash = 'edited:' || content_hash WHERE company_id = ?",
    )
      .bind(q.company.id)
      .run();
    const error = expectError(
      await q.company.call("POST", `/quotes/${id}/rate`, q.admin, { body: { ratingWorkflowName: "flat" } }),
      422,
      "RatingFailed",
    );
    expect(error.details[0]?.message).toContain("does not fit its stage type");

    // It is kept and exported, and does not block an import of other members (CONTRACT 5.4). A refused
    // import first: the company object forgets the configuration it kept from before the edit above.
    expectError(
      await q.company.call("POST", "/configuration/import", q.admin, { body: { unknownMember: 1 } }),
      400,
      "InvalidConfiguration",
    );
    const imported = await q.company.call("POST", "/configuration/import", q.admin, {
      body: { optionSets: [{ key: "colours", options: [{ value: "red", label: "Red" }] }] },
    });
    expect(imported.status, JSON.stringify(imported.json)).toBe(200);
    const exported = await q.company.call("GET", "/configuration/export", q.admin);
    const workflows = exported.json.ratingWorkflows as Array<{ stages: Array<{ stageType: string }> }>;
    const kept = workflows.findIndex((w) => w.stages[0]?.stageType === "script");
    expect(kept).toBeGreaterThanOrEqual(0);
    // An import that gives the workflows is checked whole, the stored stage included.
    const again = await q.company.call("POST", "/configuration/import", q.admin, {
      body: { ratingWorkflows: workflows },
    });
    expect(expectError(again, 400, "InvalidConfiguration").details.map((d) => d.field)).toEqual([
      `ratingWorkflows.${kept}.stages.0.stageType`,
    ]);
  });

  it("refuses a missing or unknown workflow name with 400 naming it, a bound or cancelled quote with 409", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    const unknown = expectError(
      await q.company.call("POST", `/quotes/${id}/rate`, q.admin, { body: { ratingWorkflowName: "nope" } }),
      400,
      "VALIDATION_ERROR",
    );
    expect(unknown.details.map((d) => d.field)).toEqual(["ratingWorkflowName"]);
    const missing = expectError(
      await q.company.call("POST", `/quotes/${id}/rate`, q.admin, { body: {} }),
      400,
      "VALIDATION_ERROR",
    );
    expect(missing.details.map((d) => d.field)).toEqual(["ratingWorkflowName"]);
    await q.company.call("POST", `/quotes/${id}/cancel`, q.admin);
    expectError(
      await q.company.call("POST", `/quotes/${id}/rate`, q.admin, { body: { ratingWorkflowName: "standard" } }),
      409,
      "QuoteNotEditable",
    );
  });
});

describe("rate by value (CONTRACT 5.5)", () => {
  it("rates values without storing anything and answers quoteId null", async () => {
    const q = await setUpQuotes();
    const { exposures, ...values } = QUOTE_VALUES;
    const res = await q.company.call("POST", "/quotes/rate", q.admin, {
      body: { ratingWorkflowName: "standard", quote: { ...values, exposures } },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ quoteId: null, fullTermPolicyRatingResult: { policyGrandTotal: 655 } });
    expect((await q.company.call("GET", "/entities/quote", q.admin)).json.totalCount).toBe(0);
  });

  it("reads values as a PUT quote: required not enforced, unknown keys and lifecycle fields refused", async () => {
    const q = await setUpQuotes();
    const rate = (quote: object) =>
      q.company.call("POST", "/quotes/rate", q.admin, { body: { ratingWorkflowName: "flat", quote } });
    expect((await rate({})).json.fullTermPricingInfo.premium).toBe(500);
    expectError(await rate({ nope: 1 }), 400, "InvalidFieldModelV1Data");
    expectError(await rate({ quoteStatus: "inProgress" }), 400, "QuoteLifecycleFieldWrite");
    expect((await rate({ exposures: [{ value: 1 }] })).status).toBe(200);
  });

  it("applies no write group, to the quote's fields or its exposures' (nothing is written)", async () => {
    const q = await setUpQuotes(LOCKED_EXPOSURE_CONFIGURATION);
    // A rater holds neither the quote's nor the exposure's `underwriting` group.
    const rater = await q.company.key([], ["quote.rate"]);
    const res = await q.company.call("POST", "/quotes/rate", rater, {
      body: {
        ratingWorkflowName: "flat",
        quote: { underwriterNote: "seen", exposures: [{ exposureName: "Truck 1", vin: "1FTFW1E50PFA00001" }] },
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ quoteId: null, fullTermPricingInfo: { premium: 500 } });
    // Writing the same exposure value on a stored quote still needs the group.
    const writer = await q.company.key([], ["quote.create", "quote.view"]);
    const stored = await q.company.call("POST", "/entities/quote", writer, {
      body: { ...QUOTE_VALUES, exposures: [{ exposureName: "Truck 1", vin: "1FTFW1E50PFA00001" }] },
    });
    expectError(stored, 403, "field-write-permission-required");
  });
});
