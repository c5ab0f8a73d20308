import { describe, expect, it } from "vitest";
import { createCompany, expectError } from "../support/harness";
import { must } from "../support/must";
import { expectDisplayable } from "../support/user-messages";
import { balancesOf, categoryNamed, claimInvoice, createInvoice, expectBalanced, setUpFinancials } from "./helpers";

/** Reserves and direct (claim) payments on events (CONTRACT section 7.5). */

const reservesPath = (eventId: string, categoryId: string) => `/financials/events/${eventId}/reserves/${categoryId}`;

describe("setting an event's expected total", () => {
  it("sets reserves to the expected total less what is paid, posting Dr unpaid / Cr reserves", async () => {
    const f = await setUpFinancials();
    const indemnity = must(f.ids.categories.Indemnity);
    const res = await f.call("PUT", reservesPath(f.eventId, indemnity), { expectedTotalCents: 100_000 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      eventId: f.eventId,
      categoryId: indemnity,
      expectedTotalCents: 100_000,
      reservesCents: 100_000,
      paidCents: 0,
      journalId: expect.any(String),
    });
    const entry = (await f.call("GET", `/financials/journal/${res.json.journalId}`)).json;
    expect(entry).toMatchObject({ kind: "reserves_set", scopes: [{ entityType: "event", entityId: f.eventId }] });
    expect(entry.lines.map((l: any) => [l.role, l.side, l.amountCents])).toEqual([
      ["unpaid", "debit", 100_000],
      ["reserves", "credit", 100_000],
    ]);

    // Lowering it to 60,000.00 posts the difference on the other sides: Dr reserves / Cr unpaid 40,000.
    const lower = await f.call("PUT", reservesPath(f.eventId, indemnity), {
      expectedTotalCents: 60_000,
      currentExpectedTotalCents: 100_000,
    });
    expect(lower.json.reservesCents).toBe(60_000);
    const lowered = (await f.call("GET", `/financials/journal/${lower.json.journalId}`)).json;
    expect(lowered.lines.map((l: any) => [l.role, l.side, l.amountCents])).toEqual([
      ["unpaid", "credit", 40_000],
      ["reserves", "debit", 40_000],
    ]);

    // The same figure again changes nothing: no entry.
    const same = await f.call("PUT", reservesPath(f.eventId, indemnity), { expectedTotalCents: 60_000 });
    expect(same.json).toMatchObject({ reservesCents: 60_000, journalId: null });

    const balances = await balancesOf(f, { entityType: "event", entityId: f.eventId });
    expect(categoryNamed(balances, "Indemnity")).toMatchObject({
      reservesCents: 60_000,
      paidCents: 0,
      owedCents: 0,
      expectedTotalCents: 60_000,
    });
    expectBalanced(balances);
  });

  it("works in a receivable category (expected income): Dr reserves / Cr unpaid", async () => {
    const f = await setUpFinancials();
    const res = await f.call("PUT", reservesPath(f.eventId, must(f.ids.categories.Recovery)), {
      expectedTotalCents: 5_000,
    });
    const entry = (await f.call("GET", `/financials/journal/${res.json.journalId}`)).json;
    expect(entry.lines.map((l: any) => [l.role, l.side])).toEqual([
      ["unpaid", "credit"],
      ["reserves", "debit"],
    ]);
    expectBalanced(await balancesOf(f, { entityType: "event", entityId: f.eventId }));
  });

  it("refuses, changing nothing: unknown event or category 404, operating 422, stale 409, below paid 422", async () => {
    const f = await setUpFinancials();
    const indemnity = must(f.ids.categories.Indemnity);
    const unknown = "00000000-0000-4000-8000-000000000009";
    expectError(await f.call("PUT", reservesPath(unknown, indemnity), { expectedTotalCents: 1 }), 404, "NotFoundError");
    expectError(await f.call("PUT", reservesPath(f.eventId, unknown), { expectedTotalCents: 1 }), 404, "NotFoundError");
    expectError(
      await f.call("PUT", reservesPath(f.eventId, must(f.ids.categories.Expense)), { expectedTotalCents: 1 }),
      422,
      "CATEGORY_NOT_RESERVED",
    );
    await f.call("PUT", reservesPath(f.eventId, indemnity), { expectedTotalCents: 10_000 });
    const stale = await f.call("PUT", reservesPath(f.eventId, indemnity), {
      expectedTotalCents: 20_000,
      currentExpectedTotalCents: 9_000,
    });
    expect(expectError(stale, 409, "EXPECTED_TOTAL_CHANGED").details[0]?.field).toBe("currentExpectedTotalCents");

    await f.call("POST", `/financials/events/${f.eventId}/payments`, { categoryId: indemnity, amountCents: 7_000 });
    const below = await f.call("PUT", reservesPath(f.eventId, indemnity), { expectedTotalCents: 6_999 });
    expect(expectError(below, 422, "EXPECTED_TOTAL_BELOW_PAID").details[0]?.field).toBe("expectedTotalCents");
    expect(categoryNamed(await balancesOf(f, { entityType: "event", entityId: f.eventId }), "Indemnity")).toMatchObject(
      {
        expectedTotalCents: 10_000,
        paidCents: 7_000,
        reservesCents: 3_000,
      },
    );

    for (const body of [{ expectedTotalCents: -1 }, { expectedTotalCents: 1.5 }, { expectedTotalCents: 1e14 }, {}]) {
      expectError(await f.call("PUT", reservesPath(f.eventId, indemnity), body), 400, "VALIDATION_ERROR");
    }
  });

  it("needs payment.edit, and another company's event is 404", async () => {
    const f = await setUpFinancials();
    const indemnity = must(f.ids.categories.Indemnity);
    const readOnly = await f.company.key(["ReadOnly"]);
    expectError(
      await f.call("PUT", reservesPath(f.eventId, indemnity), { expectedTotalCents: 1 }, readOnly),
      403,
      "AuthorizationError",
    );
    const finance = await f.company.key(["Finance"]);
    expect((await f.call("PUT", reservesPath(f.eventId, indemnity), { expectedTotalCents: 1 }, finance)).status).toBe(
      200,
    );
    const other = await setUpFinancials();
    const res = await other.call("PUT", reservesPath(f.eventId, must(other.ids.categories.Indemnity)), {
      expectedTotalCents: 1,
    });
    expectError(res, 404, "NotFoundError");
  });
});

