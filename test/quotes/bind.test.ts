import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { answerGeocoder, geocoderLookups } from "../support/geocoder-control";
import { expectError, staff } from "../support/harness";
import { must } from "../support/must";
import { expectDisplayable } from "../support/user-messages";
import { countRows, date, QUOTE_CONFIGURATION, QUOTE_VALUES, setUpQuotes } from "./helpers";

const bind = (q: Awaited<ReturnType<typeof setUpQuotes>>, body: object, key = q.admin) =>
  q.company.call("POST", "/quotes/bind", key, { body });

describe("bind by id (CONTRACT 5.6)", () => {
  it("writes new business from the persisted quote, binds the quote and its submission, in one answer", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    const rating = await q.rateAndCopy(id);
    const res = await bind(q, { quoteId: id, transactionTimestamp: "2025-12-01T10:00:00Z", displayAuthor: "Dana" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/json");
    const { quote, policy, advisories } = res.json;
    expect(quote).toMatchObject({ id, policyId: policy.policyId, data: { quoteStatus: "bound", quoteBindErrors: [] } });
    expect(quote.data.quoteRef).toBe("QR-001");
    expect(policy).toMatchObject({
      version: 1,
      action: "NEW_BUSINESS",
      transactionTimestamp: "2025-12-01T10:00:00Z",
      displayAuthor: "Dana",
      policyNumber: expect.stringMatching(/^POL-/),
      policyStartDate: date("2030-01-01"),
      fullTermPricingInfo: rating.fullTermPricingInfo,
      fullTermPolicyRatingResult: rating.fullTermPolicyRatingResult,
    });
    const segment = policy.segments[0].data;
    expect(segment).toMatchObject({ insuredName: "Acme Haulage", limit: 1_000_000, exposures: QUOTE_VALUES.exposures });
    expect(segment.state).toBeUndefined();
    expect(advisories).toEqual([]);
    expect((await q.readSubmission(quote.submissionId)).data.submissionStatus).toBe("bound");
    const read = await q.company.call("GET", `/policies/${policy.policyId}`, q.admin);
    expect(read.json.policyNumber).toBe(policy.policyNumber);
  });

  it("claims the policy number read beside its first reads; if the sequence moved meanwhile it mints anew, never reusing one", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    await q.rateAndCopy(id);
    // Another writer of the policy-number sequence between the bind's read and its write batch: when the bind
    // mints its first quoteRef (an insert; later mints are updates), this trigger takes POL-000001 to 5.
    await env.DB.prepare(
      `CREATE TRIGGER test_moves_policy_numbers AFTER INSERT ON sequences WHEN NEW.name = 'quote.quoteRef'
       BEGIN INSERT INTO sequences (company_id, name, value) VALUES (NEW.company_id, 'policy.policyNumber', 5); END`,
    ).run();
    try {
      const res = await bind(q, { quoteId: id, transactionTimestamp: "2025-12-01T10:00:00Z", displayAuthor: "Dana" });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      // The batch claiming POL-000001 failed whole; the bind ran again and minted past the 5 taken meanwhile.
      expect(res.json.policy.policyNumber).toBe("POL-000006");
      // The first run's quoteRef was minted before its batch failed, so the second run takes the next one.
      expect(res.json.quote.data).toMatchObject({ quoteStatus: "bound", quoteRef: "QR-002" });
    } finally {
      await env.DB.prepare("DROP TRIGGER test_moves_policy_numbers").run();
    }
    const sequence = await env.DB.prepare("SELECT value FROM sequences WHERE company_id = ? AND name = ?")
      .bind(q.company.id, "policy.policyNumber")
      .first<number>("value");
    expect(sequence).toBe(6);
    expect(await countRows("policies", q.company.id)).toBe(1);
    expect(await countRows("quote_bindings", q.company.id)).toBe(1);
  });

  it("takes a bind Sequence field in the bind's batch once the object knows it: a failed batch burns none, and a value moved behind the object's back is never reused", async () => {
    const q = await setUpQuotes();
    const ids = [await q.createQuote(), await q.createQuote(), await q.createQuote()];
    for (const id of ids) await q.rateAndCopy(id);
    const bound = async (quoteId: string) => {
      const res = await bind(q, { quoteId, transactionTimestamp: "2025-12-01T10:00:00Z", displayAuthor: "Dana" });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return { number: res.json.policy.policyNumber, quoteRef: res.json.quote.data.quoteRef };
    };
    const moveSequence = (name: string, value: number) =>
      env.DB.prepare("UPDATE sequences SET value = ? WHERE company_id = ? AND name = ?")
        .bind(value, q.company.id, name)
        .run();
    expect(await bound(must(ids[0]))).toEqual({ number: "POL-000001", quoteRef: "QR-001" });
    // The policy number moved: the bind's batch fails whole, its quoteRef claim with it, and the second run
    // takes QR-002 (a quoteRef minted before the batch would have been burned).
    await moveSequence("policy.policyNumber", 5);
    expect(await bound(must(ids[1]))).toEqual({ number: "POL-000006", quoteRef: "QR-002" });
    // The quoteRef moved: taken past it, never reused.
    await moveSequence("quote.quoteRef", 7);
    expect(await bound(must(ids[2]))).toEqual({ number: "POL-000007", quoteRef: "QR-008" });
  });

  it("binds what is stored, not the rate answer: a rate never copied leaves rating-present failing", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    await q.rate(id);
    const error = expectError(await bind(q, { quoteId: id }), 409, "BindConditionsFailed");
    expect(error.details).toEqual([
      {
        field: "rating-present",
        message: "fullTermPricingInfo is empty: rate the quote and copy its pricing into the quote",
      },
    ]);
    const pricing = { pricingComponents: [{ label: "Hand priced", group: "p", kind: "Premium", value: 999 }] };
    await q.company.call("PATCH", `/entities/quote/${id}`, q.admin, { body: { fullTermPricingInfo: pricing } });
    const bound = await bind(q, { quoteId: id });
    expect(bound.json.policy.fullTermPricingInfo.premium).toBe(999);
    expect(bound.json.policy.fullTermPolicyRatingResult).toBeNull();
  });

  it("does not keep an Idempotency-Key a refused bind held: the same key retried runs again (CONTRACT 8.1)", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    await q.rate(id);
    const headers = { "Idempotency-Key": `bind-${id}` };
    const call = () => q.company.call("POST", "/quotes/bind", q.admin, { body: { quoteId: id }, headers });
    // The refusal writes quoteBindErrors, yet a 409 is not a saved answer: the key is free again.
    expectError(await call(), 409, "BindConditionsFailed");
    const held = await env.DB.prepare("SELECT state FROM idempotency_keys WHERE company_id = ? AND idempotency_key = ?")
      .bind(q.company.id, `bind-${id}`)
      .first();
    expect(held).toBeNull();
    expectError(await call(), 409, "BindConditionsFailed");
    const pricing = { pricingComponents: [{ label: "Hand priced", group: "p", kind: "Premium", value: 999 }] };
    await q.company.call("PATCH", `/entities/quote/${id}`, q.admin, { body: { fullTermPricingInfo: pricing } });
    const bound = await call();
    expect(bound.status, JSON.stringify(bound.json)).toBe(200);
    const replayed = await call();
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replayed.json).toEqual(bound.json);
  });

  it("stores the failures in quoteBindErrors without moving updatedAt, and empties them on success", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote({ ...QUOTE_VALUES, policyEndDate: date("2029-01-01") });
    const before = await q.readQuote(id);
    const error = expectError(await bind(q, { quoteId: id }), 409, "BindConditionsFailed");
    expect(error.details.map((d) => d.field)).toEqual(["policy-term", "rating-present"]);
    const after = await q.readQuote(id);
    expect(after.data.quoteBindErrors).toEqual([
      "policy-term: policyEndDate must be after policyStartDate",
      "rating-present: fullTermPricingInfo is empty: rate the quote and copy its pricing into the quote",
    ]);
    expect(after.updatedAt).toBe(before.updatedAt);
    expect(await countRows("policies", q.company.id)).toBe(0);
  });

  it("answers 409 InvalidLifecycleTransition for a bound or cancelled quote, whatever else fails", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    await q.company.call("POST", `/quotes/${id}/cancel`, q.admin);
    const error = expectError(await bind(q, { quoteId: id }), 409, "InvalidLifecycleTransition");
    expect(error.message).toBe("Cannot bind a quote whose status is cancelled");
  });

  it("of ten concurrent binds of one quote, exactly one makes a policy", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    await q.rateAndCopy(id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => bind(q, { quoteId: id })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200))
      expectError(refused, 409, "InvalidLifecycleTransition");
    expect(await countRows("policies", q.company.id)).toBe(1);
    expect(await countRows("quote_bindings", q.company.id)).toBe(1);
  });

  it("a bound quote refuses generic updates, rate and PUT with QuoteNotEditable naming the policy path", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    await q.rateAndCopy(id);
    const { policy } = (await bind(q, { quoteId: id })).json;
    const patch = expectError(
      await q.company.call("PATCH", `/entities/quote/${id}`, q.admin, { body: { limit: 1 } }),
      409,
      "QuoteNotEditable",
    );
    expect(patch.message).toContain(`/policies/${policy.policyId}/transaction/`);
    expectError(
      await q.company.call("POST", `/quotes/${id}/rate`, q.admin, { body: { ratingWorkflowName: "flat" } }),
      409,
      "QuoteNotEditable",
    );
    expectError(await q.second("PUT", `/quotes/${id}`, q.admin, { quote: {}, exposures: [] }), 409, "QuoteNotEditable");
    expectError(await q.company.call("POST", `/quotes/${id}/cancel`, q.admin), 409, "InvalidLifecycleTransition");
  });

  it("refuses a second quote of a bound submission with submission-status", async () => {
    const q = await setUpQuotes();
    const submissionId = await q.createSubmission();
    const first = await q.createQuote({ ...QUOTE_VALUES, submissionId });
    const second = await q.createQuote({ ...QUOTE_VALUES, submissionId });
    await q.rateAndCopy(first);
    await q.rateAndCopy(second);
    expect((await bind(q, { quoteId: first })).status).toBe(200);
    const error = expectError(await bind(q, { quoteId: second }), 409, "BindConditionsFailed");
    expect(error.details).toEqual([{ field: "submission-status", message: "The submission is bound" }]);
  });

  it("takes the oldest family's policy number, and names a taken one in policy-data", async () => {
    const q = await setUpQuotes();
    const submission = await q.legacy("POST", "/submissions", q.admin, {
      name: "Fleet",
      type: "new_business",
      policy: { policyNumber: "FLEET-7", policyType: "O", policyStartDate: "2030-01-01", policyEndDate: "2031-01-01" },
    });
    const id = await q.createQuote({ ...QUOTE_VALUES, submissionId: submission.json.id });
    await q.rateAndCopy(id);
    expect((await bind(q, { quoteId: id })).json.policy.policyNumber).toBe("FLEET-7");

    const again = await q.legacy("POST", "/submissions", q.admin, {
      name: "Fleet 2",
      type: "new_business",
      policy: { policyNumber: "FLEET-7", policyType: "O", policyStartDate: "2030-01-01", policyEndDate: "2031-01-01" },
    });
    const taken = await q.createQuote({ ...QUOTE_VALUES, submissionId: again.json.id });
    await q.rateAndCopy(taken);
    const error = expectError(await bind(q, { quoteId: taken }), 409, "BindConditionsFailed");
    expect(error.details).toEqual([{ field: "policy-data", message: "policyNumber FLEET-7 is already in use" }]);

    // Spelled with spaces around it, it is the same number once new business trims it: the rule says so first.
    const spaced = await q.legacy("POST", "/submissions", q.admin, {
      name: "Fleet 3",
      type: "new_business",
      policy: {
        policyNumber: " FLEET-7 ",
        policyType: "O",
        policyStartDate: "2030-01-01",
        policyEndDate: "2031-01-01",
      },
    });
    expect(spaced.status, JSON.stringify(spaced.json)).toBe(201);
    const trimmed = await q.createQuote({ ...QUOTE_VALUES, submissionId: spaced.json.id });
    await q.rateAndCopy(trimmed);
    const refused = expectError(await bind(q, { quoteId: trimmed }), 409, "BindConditionsFailed");
    expect(refused.details).toEqual([{ field: "policy-data", message: "policyNumber FLEET-7 is already in use" }]);
  });

  it("refuses renewal quotes (quote-type) and empty required fields, naming them", async () => {
    const q = await setUpQuotes();
    const submissionId = await q.createSubmission({ submissionType: "renewal" });
    const id = await q.createQuote({ ...QUOTE_VALUES, submissionId });
    await q.rateAndCopy(id);
    await env.DB.prepare("UPDATE entities SET data = json_set(data, '$.insuredName', NULL) WHERE id = ?")
      .bind(id)
      .run();
    const error = expectError(await bind(q, { quoteId: id }), 409, "BindConditionsFailed");
    expect(error.details).toEqual([
      { field: "quote-type", message: "A renewal quote cannot be bound yet; only newBusiness quotes can" },
      { field: "required-fields", message: "Required fields are empty: insuredName" },
    ]);
  });
});

