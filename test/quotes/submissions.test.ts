import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectError } from "../support/harness";
import { countRows, QUOTE_VALUES, setUpQuotes } from "./helpers";

describe("submission create and update (CONTRACT 5.3)", () => {
  it("starts at the intake status sent, else draft, with its platform fields", async () => {
    const q = await setUpQuotes();
    const drafted = await q.readSubmission(await q.createSubmission({ brokerName: "B" }));
    expect(drafted.data).toEqual({
      brokerName: "B",
      submissionStatus: "draft",
      submissionType: "new_business",
      submissionName: null,
      submissionNumber: expect.stringMatching(/^S\d{8}$/),
      submissionPolicy: null,
      submissionCloseReason: null,
      submissionCloseExplanation: null,
      submissionClosedAt: null,
    });
    const submitted = await q.readSubmission(
      await q.createSubmission({ submissionStatus: "submitted", submissionName: "Fleet" }),
    );
    expect(submitted.data).toMatchObject({ submissionStatus: "submitted", submissionName: "Fleet" });
    const next = Number(submitted.data.submissionNumber.slice(1));
    expect(next).toBe(Number(drafted.data.submissionNumber.slice(1)) + 1);
  });

  it("refuses a non-intake status on create with 409 naming close and reopen", async () => {
    const q = await setUpQuotes();
    for (const submissionStatus of ["quoted", "bound", "closed"]) {
      const error = expectError(
        await q.company.call("POST", "/entities/submission", q.admin, { body: { submissionStatus } }),
        409,
        "GuardedStatusFieldWrite",
      );
      expect(error.message).toContain("/submissions/{submissionId}/close or /reopen");
    }
    expectError(
      await q.company.call("POST", "/entities/submission", q.admin, { body: { submissionStatus: "open" } }),
      400,
      "InvalidFieldModelV1Data",
    );
  });

  it("moves between intake statuses by PATCH; to or from quoted, bound or closed is 409", async () => {
    const q = await setUpQuotes();
    const id = await q.createSubmission();
    const patch = (body: object) => q.company.call("PATCH", `/entities/submission/${id}`, q.admin, { body });
    expect((await patch({ submissionStatus: "under_review" })).json.data.submissionStatus).toBe("under_review");
    expectError(await patch({ submissionStatus: "quoted" }), 409, "GuardedStatusFieldWrite");
    await q.createQuote({ ...QUOTE_VALUES, submissionId: id });
    expectError(await patch({ submissionStatus: "draft" }), 409, "GuardedStatusFieldWrite");
    expect((await patch({ submissionStatus: "quoted", brokerName: "C" })).status).toBe(200);
  });

  it("refuses a change of type, number, policy or close stamps with 400; resending them is accepted", async () => {
    const q = await setUpQuotes();
    const id = await q.createSubmission();
    const { data } = await q.readSubmission(id);
    const patch = (body: object) => q.company.call("PATCH", `/entities/submission/${id}`, q.admin, { body });
    expectError(await patch({ submissionType: "renewal" }), 400, "InvalidFieldModelV1Data");
    for (const member of ["submissionNumber", "submissionPolicy", "submissionCloseReason", "submissionClosedAt"]) {
      const error = expectError(await patch({ [member]: "x" }), 400, "InvalidFieldModelV1Data");
      expect(error.details.map((d) => d.field)).toEqual([member]);
    }
    const resent = await patch({ submissionType: "new_business", submissionNumber: data.submissionNumber });
    expect(resent.status).toBe(200);
  });
});

