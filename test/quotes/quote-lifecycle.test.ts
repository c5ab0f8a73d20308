import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectError } from "../support/harness";
import { countRows, LOCKED_EXPOSURE_CONFIGURATION, QUOTE_VALUES, setUpQuotes } from "./helpers";

describe("quote create (CONTRACT 5.2)", () => {
  it("mints the lifecycle fields: inProgress, Q + the submission's digits + the ordinal, no bind errors", async () => {
    const q = await setUpQuotes();
    const submissionId = await q.createSubmission();
    const submission = await q.readSubmission(submissionId);
    expect(submission.data.submissionNumber).toMatch(/^S\d{8}$/);
    const digits = submission.data.submissionNumber.slice(1);

    const first = await q.readQuote(await q.createQuote({ ...QUOTE_VALUES, submissionId }));
    const second = await q.readQuote(await q.createQuote({ ...QUOTE_VALUES, submissionId }));
    expect(first.data).toMatchObject({
      quoteType: "newBusiness",
      quoteStatus: "inProgress",
      quoteNumber: `Q${digits}-01`,
      quoteBindErrors: [],
      quoteSubmissionId: submissionId,
    });
    expect(second.data.quoteNumber).toBe(`Q${digits}-02`);
    expect(first).toMatchObject({ submissionId, policyId: null, system: { ratingWorkflowName: null, ratedAt: null } });
    expect(first.exposures).toEqual(QUOTE_VALUES.exposures);
    expect(first.data.exposures).toBeUndefined();
    expect((await q.readSubmission(submissionId)).data.submissionStatus).toBe("quoted");
  });

  it("creates a new-business submission in the same write when none is named", async () => {
    const q = await setUpQuotes();
    const quote = await q.readQuote(await q.createQuote());
    const submission = await q.readSubmission(quote.submissionId);
    expect(submission.data).toMatchObject({
      submissionStatus: "quoted",
      submissionType: "new_business",
      submissionCloseReason: null,
    });
    expect(quote.data.quoteNumber).toBe(`Q${submission.data.submissionNumber.slice(1)}-01`);
    expect(quote.createdBy).toEqual(expect.any(String));
  });

  it("takes its type from the submission's", async () => {
    const q = await setUpQuotes();
    const submissionId = await q.createSubmission({ submissionType: "renewal" });
    const quote = await q.readQuote(await q.createQuote({ ...QUOTE_VALUES, submissionId }));
    expect(quote.data.quoteType).toBe("renewal");
  });

  it("refuses an unknown, malformed or foreign submissionId with 400 naming it, creating nothing", async () => {
    const q = await setUpQuotes();
    const other = await setUpQuotes();
    const foreign = await other.createSubmission();
    for (const submissionId of ["nope", "00000000-0000-4000-8000-000000000001", foreign]) {
      const res = await q.company.call("POST", "/entities/quote", q.admin, { body: { ...QUOTE_VALUES, submissionId } });
      expect(expectError(res, 400, "InvalidFieldModelV1Data").details.map((d) => d.field)).toEqual(["submissionId"]);
    }
    expect(await countRows("entities", q.company.id)).toBe(0);
  });

  it("refuses a closed, declined or bound submission, or one that has had 99 quotes, with 409", async () => {
    const q = await setUpQuotes();
    const declined = await q.createSubmission({ submissionStatus: "declined" });
    const closed = await q.createSubmission();
    expect((await q.company.call("POST", `/submissions/${closed}/close`, q.admin)).status).toBe(200);
    const full = await q.createSubmission();
    await env.DB.prepare("UPDATE submission_records SET quotes_created = 99 WHERE submission_id = ?").bind(full).run();
    for (const submissionId of [declined, closed, full]) {
      const res = await q.company.call("POST", "/entities/quote", q.admin, { body: { ...QUOTE_VALUES, submissionId } });
      expectError(res, 409, "InvalidLifecycleTransition");
    }
    expect(await countRows("quote_records", q.company.id)).toBe(0);
  });

  it("refuses lifecycle fields: quoteStatus 409 naming the paths, the others 400 one entry each", async () => {
    const q = await setUpQuotes();
    const status = expectError(
      await q.company.call("POST", "/entities/quote", q.admin, { body: { ...QUOTE_VALUES, quoteStatus: "bound" } }),
      409,
      "GuardedStatusFieldWrite",
    );
    expect(status.message).toContain("/quotes/{quoteId}/cancel, /quotes/{quoteId}/complete or /quotes/bind");
    const others = expectError(
      await q.company.call("POST", "/entities/quote", q.admin, {
        body: { ...QUOTE_VALUES, quoteNumber: "Q1", quoteType: "renewal", quoteBindErrors: null },
      }),
      400,
      "QuoteLifecycleFieldWrite",
    );
    expect(others.details.map((d) => d.field)).toEqual(["quoteType", "quoteNumber"]);
    expect(await countRows("entities", q.company.id)).toBe(0);
  });

  it("checks the write group (403) before the lifecycle fields", async () => {
    const q = await setUpQuotes();
    const editor = await q.company.key([], ["quote.create", "quote.edit", "quote.view"]);
    const res = await q.company.call("POST", "/entities/quote", editor, {
      body: { ...QUOTE_VALUES, underwriterNote: "x", quoteStatus: "bound" },
    });
    expectError(res, 403, "field-write-permission-required");
    // And before the submission is looked up: an unknown one, or one that takes no more quotes.
    const closed = await q.createSubmission({});
    expect((await q.company.call("POST", `/submissions/${closed}/close`, q.admin)).status).toBe(200);
    for (const submissionId of ["00000000-0000-4000-8000-000000000009", closed]) {
      const refused = await q.company.call("POST", "/entities/quote", editor, {
        body: { ...QUOTE_VALUES, underwriterNote: "x", submissionId },
      });
      expectError(refused, 403, "field-write-permission-required");
    }
  });
});