describe("a quote's Group with derived sub-fields binds (its read-only and calculated values are derived again)", () => {
  it("binds by id and by value, the policy's entries derived on the policy side", async () => {
    const crew = (entityType: string) => ({
      entityType,
      referenceId: "crew",
      label: "Crew",
      typeInfo: {
        kind: "Group",
        subFields: [
          { referenceId: "age", label: "Age", typeInfo: { kind: "Integer" } },
          { referenceId: "risk", label: "Risk", typeInfo: { kind: "Calculated", expression: "age * 2" } },
          { referenceId: "band", label: "Band", typeInfo: { kind: "String" }, readOnly: true, computedDefault: "'A'" },
        ],
      },
    });
    const q = await setUpQuotes({
      ...QUOTE_CONFIGURATION,
      fieldDefinitions: [...QUOTE_CONFIGURATION.fieldDefinitions, crew("quote"), crew("policy")],
    });
    const id = await q.createQuote({ ...QUOTE_VALUES, crew: [{ age: 30 }] });
    expect((await q.readQuote(id)).data.crew).toEqual([{ age: 30, risk: 60, band: "A" }]);
    const rated = await q.company.call("POST", `/quotes/${id}/rate`, q.admin, {
      body: { ratingWorkflowName: "standard" },
    });
    const pricing = rated.json.fullTermPricingInfo;
    expect(
      (await q.company.call("PATCH", `/entities/quote/${id}`, q.admin, { body: { fullTermPricingInfo: pricing } }))
        .status,
    ).toBe(200);
    const byId = await bind(q, { quoteId: id });
    expect(byId.status, JSON.stringify(byId.json)).toBe(200);
    expect(byId.json.policy.segments[0].data.crew).toEqual([{ age: 30, risk: 60, band: "A" }]);
    const byValue = await bind(q, { quote: { ...QUOTE_VALUES, crew: [{ age: 41 }] }, ratingWorkflowName: "standard" });
    expect(byValue.status, JSON.stringify(byValue.json)).toBe(200);
    expect(byValue.json.policy.segments[0].data.crew).toEqual([{ age: 41, risk: 82, band: "A" }]);
  });
});

