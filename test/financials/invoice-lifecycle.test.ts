import { describe, expect, it } from "vitest";
import { expectError } from "../support/harness";
import {
  balancesOf,
  categoryNamed,
  claimInvoice,
  createInvoice,
  day,
  type FinancialsFixture,
  setUpFinancials,
} from "./helpers";
import { policyInvoice } from "./plan-helpers";

/** Voiding, deleting and paying invoices (CONTRACT section 7.6). */

const journal = async (f: FinancialsFixture, id: string) => (await f.call("GET", `/financials/journal/${id}`)).json;
const linesOf = (entry: any) => entry.lines.map((l: any) => [l.role, l.side, l.amountCents]);

describe("voiding and deleting", () => {
  it("void brings an unpaid invoice's contributions to zero; twice or with payments is 409", async () => {
    const f = await setUpFinancials();
    const invoice = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 7_000]]));
    expectError(
      await f.call("POST", `/financials/invoices/${invoice.id}/void`, {
        headJournalId: "00000000-0000-4000-8000-000000000009",
      }),
      409,
      "INVOICE_HEAD_STALE",
    );
    const voided = await f.call("POST", `/financials/invoices/${invoice.id}/void`, {
      headJournalId: invoice.headJournalId,
    });
    expect(voided.json).toMatchObject({ status: "void", owedCents: 0, voidedAt: expect.any(String) });
    expect(linesOf(await journal(f, voided.json.headJournalId))).toEqual([
      ["line_item", "credit", 7_000],
      ["payable", "debit", 7_000],
    ]);
    expect(await balancesOf(f, { entityType: "event", entityId: f.eventId })).toEqual({ categories: [], cash: null });
    expectError(await f.call("POST", `/financials/invoices/${invoice.id}/void`, {}), 409, "INVOICE_STATUS_CONFLICT");
    expectError(
      await f.call("POST", `/financials/invoices/${invoice.id}/payments`, { amountCents: 1 }),
      409,
      "INVOICE_STATUS_CONFLICT",
    );

    const paid = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 7_000]]));
    const payment = await f.call("POST", `/financials/invoices/${paid.id}/payments`, { amountCents: 1_000 });
    expect([payment.status, payment.headers.get("Content-Type")]).toEqual([201, "application/json"]);
    expect(payment.json.invoice.paidCents).toBe(1_000);
    expectError(await f.call("POST", `/financials/invoices/${paid.id}/void`, {}), 409, "INVOICE_STATUS_CONFLICT");
  });

  it("delete removes payments first (their own entries), then the invoice's contributions; then 404", async () => {
    const f = await setUpFinancials();
    await f.call("PUT", `/financials/events/${f.eventId}/reserves/${f.ids.categories.Indemnity}`, {
      expectedTotalCents: 50_000,
    });
    const invoice = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 20_000]]));
    const p1 = await f.call("POST", `/financials/invoices/${invoice.id}/payments`, { amountCents: 5_000 });
    await f.call("POST", `/financials/invoices/${invoice.id}/payments`, { amountCents: 15_000 });
    expect((await f.call("DELETE", `/financials/invoices/${invoice.id}`)).status).toBe(204);
    expectError(await f.call("GET", `/financials/invoices/${invoice.id}`), 404, "NotFoundError");
    expectError(await f.call("GET", `/financials/payments/${p1.json.payment.paymentId}`), 404, "NotFoundError");
    const kinds = (await f.call("GET", `/financials/journal?invoiceId=${invoice.id}`)).json.items.map(
      (e: any) => e.kind,
    );
    expect(kinds).toEqual([
      "invoice_created",
      "payment_recorded",
      "reserves_eroded",
      "payment_recorded",
      "reserves_eroded",
      "payment_deleted",
      "payment_deleted",
      "payment_deleted",
      "payment_deleted",
      "invoice_deleted",
    ]);
    // Everything back as before the invoice: 50,000 reserved, nothing paid or owed, cash back at 0.
    const event = await balancesOf(f, { entityType: "event", entityId: f.eventId });
    expect(categoryNamed(event, "Indemnity")).toMatchObject({ reservesCents: 50_000, paidCents: 0, owedCents: 0 });
    expect(event.cash).toBeNull();
    const global = await balancesOf(f);
    expect(global.cash).toMatchObject({ role: "cash", amountCents: 0 });
  });

  it("policy-linked invoices refuse void, delete and a change of lines or type (422)", async () => {
    const f = await setUpFinancials();
    const invoice = await policyInvoice(f);
    for (const [method, path, body] of [
      ["POST", `/financials/invoices/${invoice.id}/void`, {}],
      ["DELETE", `/financials/invoices/${invoice.id}`, undefined],
      ["PATCH", `/financials/invoices/${invoice.id}`, { invoiceType: "Premium invoice" }],
      [
        "PATCH",
        `/financials/invoices/${invoice.id}`,
        {
          lineItems: invoice.lineItems.map((l: any) => ({
            lineItemTypeId: l.lineItemTypeId,
            amountCents: l.amountCents,
          })),
        },
      ],
    ] as const) {
      expectError(await f.call(method, path, body), 422, "POLICY_INVOICE_BATCH_ONLY");
    }
    const dated = await f.call("PATCH", `/financials/invoices/${invoice.id}`, {
      dueDate: day("2026-02-15"),
      payee: { entityType: "organization", entityId: f.organizationId },
    });
    expect(dated.json).toMatchObject({ dueDate: day("2026-02-15"), payee: { entityType: "organization" } });
    expect((await f.call("POST", `/financials/invoices/${invoice.id}/payments`, { amountCents: 1_000 })).status).toBe(
      201,
    );
  });
});