describe("direct payments", () => {
  it("pay out of cash into additional, erode reserves, and grow the expected total past them", async () => {
    const f = await setUpFinancials();
    const indemnity = must(f.ids.categories.Indemnity);
    await f.call("PUT", reservesPath(f.eventId, indemnity), { expectedTotalCents: 10_000 });
    const res = await f.call("POST", `/financials/events/${f.eventId}/payments`, {
      categoryId: indemnity,
      amountCents: 4_000,
      reference: "cheque 1001",
      paidOn: { date: "2026-04-02" },
      payee: { entityType: "person", entityId: f.personId },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      invoiceId: null,
      eventId: f.eventId,
      categoryId: indemnity,
      amountCents: 4_000,
      paidOn: { date: "2026-04-02", timezone: "America/New_York" },
      reference: "cheque 1001",
      payee: { entityType: "person", entityId: f.personId },
    });
    expect(res.json.journalIds).toHaveLength(2);
    const [payment, erosion] = await Promise.all(
      res.json.journalIds.map(async (id: string) => (await f.call("GET", `/financials/journal/${id}`)).json),
    );
    expect(payment.kind).toBe("payment_recorded");
    expect(payment.scopes).toEqual([
      { entityType: "event", entityId: f.eventId },
      { entityType: "payee", entityId: f.personId },
    ]);
    expect(payment.lines.map((l: any) => [l.role, l.side, l.amountCents])).toEqual([
      ["additional", "debit", 4_000],
      ["cash", "credit", 4_000],
    ]);
    expect(erosion).toMatchObject({ kind: "reserves_eroded", paymentId: res.json.paymentId });
    expect(erosion.scopes).toEqual([{ entityType: "event", entityId: f.eventId }]);
    expect(erosion.lines.map((l: any) => [l.role, l.side, l.amountCents])).toEqual([
      ["unpaid", "credit", 4_000],
      ["reserves", "debit", 4_000],
    ]);
    // 10,000 expected: 4,000 paid and 6,000 left in reserves.
    const event = { entityType: "event", entityId: f.eventId };
    expect(categoryNamed(await balancesOf(f, event), "Indemnity")).toMatchObject({
      reservesCents: 6_000,
      paidCents: 4_000,
      expectedTotalCents: 10_000,
    });
    // 9,000 more: only 6,000 left to erode, so reserves reach 0 and the expected total grows to 13,000 paid.
    const beyond = await f.call("POST", `/financials/events/${f.eventId}/payments`, {
      categoryId: indemnity,
      amountCents: 9_000,
    });
    const balances = await balancesOf(f, event);
    expect(categoryNamed(balances, "Indemnity")).toMatchObject({
      reservesCents: 0,
      paidCents: 13_000,
      expectedTotalCents: 13_000,
    });
    expect(balances.cash.amountCents).toBe(-13_000);
    expectBalanced(balances);
    // The payee's scope holds only the first payment.
    const payee = await balancesOf(f, { entityType: "payee", entityId: f.personId });
    expect(categoryNamed(payee, "Indemnity")).toMatchObject({ paidCents: 4_000, reservesCents: 0 });
    expectBalanced(payee);

    // Deleting the 9,000 payment restores only what it eroded (6,000): back to 10,000 expected.
    expect((await f.call("DELETE", `/financials/payments/${beyond.json.paymentId}`)).status).toBe(204);
    expectError(await f.call("GET", `/financials/payments/${beyond.json.paymentId}`), 404, "NotFoundError");
    expect(categoryNamed(await balancesOf(f, event), "Indemnity")).toMatchObject({
      reservesCents: 6_000,
      paidCents: 4_000,
      expectedTotalCents: 10_000,
    });
  });

  it("deleted after a later expected total was set, give back their whole amount so that total stays", async () => {
    const f = await setUpFinancials();
    const indemnity = must(f.ids.categories.Indemnity);
    const event = { entityType: "event", entityId: f.eventId };
    await f.call("PUT", reservesPath(f.eventId, indemnity), { expectedTotalCents: 1_000 });
    // 3,000 paid with 1,000 reserved: 1,000 eroded, expected total 3,000.
    const paid = await f.call("POST", `/financials/events/${f.eventId}/payments`, {
      categoryId: indemnity,
      amountCents: 3_000,
    });
    await f.call("PUT", reservesPath(f.eventId, indemnity), { expectedTotalCents: 5_000 });
    expect(categoryNamed(await balancesOf(f, event), "Indemnity")).toMatchObject({
      reservesCents: 2_000,
      paidCents: 3_000,
    });
    await f.call("DELETE", `/financials/payments/${paid.json.paymentId}`);
    // All 3,000 back: 0 paid, 5,000 reserved, the 5,000 last set stays.
    const after = categoryNamed(await balancesOf(f, event), "Indemnity");
    expect(after).toMatchObject({ reservesCents: 5_000, paidCents: 0, expectedTotalCents: 5_000 });
    const entries = (await f.call("GET", `/financials/journal?paymentId=${paid.json.paymentId}`)).json.items;
    expect(entries.map((e: any) => e.kind)).toEqual([
      "payment_recorded",
      "reserves_eroded",
      "payment_deleted",
      "payment_deleted",
    ]);
    expect(entries[2].reverses).toBe(paid.json.journalIds[0]);
    expect(entries[3].reverses).toBe(paid.json.journalIds[1]);
  });

  it("in an operating category move cash and additional only; money comes in in a receivable one", async () => {
    const f = await setUpFinancials();
    await f.call("POST", `/financials/events/${f.eventId}/payments`, {
      categoryId: must(f.ids.categories.Expense),
      amountCents: 2_500,
    });
    const recovery = await f.call("POST", `/financials/events/${f.eventId}/payments`, {
      categoryId: must(f.ids.categories.Recovery),
      amountCents: 1_000,
    });
    // A receivable reserved category with no reserves: nothing to erode, one entry.
    expect(recovery.json.journalIds).toHaveLength(1);
    const balances = await balancesOf(f, { entityType: "event", entityId: f.eventId });
    expect(categoryNamed(balances, "Expense")).toMatchObject({
      paidCents: 2_500,
      reservesCents: null,
      expectedTotalCents: null,
    });
    expect(categoryNamed(balances, "Recovery")).toMatchObject({
      paidCents: 1_000,
      reservesCents: 0,
      expectedTotalCents: 1_000,
    });
    expect(balances.cash.amountCents).toBe(-1_500);
    expectBalanced(balances);
  });

  it("refuse an unknown event (404) or category or payee (422 PAYMENT_INVALID), and bad amounts (400)", async () => {
    const f = await setUpFinancials();
    const indemnity = must(f.ids.categories.Indemnity);
    const unknown = "00000000-0000-4000-8000-000000000009";
    expectError(
      await f.call("POST", `/financials/events/${unknown}/payments`, { categoryId: indemnity, amountCents: 1 }),
      404,
      "NotFoundError",
    );
    // The payee is read beside the event; an unknown event is still 404 before any payee problem.
    expectError(
      await f.call("POST", `/financials/events/${unknown}/payments`, {
        categoryId: indemnity,
        amountCents: 1,
        payee: { entityType: "person", entityId: unknown },
      }),
      404,
      "NotFoundError",
    );
    const refused = await f.call("POST", `/financials/events/${f.eventId}/payments`, {
      categoryId: unknown,
      amountCents: 1,
      payee: { entityType: "organization", entityId: f.personId },
    });
    const invalid = expectError(refused, 422, "PAYMENT_INVALID");
    expect(invalid.details.map((d) => d.field)).toEqual(["categoryId", "payee.entityId"]);
    // Each user message names its member in words (interface, Errors: free of field paths).
    expect(invalid.userMessages).toEqual([
      "Category id is not a configured category.",
      "Entity id is not an organization of this company.",
    ]);
    expectDisplayable(invalid.userMessages, "payment");
    for (const amountCents of [0, -5, 2.5, 10_000_000_000_001]) {
      const res = await f.call("POST", `/financials/events/${f.eventId}/payments`, {
        categoryId: indemnity,
        amountCents,
      });
      expectError(res, 400, "VALIDATION_ERROR");
    }
    const retired = await f.call("POST", `/financials/events/${f.eventId}/payments`, {
      categoryId: indemnity,
      amountCents: 1,
      paidOn: { year: 2026, month: 1, day: 2 },
    });
    expectError(retired, 400, "VALIDATION_ERROR");
    expect((await f.call("GET", "/financials/journal")).json.totalCount).toBe(0);
  });

  it("need payment.record to record, payment.delete to delete and payment.view to read", async () => {
    const f = await setUpFinancials();
    const indemnity = must(f.ids.categories.Indemnity);
    const paid = await f.call("POST", `/financials/events/${f.eventId}/payments`, {
      categoryId: indemnity,
      amountCents: 1,
    });
    const readOnly = await f.company.key(["ReadOnly"]);
    const body = { categoryId: indemnity, amountCents: 1 };
    expectError(
      await f.call("POST", `/financials/events/${f.eventId}/payments`, body, readOnly),
      403,
      "AuthorizationError",
    );
    expectError(
      await f.call("DELETE", `/financials/payments/${paid.json.paymentId}`, undefined, readOnly),
      403,
      "AuthorizationError",
    );
    expect((await f.call("GET", `/financials/payments/${paid.json.paymentId}`, undefined, readOnly)).json).toEqual(
      paid.json,
    );
    const stranger = await createCompany();
    const strangerKey = await stranger.key(["SUPER_ADMIN"]);
    expectError(
      await stranger.call("GET", `/financials/payments/${paid.json.paymentId}`, strangerKey),
      404,
      "NotFoundError",
    );
    expectError(
      await stranger.call("DELETE", `/financials/payments/${paid.json.paymentId}`, strangerKey),
      404,
      "NotFoundError",
    );
  });

  it("on an event invoice erode reserves too, and the erosion is the invoice's head", async () => {
    const f = await setUpFinancials();
    await f.call("PUT", reservesPath(f.eventId, must(f.ids.categories.Indemnity)), { expectedTotalCents: 50_000 });
    const invoice = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 20_000]]));
    const paid = await f.call("POST", `/financials/invoices/${invoice.id}/payments`, { amountCents: 20_000 });
    expect(paid.json.invoice.headJournalId).toBe(paid.json.payment.journalIds[1]);
    expect(categoryNamed(await balancesOf(f, { entityType: "event", entityId: f.eventId }), "Indemnity")).toMatchObject(
      {
        reservesCents: 30_000,
        paidCents: 20_000,
        owedCents: 0,
        expectedTotalCents: 50_000,
      },
    );
  });

  it("list the invoice's live payments oldest first, in each payment's answer and on read; a deleted one drops out", async () => {
    const f = await setUpFinancials();
    const invoice = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 20_000]]));
    const other = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 1_000]]));
    const pay = async (invoiceId: string, amountCents: number, reference: string) => {
      const res = await f.call("POST", `/financials/invoices/${invoiceId}/payments`, { amountCents, reference });
      expect(res.status).toBe(201);
      return res.json;
    };
    const a = await pay(invoice.id, 5_000, "A");
    await pay(other.id, 1_000, "elsewhere");
    const b = await pay(invoice.id, 7_500, "B");
    const c = await pay(invoice.id, 2_500, "C");
    const line = (p: any) => ({
      paymentId: p.payment.paymentId,
      amountCents: p.payment.amountCents,
      paidOn: p.payment.paidOn,
      reference: p.payment.reference,
      createdAt: p.payment.createdAt,
    });
    // 20,000 billed; 5,000 + 7,500 + 2,500 = 15,000 paid; 5,000 owed. The other invoice's payment is not listed.
    expect(c.invoice).toMatchObject({ paidCents: 15_000, owedCents: 5_000, payments: [line(a), line(b), line(c)] });
    expect(b.invoice.payments).toEqual([line(a), line(b)]);
    expect((await f.call("GET", `/financials/invoices/${invoice.id}`)).json.payments).toEqual(c.invoice.payments);

    expect((await f.call("DELETE", `/financials/payments/${b.payment.paymentId}`)).status).toBe(204);
    // 15,000 - 7,500 = 7,500 paid; 20,000 - 7,500 = 12,500 owed.
    expect((await f.call("GET", `/financials/invoices/${invoice.id}`)).json).toMatchObject({
      paidCents: 7_500,
      owedCents: 12_500,
      payments: [line(a), line(c)],
    });
  });
});