describe("a bound policy's exposures carry the quote's geocodes", () => {
  const WITH_ADDRESS = {
    ...QUOTE_CONFIGURATION,
    fieldDefinitions: [
      ...QUOTE_CONFIGURATION.fieldDefinitions,
      { entityType: "exposure", referenceId: "garage", label: "Garage", typeInfo: { kind: "Object: AddressV2" } },
    ],
  };

  /** A street only this test uses, answered as a match; and how many times the geocoder was asked for it. */
  async function matchedStreet() {
    const street = `${Date.now()} ${crypto.randomUUID().slice(0, 8)} Bind Rd`;
    await answerGeocoder(street, { kind: "match", county: "Kings County" });
    return { street, asked: async () => (await geocoderLookups(street)).length };
  }

  const withGarage = (street: string) => ({
    ...QUOTE_VALUES,
    exposures: QUOTE_VALUES.exposures.map((exposure) => ({
      ...exposure,
      garage: { enteredAddress: { address1: street, city: "Brooklyn", state: "NY", countryCode: "US" } },
    })),
  });

  it("by id: the geocodes stored on the quote, with no new lookup", async () => {
    const q = await setUpQuotes(WITH_ADDRESS);
    const { street, asked } = await matchedStreet();
    const id = await q.createQuote(withGarage(street));
    await q.rateAndCopy(id);
    const stored = (await q.readQuote(id)).exposures;
    expect(stored[0].garage.geocode).toMatchObject({ status: "matched", county: "Kings County" });
    // Both exposures share the address: one lookup when the quote was saved.
    expect(await asked()).toBe(1);

    const res = await bind(q, { quoteId: id, transactionTimestamp: "2025-12-01T10:00:00Z" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const exposures = res.json.policy.segments[0].data.exposures;
    expect(exposures.map((exposure: { garage: unknown }) => exposure.garage)).toEqual(
      stored.map((exposure: { garage: unknown }) => exposure.garage),
    );
    expect(await asked()).toBe(1);
  });

  it("by value: one lookup for the quote and the policy together", async () => {
    const q = await setUpQuotes(WITH_ADDRESS);
    const { street, asked } = await matchedStreet();
    const res = await bind(q, { quote: withGarage(street), ratingWorkflowName: "standard" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const policyGarage = res.json.policy.segments[0].data.exposures[0].garage;
    expect(policyGarage.geocode).toMatchObject({ status: "matched", county: "Kings County" });
    expect(res.json.quote.exposures[0].garage).toEqual(policyGarage);
    expect(await asked()).toBe(1);
  });
});

describe("bind-conditions (CONTRACT 5.6)", () => {
  it("lists failures and advisories apart and changes nothing", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote({ ...QUOTE_VALUES, limit: null, policyStartDate: null });
    await q.rateAndCopy(id);
    const before = await q.readQuote(id);
    const res = await q.company.call("GET", `/quotes/${id}/bind-conditions`, q.admin);
    expect(res.json).toEqual({
      quoteId: id,
      failures: [{ rule: "policy-term", message: "policyStartDate is missing" }],
      advisories: [
        { rule: "billing-precondition", message: "No limit: billing will need one", checkScope: "endorsement-billing" },
      ],
    });
    expect(await q.readQuote(id)).toEqual(before);
  });

  it("lists a clock-reading precondition as a failure evaluated when binding; bind evaluates it now", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    await q.rateAndCopy(id, "clock");
    const { failures } = (await q.company.call("GET", `/quotes/${id}/bind-conditions`, q.admin)).json;
    expect(failures).toEqual([
      {
        rule: "precondition",
        message: "The term may not start in the past (reads the clock: evaluated when binding, not ahead of time)",
      },
    ]);
    // The term starts in 2030, after today: the precondition holds at bind.
    expect((await bind(q, { quoteId: id })).status).toBe(200);
  });

  it("fails rating-workflow when the recorded workflow is gone, and precondition per failing item", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    await q.rateAndCopy(id);
    await env.DB.prepare("UPDATE entities SET data = json_set(data, '$.state', NULL) WHERE id = ?").bind(id).run();
    const failing = (await q.company.call("GET", `/quotes/${id}/bind-conditions`, q.admin)).json.failures;
    expect(failing).toEqual([{ rule: "precondition", message: "A state is needed to rate" }]);
    const workflows = QUOTE_CONFIGURATION.ratingWorkflows.filter((w) => w.name !== "standard");
    await q.company.call("POST", "/configuration/import", q.admin, { body: { ratingWorkflows: workflows } });
    const gone = (await q.company.call("GET", `/quotes/${id}/bind-conditions`, q.admin)).json.failures;
    expect(gone).toEqual([
      { rule: "rating-workflow", message: 'The rating workflow "standard" recorded on the quote no longer exists' },
    ]);
  });
});

describe("bind by value (CONTRACT 5.6)", () => {
  it("creates the quote already bound with the fresh rating, its submission and the policy together", async () => {
    const q = await setUpQuotes();
    const res = await bind(q, { quote: QUOTE_VALUES, ratingWorkflowName: "standard" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const { quote, policy } = res.json;
    expect(quote).toMatchObject({
      policyId: policy.policyId,
      system: { ratingWorkflowName: "standard", ratedAt: expect.any(String) },
      data: { quoteStatus: "bound", quoteNumber: expect.stringMatching(/^Q\d{8}-01$/), quoteRef: "QR-001" },
    });
    expect(quote.data.fullTermPolicyRatingResult.policyGrandTotal).toBe(655);
    expect(policy.fullTermPricingInfo.premium).toBe(600);
    expect((await q.readSubmission(quote.submissionId)).data.submissionStatus).toBe("bound");
  });

  it("fails rating-current when the pricing sent differs from the fresh rating's, creating nothing", async () => {
    const q = await setUpQuotes();
    const fullTermPricingInfo = { pricingComponents: [{ label: "Mine", group: "p", kind: "Premium", value: 1 }] };
    const error = expectError(
      await bind(q, { quote: { ...QUOTE_VALUES, fullTermPricingInfo }, ratingWorkflowName: "standard" }),
      409,
      "BindConditionsFailed",
    );
    expect(error.details.map((d) => d.field)).toEqual(["rating-current"]);
    expect(await countRows("entities", q.company.id)).toBe(0);
    expect(await countRows("policies", q.company.id)).toBe(0);
  });

  it("burns no submission number when its rules fail: the number is claimed in the batch that never ran", async () => {
    const q = await setUpQuotes();
    const numberOf = async (submissionId: string) => (await q.readSubmission(submissionId)).data.submissionNumber;
    expect(await numberOf(await q.createSubmission({}))).toBe("S00000001");
    const fullTermPricingInfo = { pricingComponents: [{ label: "Mine", group: "p", kind: "Premium", value: 1 }] };
    expectError(
      await bind(q, { quote: { ...QUOTE_VALUES, fullTermPricingInfo }, ratingWorkflowName: "standard" }),
      409,
      "BindConditionsFailed",
    );
    expect(await numberOf(await q.createSubmission({}))).toBe("S00000002");
    // And a quote created without a submission makes its own, numbered next.
    const quote = await q.readQuote(await q.createQuote());
    expect(await numberOf(quote.submissionId)).toBe("S00000003");
  });

  it("answers a rating refusal as a rate does, and enforces required fields as a create", async () => {
    const q = await setUpQuotes();
    expectError(
      await bind(q, { quote: { ...QUOTE_VALUES, state: null }, ratingWorkflowName: "standard" }),
      422,
      "RatingPreconditionFailed",
    );
    const { insuredName: _, ...withoutName } = QUOTE_VALUES;
    expectError(await bind(q, { quote: withoutName, ratingWorkflowName: "standard" }), 400, "InvalidFieldModelV1Data");
    expect(await countRows("entities", q.company.id)).toBe(0);
  });

  it("reads the quote as a create body before the workflow: its 403 and 409 come before the workflow's 400", async () => {
    const q = await setUpQuotes();
    const binder = await q.company.key([], ["quote.bind", "quote.view"]);
    const locked = expectError(
      await bind(q, { quote: { ...QUOTE_VALUES, underwriterNote: "x" }, ratingWorkflowName: "nope" }, binder),
      403,
      "field-write-permission-required",
    );
    expect(locked.details.map((d) => d.field)).toEqual(["underwriterNote"]);
    expectError(
      await bind(q, { quote: { ...QUOTE_VALUES, quoteStatus: "bound" }, ratingWorkflowName: "nope" }),
      409,
      "GuardedStatusFieldWrite",
    );
    expectError(await bind(q, { quote: QUOTE_VALUES, ratingWorkflowName: "nope" }), 400, "VALIDATION_ERROR");
    expect(await countRows("entities", q.company.id)).toBe(0);
  });

  it("needs exactly one of quoteId and quote, and ratingWorkflowName only with quote", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    for (const body of [
      {},
      { quoteId: id, quote: QUOTE_VALUES, ratingWorkflowName: "standard" },
      { quote: QUOTE_VALUES },
      { quoteId: id, ratingWorkflowName: "standard" },
      { quoteId: id, extra: 1 },
    ]) {
      expectError(await bind(q, body), 400, "VALIDATION_ERROR");
    }
    expectError(await bind(q, { quoteId: "00000000-0000-4000-8000-000000000001" }), 404, "NotFoundError");
  });
});

// Where policy invoicing is configured: test/quotes/bind-invoices.test.ts.
describe("bind with invoices (CONTRACT 5.6, 7.12)", () => {
  it("needs invoice.edit for a plan and refuses it 403 while policy financials are off", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    await q.rateAndCopy(id);
    const plan = { voidInvoices: [], createInvoices: [] };
    const binder = await q.company.key([], ["quote.bind"]);
    expectError(await bind(q, { quoteId: id, invoicePlan: plan }, binder), 403, "AuthorizationError");
    expectError(await bind(q, { quoteId: id, invoicePlan: plan, generateInvoices: true }), 400, "VALIDATION_ERROR");
    // The settings and the quote are read together; the invoicing refusals still come before a missing quote.
    const unknown = "00000000-0000-4000-8000-000000000002";
    expectError(await bind(q, { quoteId: unknown, invoicePlan: plan }, binder), 403, "AuthorizationError");
    expectError(
      await bind(q, { quoteId: unknown, invoicePlan: plan, generateInvoices: true }),
      400,
      "VALIDATION_ERROR",
    );
    expectError(await bind(q, { quoteId: unknown, invoicePlan: plan }), 404, "NotFoundError");
    expectError(await bind(q, { quoteId: id, invoicePlan: { ...plan, extra: 1 } }), 400, "VALIDATION_ERROR");
    await staff("PATCH", `/admin/companies/${q.company.id}`, { features: { financials: false } });
    // The switch answers first, whoever asks, as for a policy transaction carrying a plan (CONTRACT 7.1).
    for (const caller of [q.admin, binder])
      expectError(
        await bind(q, { quoteId: id, invoicePlan: plan }, caller),
        403,
        "AuthorizationError",
        "Policy financials are not enabled for this company",
      );
    await staff("PATCH", `/admin/companies/${q.company.id}`, { features: { financials: true } });
    const create = {
      invoiceType: "Premium invoice",
      issueDate: { date: "2030-01-01" },
      dueDate: { date: "2030-01-31" },
      payee: { entityType: "person", entityId: crypto.randomUUID() },
      lineItems: [{ lineItemTypeId: crypto.randomUUID(), amountCents: 100 }],
    };
    const invalid = expectError(
      await bind(q, { quoteId: id, invoicePlan: { ...plan, createInvoices: [create] } }),
      422,
      "INVOICE_PLAN_INVALID",
    );
    // The plan is checked as any plan is (CONTRACT 7.7): each entry problem named.
    expect(invalid.details).toEqual([
      { field: "createInvoices[0].invoiceType", message: '"Premium invoice" is not a configured invoice type' },
      { field: "createInvoices[0].lineItems[0].lineItemTypeId", message: "is not a configured line item type" },
      { field: "createInvoices[0].payee.entityId", message: "is not a person of this company" },
    ]);
    expect((await q.readQuote(id)).data.quoteBindErrors).toEqual([]);
    const bound = await bind(q, { quoteId: id, invoicePlan: plan, generateInvoices: false });
    expect(bound.json.policy.invoicePlanResult).toEqual({ voided: [], created: [] });
  });

  it("generateInvoices: true changes nothing where policy invoicing is not configured", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    await q.rateAndCopy(id);
    const binder = await q.company.key([], ["quote.bind"]);
    const res = await bind(q, { quoteId: id, generateInvoices: true }, binder);
    expect(res.status).toBe(200);
    expect(res.json.policy.invoicePlanResult).toBeUndefined();
  });
});