describe("payments on invoices", () => {
  it("share the paid amount over the lines and settle the invoice; above owed is 422", async () => {
    const f = await setUpFinancials();
    const invoice = await createInvoice(
      f,
      claimInvoice(f, [
        ["Adjuster fee", 100],
        ["Adjuster fee", 200],
      ]),
    );
    const first = await f.call("POST", `/financials/invoices/${invoice.id}/payments`, {
      amountCents: 100,
      reference: "wire",
      paidOn: day("2026-03-05"),
    });
    expect(first.status).toBe(201);
    expect(first.json.payment).toMatchObject({
      invoiceId: invoice.id,
      eventId: f.eventId,
      amountCents: 100,
      reference: "wire",
    });
    expect(first.json.invoice).toMatchObject({ status: "partially_paid", paidCents: 100, owedCents: 200 });
    expect(first.json.invoice.payments).toEqual([
      expect.objectContaining({ paymentId: first.json.payment.paymentId, amountCents: 100, paidOn: day("2026-03-05") }),
    ]);
    // Operating category: no erosion, one entry, which is the head: Cr cash 100 / Dr payable 100.
    expect(first.json.payment.journalIds).toEqual([first.json.invoice.headJournalId]);
    expect(linesOf(await journal(f, first.json.invoice.headJournalId))).toEqual([
      ["payable", "debit", 100],
      ["cash", "credit", 100],
    ]);
    expectError(
      await f.call("POST", `/financials/invoices/${invoice.id}/payments`, { amountCents: 201 }),
      422,
      "PAYMENT_EXCEEDS_OWED",
    );
    expectError(
      await f.call("POST", `/financials/invoices/${invoice.id}/payments`, { amountCents: -5 }),
      422,
      "PAYMENT_INVALID",
    );
    expectError(
      await f.call("POST", `/financials/invoices/${invoice.id}/payments`, { amountCents: 0 }),
      400,
      "VALIDATION_ERROR",
    );
    const rest = await f.call("POST", `/financials/invoices/${invoice.id}/payments`, { amountCents: 200 });
    expect(rest.json.invoice).toMatchObject({ status: "paid", paidCents: 300, owedCents: 0 });
    const event = await balancesOf(f, { entityType: "event", entityId: f.eventId });
    // Fully paid: every twin at zero, so only the leaf shows.
    expect(categoryNamed(event, "Expense").accounts.map((a: any) => [a.role, a.amountCents])).toEqual([
      ["line_item", 300],
    ]);
    expect(event.cash.amountCents).toBe(-300);
    // Deleting a payment of a paid invoice makes it partially paid again.
    await f.call("DELETE", `/financials/payments/${rest.json.payment.paymentId}`);
    expect((await f.call("GET", `/financials/invoices/${invoice.id}`)).json).toMatchObject({
      status: "partially_paid",
      paidCents: 100,
      payments: [expect.objectContaining({ paymentId: first.json.payment.paymentId })],
    });
  });

  it("need payment.record; unknown invoices are 404", async () => {
    const f = await setUpFinancials();
    const invoice = await createInvoice(f, claimInvoice(f, [["Adjuster fee", 100]]));
    const viewer = await f.company.key([], ["invoice.view", "invoice.edit"]);
    expectError(
      await f.call("POST", `/financials/invoices/${invoice.id}/payments`, { amountCents: 1 }, viewer),
      403,
      "AuthorizationError",
    );
    expectError(
      await f.call("POST", "/financials/invoices/00000000-0000-4000-8000-000000000009/payments", { amountCents: 1 }),
      404,
      "NotFoundError",
    );
    // The old-style name of payment.record is company.payment:create (CONTRACT 7.6, roles): it grants the same.
    const legacy = await f.company.key([], ["company.payment:create", "invoice.view"]);
    const paid = await f.call("POST", `/financials/invoices/${invoice.id}/payments`, { amountCents: 1 }, legacy);
    expect(paid.status, JSON.stringify(paid.json)).toBe(201);
  });
});