describe("a quote's exposures are at most 10,000 (CONTRACT 8.3: every array has a bound), on every write", () => {
  it("refuses 10,001 on create, PATCH and PUT alike, naming exposures, and writes nothing", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    const before = await q.readQuote(id);
    const tooMany = Array.from({ length: 10_001 }, () => ({ exposureName: "T" }));
    const problem = { field: "exposures", message: "must have at most 10,000 exposures" };
    const created = await q.company.call("POST", "/entities/quote", q.admin, {
      body: { ...QUOTE_VALUES, exposures: tooMany },
    });
    expect(expectError(created, 400, "InvalidFieldModelV1Data").details).toEqual([problem]);
    const patched = await q.company.call("PATCH", `/entities/quote/${id}`, q.admin, { body: { exposures: tooMany } });
    expect(expectError(patched, 400, "InvalidFieldModelV1Data").details).toEqual([problem]);
    expectError(
      await q.second("PUT", `/quotes/${id}`, q.admin, { quote: { insuredName: "A" }, exposures: tooMany }),
      400,
      "VALIDATION_ERROR",
    );
    expect(await countRows("entities", q.company.id)).toBe(2); // the quote and its submission
    expect(await q.readQuote(id)).toEqual(before);
  });
});

describe("quote PATCH (CONTRACT 5.2)", () => {
  it("accepts resent lifecycle values, refuses changed ones", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    const { data } = await q.readQuote(id);
    const resent = await q.company.call("PATCH", `/entities/quote/${id}`, q.admin, {
      body: { quoteStatus: "inProgress", quoteNumber: data.quoteNumber, limit: 5 },
    });
    expect(resent.status).toBe(200);
    expect(resent.json.data.limit).toBe(5);
    expectError(
      await q.company.call("PATCH", `/entities/quote/${id}`, q.admin, { body: { quoteStatus: "complete" } }),
      409,
      "GuardedStatusFieldWrite",
    );
    const changed = expectError(
      await q.company.call("PATCH", `/entities/quote/${id}`, q.admin, { body: { quoteSubmissionId: id } }),
      400,
      "QuoteLifecycleFieldWrite",
    );
    expect(changed.details).toEqual([
      { field: "quoteSubmissionId", message: "is a quote lifecycle field kept by the platform" },
    ]);
  });

  it("takes the quote platform fields unconfigured: rollups recomputed, undeclared members 400", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    const pricing = {
      pricingComponents: [
        { label: "Base", group: "premium", kind: "Premium", value: 100.1 },
        { label: "Base 2", group: "premium", kind: "Premium", value: 0.2 },
      ],
      premium: 1,
    };
    const res = await q.company.call("PATCH", `/entities/quote/${id}`, q.admin, {
      body: { fullTermPricingInfo: pricing, policyEndDate: { date: "2031-06-01" } },
    });
    expect(res.status).toBe(200);
    // 100.1 + 0.2 added in cents: 10010 + 20 = 10030 cents.
    expect(res.json.data.fullTermPricingInfo).toMatchObject({ premium: 100.3, taxes: 0, fees: 0 });
    expect(res.json.data.policyEndDate).toEqual({ date: "2031-06-01", timezone: "America/New_York" });
    const refused = expectError(
      await q.company.call("PATCH", `/entities/quote/${id}`, q.admin, {
        body: { fullTermPricingInfo: { ...pricing, policyGrandTotal: 3 } },
      }),
      400,
      "InvalidFieldModelV1Data",
    );
    expect(refused.details[0]?.field).toBe("fullTermPricingInfo");
  });

  it("a pricing change without a rating result clears the stored one", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    await q.rateAndCopy(id);
    expect((await q.readQuote(id)).data.fullTermPolicyRatingResult).not.toBeNull();
    const res = await q.company.call("PATCH", `/entities/quote/${id}`, q.admin, {
      body: { fullTermPricingInfo: { pricingComponents: [] } },
    });
    expect(res.json.data.fullTermPolicyRatingResult).toBeNull();
  });

  it("a data change of a complete quote sets it back to inProgress; resending the same values does not", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    await q.rateAndCopy(id);
    expect((await q.company.call("POST", `/quotes/${id}/complete`, q.admin)).json.data.quoteStatus).toBe("complete");
    const same = await q.company.call("PATCH", `/entities/quote/${id}`, q.admin, { body: { limit: 1_000_000 } });
    expect(same.json.data.quoteStatus).toBe("complete");
    // A value that reads the same is no change: null for a field never set, [] for no exposures.
    const { exposures: _exposures, ...withoutExposures } = QUOTE_VALUES;
    const bare = await q.createQuote(withoutExposures);
    await q.rateAndCopy(bare);
    expect((await q.company.call("POST", `/quotes/${bare}/complete`, q.admin)).status).toBe(200);
    for (const body of [{ exposures: [] }, { underwriterNote: null }]) {
      const unchanged = await q.company.call("PATCH", `/entities/quote/${bare}`, q.admin, { body });
      expect(unchanged.json.data.quoteStatus, JSON.stringify(body)).toBe("complete");
    }
    const changed = await q.company.call("PATCH", `/entities/quote/${id}`, q.admin, { body: { limit: 2 } });
    expect(changed.json.data.quoteStatus).toBe("inProgress");
  });

  it("refuses a bound or cancelled quote with 409 QuoteNotEditable before any field check", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    expect((await q.company.call("POST", `/quotes/${id}/cancel`, q.admin)).status).toBe(200);
    const error = expectError(
      await q.company.call("PATCH", `/entities/quote/${id}`, q.admin, { body: { nope: 1, underwriterNote: "x" } }),
      409,
      "QuoteNotEditable",
    );
    expect(error.message).toBe("The quote is cancelled and can no longer be changed");
  });
});