describe("policy-data: a dry run of new business's validation (CONTRACT 5.6)", () => {
  it("names a policy field new business would refuse; bind-conditions shows it and mints nothing", async () => {
    const configuration = {
      ...QUOTE_CONFIGURATION,
      fieldDefinitions: QUOTE_CONFIGURATION.fieldDefinitions.map((f) =>
        f.entityType === "policy" && f.referenceId === "limit" ? { ...f, required: true } : f,
      ),
    };
    const q = await setUpQuotes(configuration);
    const id = await q.createQuote({ ...QUOTE_VALUES, limit: null });
    await q.rateAndCopy(id);
    const { failures } = (await q.company.call("GET", `/quotes/${id}/bind-conditions`, q.admin)).json;
    expect(failures).toEqual([{ rule: "policy-data", message: "limit is required" }]);
    expectError(await bind(q, { quoteId: id }), 409, "BindConditionsFailed");
    expect(await countRows("sequences", q.company.id)).toBe(1); // only the submission number counter
  });
});

describe("refused binds and completes read as sentences for people (interface, Errors: userMessages)", () => {
  /** A quote never rated, without a term, its insured name and its second exposure's name emptied. */
  async function incompleteQuote(q: Awaited<ReturnType<typeof setUpQuotes>>) {
    const { policyStartDate: _start, policyEndDate: _end, ...values } = QUOTE_VALUES;
    const id = await q.createQuote(values);
    await env.DB.prepare(
      "UPDATE entities SET data = json_set(data, '$.insuredName', NULL, '$.exposures[1].exposureName', NULL) WHERE id = ?",
    )
      .bind(id)
      .run();
    return id;
  }

  it("names empty pricing, a missing term and empty required fields (an exposure's too) by their labels", async () => {
    const q = await setUpQuotes();
    const id = await incompleteQuote(q);
    const expected = [
      "Required fields are empty: Insured name, Exposure name (exposure 2).",
      "The policy start and end dates are missing.",
      "The quote has no pricing: rate it and copy the pricing into the quote.",
    ];
    // Programs keep the rule's own text, members named by path.
    const details = [
      { field: "required-fields", message: "Required fields are empty: insuredName, exposures[1].exposureName" },
      { field: "policy-term", message: "policyStartDate and policyEndDate are missing" },
      {
        field: "rating-present",
        message: "fullTermPricingInfo is empty: rate the quote and copy its pricing into the quote",
      },
    ];
    const completed = expectError(
      await q.company.call("POST", `/quotes/${id}/complete`, q.admin),
      409,
      "BindConditionsFailed",
    );
    expectDisplayable(completed.userMessages ?? [], "complete");
    expect(completed.userMessages).toEqual(expected);
    expect(completed.details).toEqual(details);
    // A bind also dry-runs new business, which refuses the policy's exposure without a name (policy-data).
    const bound = expectError(await bind(q, { quoteId: id }), 409, "BindConditionsFailed");
    expectDisplayable(bound.userMessages ?? [], "bind");
    expect(bound.userMessages).toEqual([...expected, "Exposures (item 2, exposure name) is required."]);
    expect(bound.details).toEqual([
      ...details,
      { field: "policy-data", message: "exposures[1].exposureName is required" },
    ]);
  });

  it("names a policy field new business would refuse by its label, and an end before the start", async () => {
    const configuration = {
      ...QUOTE_CONFIGURATION,
      fieldDefinitions: QUOTE_CONFIGURATION.fieldDefinitions.map((f) =>
        f.entityType === "policy" && f.referenceId === "limit" ? { ...f, label: "Policy limit", required: true } : f,
      ),
    };
    const q = await setUpQuotes(configuration);
    const id = await q.createQuote({ ...QUOTE_VALUES, limit: null });
    await q.rateAndCopy(id);
    const error = expectError(await bind(q, { quoteId: id }), 409, "BindConditionsFailed");
    expectDisplayable(error.userMessages ?? [], "policy-data");
    expect(error.userMessages).toEqual(["Policy limit is required."]);
    expect(error.details).toEqual([{ field: "policy-data", message: "limit is required" }]);

    const backwards = await q.createQuote({ ...QUOTE_VALUES, policyEndDate: date("2029-01-01") });
    const completed = expectError(
      await q.company.call("POST", `/quotes/${backwards}/complete`, q.admin),
      409,
      "BindConditionsFailed",
    );
    expectDisplayable(completed.userMessages ?? [], "policy-term");
    expect(completed.userMessages).toContain("The policy end date must be after its start date.");
  });

  it("a plan while policy financials are off says so for people", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    await q.rateAndCopy(id);
    await staff("PATCH", `/admin/companies/${q.company.id}`, { features: { financials: false } });
    const error = expectError(
      await bind(q, { quoteId: id, invoicePlan: { voidInvoices: [], createInvoices: [] } }),
      403,
      "AuthorizationError",
    );
    expect(error.userMessages).toEqual(["Policy financials are not enabled for this company."]);
  });
});