describe("close and reopen (CONTRACT 5.3)", () => {
  it("close cancels the active quotes, leaves a bound one, and stamps reason, explanation and time", async () => {
    const q = await setUpQuotes();
    const submissionId = await q.createSubmission();
    const bound = await q.createQuote({ ...QUOTE_VALUES, submissionId });
    await q.rateAndCopy(bound);
    expect((await q.company.call("POST", "/quotes/bind", q.admin, { body: { quoteId: bound } })).status).toBe(200);
    // A bound submission takes no new quotes: the active quotes come from before the bind.
    const active = await q.createSubmission();
    const a = await q.createQuote({ ...QUOTE_VALUES, submissionId: active });
    const b = await q.createQuote({ ...QUOTE_VALUES, submissionId: active });
    await q.rateAndCopy(b);
    await q.company.call("POST", `/quotes/${b}/complete`, q.admin);

    const closed = await q.company.call("POST", `/submissions/${active}/close`, q.admin, {
      body: { reason: "Lost", explanation: "Went elsewhere" },
    });
    expect(closed.status).toBe(200);
    expect(closed.json).toMatchObject({
      id: active,
      entityType: "submission",
      data: { submissionStatus: "closed", submissionCloseReason: "Lost", submissionCloseExplanation: "Went elsewhere" },
    });
    expect(Date.parse(closed.json.data.submissionClosedAt)).not.toBeNaN();
    for (const id of [a, b]) expect((await q.readQuote(id)).data.quoteStatus).toBe("cancelled");

    const closedBound = await q.company.call("POST", `/submissions/${submissionId}/close`, q.admin);
    expect(closedBound.json.data).toMatchObject({ submissionStatus: "closed", submissionCloseReason: null });
    const still = await q.readQuote(bound);
    expect(still.data.quoteStatus).toBe("bound");
    expect((await q.company.call("GET", `/policies/${still.policyId}`, q.admin)).json.status).toBe("active");
  });

  it("reopen recomputes from live quotes and clears the stamps; cancelled quotes stay cancelled", async () => {
    const q = await setUpQuotes();
    const id = await q.createSubmission({ submissionStatus: "submitted" });
    const quote = await q.createQuote({ ...QUOTE_VALUES, submissionId: id });
    await q.company.call("POST", `/submissions/${id}/close`, q.admin, { body: { reason: "r" } });
    const reopened = await q.company.call("POST", `/submissions/${id}/reopen`, q.admin);
    expect(reopened.json.data).toMatchObject({
      submissionStatus: "submitted",
      submissionCloseReason: null,
      submissionCloseExplanation: null,
      submissionClosedAt: null,
    });
    expect((await q.readQuote(quote)).data.quoteStatus).toBe("cancelled");
    await q.createQuote({ ...QUOTE_VALUES, submissionId: id });
    await q.company.call("POST", `/submissions/${id}/close`, q.admin);
    const quoted = await q.company.call("POST", `/submissions/${id}/reopen`, q.admin);
    // The close cancelled the second quote too: nothing live is left.
    expect(quoted.json.data.submissionStatus).toBe("submitted");
  });

  it("refuses close of a closed and reopen of an open submission, naming status and operation", async () => {
    const q = await setUpQuotes();
    const id = await q.createSubmission();
    const reopen = expectError(
      await q.company.call("POST", `/submissions/${id}/reopen`, q.admin),
      409,
      "InvalidLifecycleTransition",
    );
    expect(reopen.message).toBe("Cannot reopen a submission whose status is draft");
    expect(reopen.details).toEqual([{ field: "submissionStatus", message: reopen.message }]);
    await q.company.call("POST", `/submissions/${id}/close`, q.admin);
    expectError(await q.company.call("POST", `/submissions/${id}/close`, q.admin), 409, "InvalidLifecycleTransition");
  });

  it("refuses a bad close body with 400 and changes nothing", async () => {
    const q = await setUpQuotes();
    const id = await q.createSubmission();
    for (const body of [{ reason: "" }, { reason: "x".repeat(101) }, { explanation: "x".repeat(2001) }, { why: "x" }]) {
      expectError(await q.company.call("POST", `/submissions/${id}/close`, q.admin, { body }), 400, "VALIDATION_ERROR");
    }
    expect((await q.readSubmission(id)).data.submissionStatus).toBe("draft");
  });

  it("counts a reason's characters as code points: 100 emoji are 100 characters, 101 are too many", async () => {
    const q = await setUpQuotes();
    const refused = await q.createSubmission();
    const tooLong = await q.company.call("POST", `/submissions/${refused}/close`, q.admin, {
      body: { reason: "😀".repeat(101) },
    });
    expect(expectError(tooLong, 400, "VALIDATION_ERROR").details).toEqual([
      { field: "reason", message: "must be at most 100 characters long" },
    ]);
    const id = await q.createSubmission();
    const closed = await q.company.call("POST", `/submissions/${id}/close`, q.admin, {
      body: { reason: "😀".repeat(100) },
    });
    expect(closed.status, closed.text).toBe(200);
  });

  it("is atomic: when one write of the close fails, no quote is cancelled and the submission stays open", async () => {
    const q = await setUpQuotes();
    const id = await q.createSubmission();
    const first = await q.createQuote({ ...QUOTE_VALUES, submissionId: id });
    const second = await q.createQuote({ ...QUOTE_VALUES, submissionId: id });
    const trigger = `fail_close_${second.replaceAll("-", "")}`;
    await env.DB.prepare(
      `CREATE TRIGGER ${trigger} BEFORE UPDATE ON entities WHEN NEW.id = '${second}' ` +
        "BEGIN SELECT RAISE(ABORT, 'injected'); END",
    ).run();
    try {
      expectError(await q.company.call("POST", `/submissions/${id}/close`, q.admin), 500, "UncaughtActionError");
    } finally {
      await env.DB.prepare(`DROP TRIGGER ${trigger}`).run();
    }
    expect((await q.readQuote(first)).data.quoteStatus).toBe("inProgress");
    expect((await q.readQuote(second)).data.quoteStatus).toBe("inProgress");
    expect((await q.readSubmission(id)).data.submissionStatus).toBe("quoted");
  });
});

describe("wipes (CONTRACT 5.3)", () => {
  it("submissions stay while a quote links them; quotes go with their records, bound ones included", async () => {
    const q = await setUpQuotes();
    const reset = await q.company.key(["SandboxManager"]);
    const quote = await q.createQuote();
    await q.rateAndCopy(quote);
    const bound = await q.company.call("POST", "/quotes/bind", q.admin, { body: { quoteId: quote } });
    const error = expectError(
      await q.company.call("POST", "/entities/submission/deleteAll", reset),
      409,
      "LiveReferencesExist",
    );
    expect(error.details).toEqual([{ field: "quote.submissionId", message: "1 quote links a submission" }]);
    const policies = expectError(
      await q.company.call("POST", "/policies/deleteAll", reset),
      409,
      "LiveReferencesExist",
    );
    expect(policies.details).toEqual([{ field: "boundQuotes", message: "1 bound quote names a policy" }]);

    expect((await q.company.call("POST", "/entities/quote/deleteAll", reset)).json.rowsRemoved).toBe(1);
    expect(await countRows("quote_records", q.company.id)).toBe(0);
    expect(await countRows("quote_bindings", q.company.id)).toBe(0);
    expect((await q.company.call("POST", "/entities/submission/deleteAll", reset)).json.rowsRemoved).toBe(1);
    expect(await countRows("submission_records", q.company.id)).toBe(0);
    expect((await q.company.call("POST", "/policies/deleteAll", reset)).status).toBe(200);
    expect(bound.status).toBe(200);
  });
});