describe("PUT X/quotes/{quoteId} (CONTRACT 5.2)", () => {
  it("replaces the field bag and exposures, keeps the lifecycle fields, advances updatedAt", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    const before = await q.readQuote(id);
    const res = await q.second("PUT", `/quotes/${id}`, q.admin, {
      quote: { insuredName: "New name" },
      exposures: [{ exposureName: "Van" }],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.exposures).toEqual([{ exposureName: "Van" }]);
    expect(res.json.data.insuredName).toBe("New name");
    expect(res.json.data.state).toBeNull();
    expect(res.json.data.policyStartDate).toBeNull();
    expect(res.json.data.quoteNumber).toBe(before.data.quoteNumber);
    expect(res.json.updatedAt > before.updatedAt).toBe(true);
  });

  it("refuses any lifecycle field, whatever its value, with one detail each", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    const { data } = await q.readQuote(id);
    const error = expectError(
      await q.second("PUT", `/quotes/${id}`, q.admin, {
        quote: { insuredName: "A", quoteStatus: data.quoteStatus, quoteNumber: data.quoteNumber },
        exposures: [],
      }),
      400,
      "QuoteLifecycleFieldWrite",
    );
    expect(error.details.map((d) => d.field)).toEqual(["quoteStatus", "quoteNumber"]);
  });

  it("enforces required fields, needs both members, and refuses clearing a locked field", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote({ ...QUOTE_VALUES, underwriterNote: "careful" });
    const missing = expectError(
      await q.second("PUT", `/quotes/${id}`, q.admin, { quote: {}, exposures: [] }),
      400,
      "InvalidFieldModelV1Data",
    );
    expect(missing.details).toEqual([{ field: "insuredName", message: "is required" }]);
    expectError(await q.second("PUT", `/quotes/${id}`, q.admin, { quote: {} }), 400, "VALIDATION_ERROR");
    const editor = await q.company.key([], ["quote.edit", "quote.view"]);
    expectError(
      await q.second("PUT", `/quotes/${id}`, editor, { quote: { insuredName: "A" }, exposures: [] }),
      403,
      "field-write-permission-required",
    );
    // 403 before 400 (CONTRACT 5.2): the lock a PUT would clear counts even beside a lifecycle field.
    expectError(
      await q.second("PUT", `/quotes/${id}`, editor, {
        quote: { insuredName: "A", quoteStatus: "inProgress" },
        exposures: [],
      }),
      403,
      "field-write-permission-required",
    );
    // And beside a misplaced quote.exposures (a 400 of its own).
    expectError(
      await q.second("PUT", `/quotes/${id}`, editor, { quote: { insuredName: "A", exposures: [] }, exposures: [] }),
      403,
      "field-write-permission-required",
    );
    const misplaced = expectError(
      await q.second("PUT", `/quotes/${id}`, q.admin, { quote: { insuredName: "A", exposures: [] }, exposures: [] }),
      400,
      "InvalidFieldModelV1Data",
    );
    expect(misplaced.details).toEqual([
      { field: "quote.exposures", message: "is not a quote field; send the list as exposures" },
    ]);
    expect((await q.readQuote(id)).data.underwriterNote).toBe("careful");
  });

  it("checks locked exposure fields (403) before a lifecycle field (400), on PUT and PATCH", async () => {
    const q = await setUpQuotes(LOCKED_EXPOSURE_CONFIGURATION);
    const id = await q.createQuote();
    const editor = await q.company.key([], ["quote.edit", "quote.view"]);
    const exposures = [{ exposureName: "Truck 1", vin: "1FTFW1E50PFA00001" }];
    expectError(
      await q.second("PUT", `/quotes/${id}`, editor, { quote: { insuredName: "A", quoteStatus: "x" }, exposures }),
      403,
      "field-write-permission-required",
    );
    expectError(
      await q.company.call("PATCH", `/entities/quote/${id}`, editor, { body: { exposures, quoteSubmissionId: id } }),
      403,
      "field-write-permission-required",
    );
  });
});

