import { describe, expect, it } from "vitest";
import { expectError } from "../support/harness";
import { countRows, QUOTE_VALUES, setUpQuotes } from "./helpers";

const POLICY = { policyNumber: "P-1", policyType: "C", policyStartDate: "2030-01-01", policyEndDate: "2031-01-01" };

describe("POST O/submissions (CONTRACT 5.7)", () => {
  it("creates the P submission and answers the legacy Submission", async () => {
    const q = await setUpQuotes();
    const res = await q.legacy("POST", "/submissions", q.admin, {
      name: "Fleet",
      type: "renewal",
      policy: { ...POLICY, policyStartDate: "2030-01-01T23:30:00-05:00" },
      batchId: "b-1",
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      status: "draft",
      type: "renewal",
      number: expect.stringMatching(/^S\d{8}$/),
      primaryInsuredName: null,
      applicationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Fleet",
    });
    const submission = await q.readSubmission(res.json.id);
    expect(submission.data).toMatchObject({
      submissionName: "Fleet",
      submissionType: "renewal",
      submissionNumber: res.json.number,
      submissionStatus: "draft",
      submissionPolicy: { ...POLICY, policyStartDate: "2030-01-01" },
    });
  });

  it("answers a name a declared submissionName refuses as 400 VALIDATION_ERROR naming name, creating nothing", async () => {
    const q = await setUpQuotes();
    const declared = {
      entityType: "submission",
      referenceId: "submissionName",
      label: "Submission name",
      typeInfo: { kind: "String", maxLength: 10 },
      required: false,
      writePermission: null,
    };
    const imported = await q.company.call("POST", "/configuration/import", q.admin, {
      body: { fieldDefinitions: [declared] },
    });
    expect(imported.status, imported.text).toBe(200);
    const before = await countRows("entities", q.company.id);
    const res = await q.legacy("POST", "/submissions", q.admin, {
      name: "A fleet of thirty vans",
      type: "new_business",
      policy: POLICY,
    });
    const error = expectError(res, 400, "VALIDATION_ERROR");
    expect(error.details).toEqual([{ field: "name", message: "must be at most 10 characters long" }]);
    expect(await countRows("entities", q.company.id)).toBe(before);
    const fits = await q.legacy("POST", "/submissions", q.admin, {
      name: "Vans",
      type: "new_business",
      policy: POLICY,
    });
    expect(fits.status, JSON.stringify(fits.json)).toBe(201);
  });

  it("keeps the civil day of any ISO 8601 date-time: local (no zone) or without seconds too", async () => {
    const q = await setUpQuotes();
    for (const policyStartDate of ["2030-01-01T10:00:00", "2030-01-01T10:00", "2030-01-01T10:00:00.5Z"]) {
      const res = await q.legacy("POST", "/submissions", q.admin, {
        name: "Fleet",
        type: "new_business",
        policy: { ...POLICY, policyStartDate },
      });
      expect(res.status, policyStartDate).toBe(201);
      expect((await q.readSubmission(res.json.id)).data.submissionPolicy.policyStartDate).toBe("2030-01-01");
    }
  });

  it("refuses a bad body with 400 VALIDATION_ERROR and details, creating nothing", async () => {
    const q = await setUpQuotes();
    const bodies = [
      { type: "new_business", policy: POLICY },
      { name: "", type: "new_business", policy: POLICY },
      { name: "x".repeat(201), type: "new_business", policy: POLICY },
      { name: "A", type: "other", policy: POLICY },
      { name: "A", type: "new_business" },
      { name: "A", type: "new_business", policy: { ...POLICY, policyType: "X" } },
      { name: "A", type: "new_business", policy: { ...POLICY, policyEndDate: "2030-01-01" } },
      { name: "A", type: "new_business", policy: { ...POLICY, policyStartDate: "2030-02-30" } },
      { name: "A", type: "new_business", policy: { ...POLICY, extra: 1 } },
      { name: "A", type: "new_business", policy: POLICY, extra: 1 },
    ];
    for (const body of bodies) {
      const error = expectError(await q.legacy("POST", "/submissions", q.admin, body), 400, "VALIDATION_ERROR");
      expect(error.details.length).toBeGreaterThan(0);
    }
    expect(await countRows("entities", q.company.id)).toBe(0);
  });
});

describe("O quote reads (CONTRACT 5.7)", () => {
  it("maps status, type and number; data without lifecycle fields; policyId only once bound", async () => {
    const q = await setUpQuotes();
    const open = await q.createQuote();
    const bound = await q.createQuote();
    await q.rateAndCopy(bound);
    const policyId = (await q.company.call("POST", "/quotes/bind", q.admin, { body: { quoteId: bound } })).json.quote
      .policyId;

    const full = await q.legacy("GET", `/quotes/${open}`, q.admin);
    const current = await q.readQuote(open);
    expect(full.json).toEqual({
      id: open,
      number: current.data.quoteNumber,
      wizardType: "quote",
      status: "in_progress",
      submissionId: current.submissionId,
      data: { ...QUOTE_VALUES, exposures: QUOTE_VALUES.exposures },
    });
    const boundFull = (await q.legacy("GET", `/quotes/${bound}`, q.admin)).json;
    expect(boundFull).toMatchObject({ status: "bound", policyId });
    expect(boundFull.data.quoteStatus).toBeUndefined();

    const list = await q.legacy("GET", "/quotes?pageSize=1", q.admin);
    expect(list.json).toMatchObject({ totalCount: 2, page: 1, pageSize: 1 });
    expect(list.json.items.map((i: any) => i.id)).toEqual([bound]);
  });

  it("lightweight quotes carry grandTotal from the rating result, else premium + taxes + fees, else none", async () => {
    const q = await setUpQuotes();
    const none = await q.createQuote();
    const fromResult = await q.createQuote();
    await q.rateAndCopy(fromResult);
    const fromPricing = await q.createQuote();
    // 100.1 + 0.15 + 0.2 added in cents: 10010 + 15 + 20 = 10045 cents.
    const fullTermPricingInfo = {
      pricingComponents: [
        { label: "P", group: "p", kind: "Premium", value: 100.1 },
        { label: "T", group: "t", kind: "Taxes", value: 0.15 },
        { label: "F", group: "f", kind: "Fees", value: 0.2 },
        { label: "B", group: "b", kind: "BrokerCommission", value: 9 },
      ],
    };
    await q.company.call("PATCH", `/entities/quote/${fromPricing}`, q.admin, { body: { fullTermPricingInfo } });
    const page = await q.legacy("GET", "/quotes-info?pageSize=900", q.admin);
    expect(page.json.pageSize).toBe(500);
    const byId = new Map(page.json.items.map((i: any) => [i.id, i]));
    expect(byId.get(none)).toEqual({
      id: none,
      number: expect.any(String),
      status: "in_progress",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(byId.get(fromResult)).toMatchObject({ grandTotal: 655, policyCurrency: "USD" });
    expect(byId.get(fromPricing)).toMatchObject({ grandTotal: 100.45, policyCurrency: "USD" });
  });

  it("answers 404 for another company's quote and 400 for a malformed id", async () => {
    const q = await setUpQuotes();
    const other = await setUpQuotes();
    const theirs = await other.createQuote({ ...QUOTE_VALUES });
    expectError(await q.legacy("GET", `/quotes/${theirs}`, q.admin), 404, "NotFoundError");
    expectError(await q.legacy("GET", "/quotes/nope", q.admin), 400, "VALIDATION_ERROR");
    expect((await q.legacy("GET", "/quotes", q.admin)).json.totalCount).toBe(0);
  });
});
