import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eventually, expectError, staff } from "../support/harness";
import { deliver } from "../support/queue";
import { claimInvoice, createInvoice, day, type FinancialsFixture, setUpFinancials } from "./helpers";

/** Bill review runs (CONTRACT section 7.8). */

const start = (f: FinancialsFixture, invoiceId: string) =>
  f.call("POST", `/financials/invoices/${invoiceId}/bill-review`);
const latest = (f: FinancialsFixture, invoiceId: string) =>
  f.call("GET", `/financials/invoices/${invoiceId}/bill-review`);
const finished = (f: FinancialsFixture, invoiceId: string) =>
  eventually(
    async () => (await latest(f, invoiceId)).json,
    (run) => run?.status === "succeeded" || run?.status === "failed",
  );
const settings = (f: FinancialsFixture, billReview: object) =>
  staff("PATCH", `/admin/companies/${f.company.id}`, { billReview });
const message = (f: FinancialsFixture) => ({
  type: "financials.bill-review",
  messageId: crypto.randomUUID(),
  companyId: f.company.id,
  payload: {},
});

describe("bill review", () => {
  it("judges the invoice as it was at the start, reporting every rule in order", async () => {
    const f = await setUpFinancials();
    const invoice = await createInvoice(
      f,
      claimInvoice(
        f,
        [
          ["Old fee", 0],
          ["Indemnity payment", 500],
        ],
        {
          issueDate: day("2026-05-01"),
          dueDate: day("2026-04-01"),
          payee: { entityType: "organization", entityId: f.organizationId },
        },
      ),
    );
    const started = await start(f, invoice.id);
    expect(started.status).toBe(202);
    expect(started.json).toEqual({ runId: expect.any(String) });
    // Changed after the start: the run still judges the copy it took.
    await f.call("PATCH", `/financials/invoices/${invoice.id}`, { dueDate: day("2026-06-01") });
    const run = await finished(f, invoice.id);
    const [oldFee, indemnity] = invoice.lineItems.map((l: any) => l.lineItemId);
    expect(run).toMatchObject({
      runId: started.json.runId,
      invoiceId: invoice.id,
      status: "succeeded",
      passed: false,
      error: null,
      invoiceHeadJournalId: invoice.headJournalId,
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    });
    expect(run.findings.map((x: any) => [x.ruleId, x.severity, x.lineItemId])).toEqual([
      ["line-item-type-allowed", "error", oldFee],
      ["amount-nonzero", "error", oldFee],
      ["due-after-issue", "error", null],
      ["payee-entity-type-allowed", "error", null],
      ["line-item-type-active", "warning", oldFee],
    ]);
    expect(indemnity).toEqual(expect.any(String));
    const current = (await f.call("GET", `/financials/invoices/${invoice.id}`)).json;
    expect(current.headJournalId).not.toBe(run.invoiceHeadJournalId);
  });

  it("passes a clean invoice; a repeat while one is in flight answers in_flight and creates nothing", async () => {
    const f = await setUpFinancials();
    await settings(f, { paused: true });
    const invoice = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 500]]));
    const first = await start(f, invoice.id);
    const again = await start(f, invoice.id);
    expect(again.status).toBe(202);
    expect(again.json).toEqual({ outcome: "in_flight", runId: first.json.runId });
    expect((await latest(f, invoice.id)).json).toMatchObject({
      status: "queued",
      passed: null,
      findings: [],
      startedAt: null,
    });
    await settings(f, { paused: false });
    const run = await finished(f, invoice.id);
    expect(run).toMatchObject({ runId: first.json.runId, status: "succeeded", passed: true, findings: [] });
    const third = await start(f, invoice.id);
    expect(third.json.runId).not.toBe(first.json.runId);
  });

  it("gives one result when its message is delivered twice", async () => {
    const f = await setUpFinancials();
    await settings(f, { paused: true });
    const invoice = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 500]]));
    const { runId } = (await start(f, invoice.id)).json;
    // Paused: a delivery judges nothing.
    await deliver([{ body: message(f) }]);
    expect((await latest(f, invoice.id)).json.status).toBe("queued");
    await env.DB.prepare('UPDATE companies SET bill_review = json(\'{"capacity":5,"paused":false}\') WHERE id = ?')
      .bind(f.company.id)
      .run();
    const both = await deliver([{ body: message(f) }, { body: message(f) }]);
    expect(both.explicitAcks, JSON.stringify(both)).toHaveLength(2);
    const run = (await latest(f, invoice.id)).json;
    expect(run).toMatchObject({ runId, status: "succeeded", passed: true });
    await deliver([{ body: message(f) }]);
    expect((await latest(f, invoice.id)).json).toEqual(run);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM bill_review_runs WHERE invoice_id = ?")
      .bind(invoice.id)
      .first();
    expect(rows?.n).toBe(1);
  });

  it("answers 429 at the company's capacity and stores nothing", async () => {
    const f = await setUpFinancials();
    await settings(f, { paused: true, capacity: 2 });
    const invoices = [];
    for (let i = 0; i < 3; i++)
      invoices.push(await createInvoice(f, claimInvoice(f, [["Indemnity payment", 100 + i]])));
    const [a, b, c] = invoices;
    expect((await start(f, a.id)).status).toBe(202);
    expect((await start(f, b.id)).status).toBe(202);
    // A repeat on an invoice in flight is answered even at capacity.
    expect((await start(f, a.id)).json.outcome).toBe("in_flight");
    expectError(await start(f, c.id), 429, "BACKGROUND_CAPACITY_EXCEEDED");
    expectError(await latest(f, c.id), 404, "NotFoundError");
    await settings(f, { capacity: 0 });
    expectError(await start(f, c.id), 429, "BACKGROUND_CAPACITY_EXCEEDED");
    await settings(f, { paused: false, capacity: 5 });
    await finished(f, a.id);
    await finished(f, b.id);
    expect((await start(f, c.id)).status).toBe(202);
  });

  it("answers 404 for an unknown invoice and for an invoice without a run; needs payment.edit to start", async () => {
    const f = await setUpFinancials();
    const unknown = "00000000-0000-4000-8000-000000000009";
    expectError(await start(f, unknown), 404, "NotFoundError");
    const invoice = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 500]]));
    expectError(await latest(f, invoice.id), 404, "NotFoundError");
    const readOnly = await f.company.key(["ReadOnly"]);
    expectError(
      await f.call("POST", `/financials/invoices/${invoice.id}/bill-review`, undefined, readOnly),
      403,
      "AuthorizationError",
    );
  });
});

describe("staff bill review settings", () => {
  it("merge on PATCH and refuse out-of-range values", async () => {
    const f = await setUpFinancials();
    expect((await settings(f, { capacity: 9 })).json.billReview).toEqual({ capacity: 9, paused: false });
    expect((await settings(f, { paused: true })).json.billReview).toEqual({ capacity: 9, paused: true });
    for (const billReview of [
      { capacity: 101 },
      { capacity: -1 },
      { capacity: 1.5 },
      { paused: "yes" },
      { speed: 1 },
    ]) {
      expectError(await settings(f, billReview), 400, "VALIDATION_ERROR");
    }
  });
});