describe("the removed container fullTermPolicyInfo (interface: a payload still carrying it is ignored)", () => {
  it("is ignored on a quote's create, PATCH and PUT, with whatever members it holds", async () => {
    const q = await setUpQuotes();
    const removed = { brokerName: "dropped", limit: "not even valid" };
    const id = await q.createQuote({ ...QUOTE_VALUES, fullTermPolicyInfo: removed });
    const patched = await q.company.call("PATCH", `/entities/quote/${id}`, q.admin, {
      body: { fullTermPolicyInfo: removed, limit: 5 },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.data.limit).toBe(5);
    const replaced = await q.second("PUT", `/quotes/${id}`, q.admin, {
      quote: { insuredName: "A", fullTermPolicyInfo: removed },
      exposures: [],
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(JSON.stringify((await q.readQuote(id)).data)).not.toContain("fullTermPolicyInfo");
  });
});

describe("complete and cancel (CONTRACT 5.3)", () => {
  it("complete needs inProgress and passing rules; a failure leaves quoteBindErrors alone", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    const failed = expectError(
      await q.company.call("POST", `/quotes/${id}/complete`, q.admin),
      409,
      "BindConditionsFailed",
    );
    expect(failed.details.map((d) => d.field)).toEqual(["rating-present"]);
    expect((await q.readQuote(id)).data.quoteBindErrors).toEqual([]);
    await q.rateAndCopy(id);
    const done = await q.company.call("POST", `/quotes/${id}/complete`, q.admin, { body: { batchId: "b" } });
    expect(done.json.data.quoteStatus).toBe("complete");
    const again = expectError(
      await q.company.call("POST", `/quotes/${id}/complete`, q.admin),
      409,
      "InvalidLifecycleTransition",
    );
    expect(again.message).toBe("Cannot complete a quote whose status is complete");
    expect(again.details).toEqual([{ field: "quoteStatus", message: again.message }]);
  });

  it("complete and bind-conditions read the quote's own submission: a sibling of a bound quote fails submission-status", async () => {
    const q = await setUpQuotes();
    // Another submission, open, whose quote would pass: the read must take the quote's submission, not any.
    const open = await q.createSubmission();
    const elsewhere = await q.createQuote({ ...QUOTE_VALUES, submissionId: open });
    await q.rateAndCopy(elsewhere);
    const submissionId = await q.createSubmission();
    const first = await q.createQuote({ ...QUOTE_VALUES, submissionId });
    const second = await q.createQuote({ ...QUOTE_VALUES, submissionId });
    await q.rateAndCopy(first);
    await q.rateAndCopy(second);
    expect((await q.company.call("POST", "/quotes/bind", q.admin, { body: { quoteId: first } })).status).toBe(200);

    const conditions = await q.company.call("GET", `/quotes/${second}/bind-conditions`, q.admin);
    expect(conditions.json.failures).toEqual([{ rule: "submission-status", message: "The submission is bound" }]);
    const refused = expectError(
      await q.company.call("POST", `/quotes/${second}/complete`, q.admin),
      409,
      "BindConditionsFailed",
    );
    expect(refused.details).toEqual([{ field: "submission-status", message: "The submission is bound" }]);
    expect((await q.readQuote(second)).data.quoteStatus).toBe("inProgress");
    expect((await q.company.call("GET", `/quotes/${elsewhere}/bind-conditions`, q.admin)).json.failures).toEqual([]);
    expect((await q.company.call("POST", `/quotes/${elsewhere}/complete`, q.admin)).status).toBe(200);
  });

  it("complete skips policy-data: a quote new business would refuse still completes", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote({ ...QUOTE_VALUES, limit: 5 });
    await q.rateAndCopy(id);
    await env.DB.prepare(
      "INSERT INTO policies (id, company_id, policy_number, current_version, status, term_start, term_end, " +
        "created_at, updated_at) VALUES (?, ?, 'TAKEN-1', 1, 'active', '2030-01-01', '2031-01-01', '', '')",
    )
      .bind(crypto.randomUUID(), q.company.id)
      .run();
    const submissionId = (await q.readQuote(id)).submissionId;
    await env.DB.prepare(
      "UPDATE entities SET data = json_set(data, '$.submissionPolicy', " +
        'json(\'{"policyNumber":"TAKEN-1"}\')) WHERE id = ?',
    )
      .bind(submissionId)
      .run();
    const conditions = await q.company.call("GET", `/quotes/${id}/bind-conditions`, q.admin);
    expect(conditions.json.failures).toEqual([
      { rule: "policy-data", message: "policyNumber TAKEN-1 is already in use" },
    ]);
    expect((await q.company.call("POST", `/quotes/${id}/complete`, q.admin)).status).toBe(200);
  });

  it("cancel moves inProgress or complete to cancelled and recomputes the submission; twice is 409", async () => {
    const q = await setUpQuotes();
    const submissionId = await q.createSubmission({ submissionStatus: "under_review" });
    const id = await q.createQuote({ ...QUOTE_VALUES, submissionId });
    expect((await q.readSubmission(submissionId)).data.submissionStatus).toBe("quoted");
    const res = await q.company.call("POST", `/quotes/${id}/cancel`, q.admin, { body: {} });
    expect(res.json.data.quoteStatus).toBe("cancelled");
    expect((await q.readSubmission(submissionId)).data.submissionStatus).toBe("under_review");
    expectError(await q.company.call("POST", `/quotes/${id}/cancel`, q.admin), 409, "InvalidLifecycleTransition");
    expectError(await q.company.call("POST", `/quotes/${id}/complete`, q.admin), 409, "InvalidLifecycleTransition");
  });

  it("a 'none' body is no body, {} or {batchId}; anything else is 400", async () => {
    const q = await setUpQuotes();
    const id = await q.createQuote();
    expectError(
      await q.company.call("POST", `/quotes/${id}/cancel`, q.admin, { body: { reason: "x" } }),
      400,
      "VALIDATION_ERROR",
    );
    expect((await q.readQuote(id)).data.quoteStatus).toBe("inProgress");
  });
});

describe("GET P/quotes/{quoteId}", () => {
  it("answers 400 for a malformed id, 404 for an unknown or foreign one", async () => {
    const q = await setUpQuotes();
    const other = await setUpQuotes();
    const foreign = await other.createQuote();
    expectError(await q.company.call("GET", "/quotes/nope", q.admin), 400, "VALIDATION_ERROR");
    expectError(await q.company.call("GET", `/quotes/${foreign}`, q.admin), 404, "NotFoundError", "Not found");
    expectError(
      await q.company.call("PATCH", `/entities/quote/${foreign}`, q.admin, { body: {} }),
      404,
      "NotFoundError",
    );
  });
});
