import { describe, expect, it } from "vitest";
import { createCompany, expectError } from "../support/harness";
import { expectDisplayable } from "../support/user-messages";
import {
  balancesOf,
  categoryNamed,
  claimInvoice,
  createInvoice,
  day,
  expectBalanced,
  type FinancialsFixture,
  setUpFinancials,
} from "./helpers";

/** Ad-hoc invoices on events (CONTRACT section 7.6). */

const journal = async (f: FinancialsFixture, id: string) => (await f.call("GET", `/financials/journal/${id}`)).json;
const linesOf = (entry: any) => entry.lines.map((l: any) => [l.role, l.side, l.amountCents]);

describe("creating an invoice", () => {
  it("posts Dr line item / Cr twin per type in the event's and payee's scopes; that entry is its head", async () => {
    const f = await setUpFinancials();
    const invoice = await createInvoice(
      f,
      claimInvoice(f, [
        ["Indemnity payment", 30_000],
        ["Legal fee", 10_000],
        ["Indemnity payment", 0],
      ]),
    );
    expect(invoice).toMatchObject({
      entityType: "event",
      entityId: f.eventId,
      policyLinked: false,
      invoiceType: "Claim invoice",
      categoryId: f.ids.categories.Indemnity,
      direction: "payable",
      status: "owed",
      totalCents: 40_000,
      paidCents: 0,
      owedCents: 40_000,
      payments: [],
      voidedAt: null,
      payee: { entityType: "person", entityId: f.personId },
    });
    // Labels: the allowedOn label for the invoice type ("Counsel"), else the type's name.
    expect(invoice.lineItems.map((l: any) => [l.label, l.amountCents])).toEqual([
      ["Indemnity payment", 30_000],
      ["Counsel", 10_000],
      ["Indemnity payment", 0],
    ]);
    const entry = await journal(f, invoice.headJournalId);
    expect(entry).toMatchObject({ kind: "invoice_created", invoiceId: invoice.id, reverses: null, paymentId: null });
    expect(entry.scopes).toEqual([
      { entityType: "event", entityId: f.eventId },
      { entityType: "payee", entityId: f.personId },
    ]);
    expect(linesOf(entry)).toEqual([
      ["line_item", "debit", 30_000],
      ["payable", "credit", 30_000],
      ["line_item", "debit", 10_000],
      ["payable", "credit", 10_000],
    ]);
    const event = categoryNamed(await balancesOf(f, { entityType: "event", entityId: f.eventId }), "Indemnity");
    expect(event).toMatchObject({ owedCents: 40_000, paidCents: 0, reservesCents: 0, expectedTotalCents: 0 });
    expect((await f.call("GET", `/financials/invoices/${invoice.id}`)).json).toEqual(invoice);
  });

  it("defaults issueDate to today in New York and lists invoices oldest first with filters", async () => {
    const f = await setUpFinancials();
    const { issueDate: _, ...body } = claimInvoice(f, [["Indemnity payment", 100]]);
    const first = await createInvoice(f, body);
    expect(first.issueDate.timezone).toBe("America/New_York");
    expect(first.issueDate.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const otherEvent = await f.event();
    const second = await createInvoice(f, { ...body, entityId: otherEvent });
    const all = (await f.call("GET", "/financials/invoices")).json;
    expect(all.items.map((i: any) => i.id)).toEqual([first.id, second.id]);
    expect(all).toMatchObject({ totalCount: 2, page: 1, pageSize: 50 });
    const filtered = (await f.call("GET", `/financials/invoices?entityType=event&entityId=${otherEvent}&status=owed`))
      .json;
    expect(filtered.items.map((i: any) => i.id)).toEqual([second.id]);
    expect((await f.call("GET", "/financials/invoices?status=paid")).json.totalCount).toBe(0);
    expectError(await f.call("GET", "/financials/invoices?status=settled"), 400, "VALIDATION_ERROR");
  });

  it("filters by payee (CONTRACT 7.10: entityType event, policy or payee; any other is 400 naming the three)", async () => {
    const f = await setUpFinancials();
    const toPerson = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 100]]));
    const organization = { entityType: "organization", entityId: f.organizationId };
    const toOrganization = await createInvoice(f, {
      ...claimInvoice(f, [["Indemnity payment", 200]]),
      payee: organization,
    });
    const ofPayee = async (id: string) =>
      (await f.call("GET", `/financials/invoices?entityType=payee&entityId=${id}`)).json.items.map((i: any) => i.id);
    expect(await ofPayee(f.personId)).toEqual([toPerson.id]);
    expect(await ofPayee(f.organizationId)).toEqual([toOrganization.id]);
    expect(await ofPayee("00000000-0000-4000-8000-000000000009")).toEqual([]);
    const refused = expectError(await f.call("GET", "/financials/invoices?entityType=quote"), 400, "VALIDATION_ERROR");
    expect(refused.details).toEqual([{ field: "entityType", message: "must be one of: event, policy, payee" }]);
  });

  it("refuses 422 INVOICE_INVALID naming each member, changing nothing", async () => {
    const f = await setUpFinancials();
    const unknown = "00000000-0000-4000-8000-000000000009";
    const res = await f.call("POST", "/financials/invoices", {
      ...claimInvoice(f, [
        ["Indemnity payment", 100],
        ["Uncategorised", 5],
        ["Adjuster fee", -500],
      ]),
      entityId: unknown,
      payee: { entityType: "organization", entityId: f.personId },
    });
    const error = expectError(res, 422, "INVOICE_INVALID");
    expect(error.details.map((d) => d.field)).toEqual([
      "entityId",
      "lineItems[1].lineItemTypeId",
      "lineItems",
      "lineItems",
      "payee.entityId",
    ]);
    // Each user message names its member in words (interface, Errors: free of field paths).
    expect(error.userMessages).toHaveLength(5);
    expectDisplayable(error.userMessages, "invoice");
    const wrongType = await f.call("POST", "/financials/invoices", {
      ...claimInvoice(f, [["Gross premium", 1]]),
      invoiceType: "Premium invoice",
    });
    expect(expectError(wrongType, 422, "INVOICE_INVALID").details.map((d) => d.field)).toEqual(["invoiceType"]);
    const none = await f.call("POST", "/financials/invoices", claimInvoice(f, []));
    expect(expectError(none, 422, "INVOICE_INVALID").details.map((d) => d.field)).toEqual(["lineItems"]);
    const unknownType = await f.call("POST", "/financials/invoices", {
      ...claimInvoice(f, []),
      lineItems: [{ lineItemTypeId: unknown, amountCents: 5 }],
    });
    expect(expectError(unknownType, 422, "INVOICE_INVALID").details[0]?.field).toBe("lineItems[0].lineItemTypeId");
    const zero = await f.call("POST", "/financials/invoices", claimInvoice(f, [["Indemnity payment", 0]]));
    expect(expectError(zero, 422, "INVOICE_INVALID").details[0]?.field).toBe("lineItems");
    expect((await f.call("GET", "/financials/invoices")).json.totalCount).toBe(0);
    expect((await f.call("GET", "/financials/journal")).json.totalCount).toBe(0);
  });

  it("accepts what bill review reports: a type not allowed, a deprecated type, due before issue", async () => {
    const f = await setUpFinancials();
    const invoice = await createInvoice(
      f,
      claimInvoice(f, [["Old fee", 100]], { issueDate: day("2026-05-01"), dueDate: day("2026-04-01") }),
    );
    expect(invoice.status).toBe("owed");
  });

  it("refuses policy invoices (422 POLICY_INVOICE_BATCH_ONLY) and other entity types (400)", async () => {
    const f = await setUpFinancials();
    const policy = await f.call("POST", "/financials/invoices", {
      ...claimInvoice(f, [["Indemnity payment", 1]]),
      entityType: "policy",
    });
    expectError(policy, 422, "POLICY_INVOICE_BATCH_ONLY");
    const other = await f.call("POST", "/financials/invoices", {
      ...claimInvoice(f, [["Indemnity payment", 1]]),
      entityType: "quote",
    });
    expectError(other, 400, "VALIDATION_ERROR");
    const extra = await f.call("POST", "/financials/invoices", {
      ...claimInvoice(f, [["Indemnity payment", 1]]),
      author: "x",
    });
    expectError(extra, 400, "VALIDATION_ERROR");
  });

  it("needs invoice.create; reads need invoice.view; another company's invoice is 404", async () => {
    const f = await setUpFinancials();
    const readOnly = await f.company.key(["ReadOnly"]);
    expectError(
      await f.call("POST", "/financials/invoices", claimInvoice(f, [["Indemnity payment", 1]]), readOnly),
      403,
      "AuthorizationError",
    );
    const invoice = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 1]]));
    expect((await f.call("GET", `/financials/invoices/${invoice.id}`, undefined, readOnly)).status).toBe(200);
    const stranger = await createCompany();
    const key = await stranger.key(["SUPER_ADMIN"]);
    expectError(await stranger.call("GET", `/financials/invoices/${invoice.id}`, key), 404, "NotFoundError");
    expectError(
      await stranger.call("PATCH", `/financials/invoices/${invoice.id}`, key, { body: { dueDate: day("2026-01-01") } }),
      404,
      "NotFoundError",
    );
  });
});

describe("changing an invoice", () => {
  it("moves its head every time: dates post a memo without lines; lines post their difference", async () => {
    const f = await setUpFinancials();
    const invoice = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 30_000]]));
    const dated = await f.call("PATCH", `/financials/invoices/${invoice.id}`, {
      dueDate: day("2026-04-30"),
      headJournalId: invoice.headJournalId,
    });
    expect(dated.status).toBe(200);
    expect(dated.json.dueDate).toEqual(day("2026-04-30"));
    expect(dated.json.headJournalId).not.toBe(invoice.headJournalId);
    const memo = await journal(f, dated.json.headJournalId);
    expect(memo).toMatchObject({ kind: "invoice_updated", invoiceId: invoice.id, lines: [] });

    // 30,000 indemnity → 25,000 indemnity + 8,000 legal: indemnity down 5,000, legal up 8,000.
    const relined = await f.call("PATCH", `/financials/invoices/${invoice.id}`, {
      lineItems: [
        { lineItemTypeId: f.ids.types["Indemnity payment"], amountCents: 25_000 },
        { lineItemTypeId: f.ids.types["Legal fee"], amountCents: 8_000, label: "Outside counsel" },
      ],
    });
    expect(relined.json).toMatchObject({ totalCents: 33_000, owedCents: 33_000, status: "owed" });
    expect(relined.json.lineItems.map((l: any) => l.label)).toEqual(["Indemnity payment", "Outside counsel"]);
    expect(linesOf(await journal(f, relined.json.headJournalId))).toEqual([
      ["line_item", "credit", 5_000],
      ["payable", "debit", 5_000],
      ["line_item", "debit", 8_000],
      ["payable", "credit", 8_000],
    ]);
    expectError(
      await f.call("PATCH", `/financials/invoices/${invoice.id}`, {
        dueDate: day("2026-05-01"),
        headJournalId: invoice.headJournalId,
      }),
      409,
      "INVOICE_HEAD_STALE",
    );
  });

  it("with nothing paid, moves to another category or payee in two entries: all out, then all in", async () => {
    const f = await setUpFinancials();
    const invoice = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 30_000]]));
    const otherPerson = await f.person();
    const moved = await f.call("PATCH", `/financials/invoices/${invoice.id}`, {
      payee: { entityType: "person", entityId: otherPerson },
      lineItems: [{ lineItemTypeId: f.ids.types["Adjuster fee"], amountCents: 12_000 }],
    });
    expect(moved.json).toMatchObject({ categoryId: f.ids.categories.Expense, totalCents: 12_000 });
    const entries = (await f.call("GET", `/financials/journal?invoiceId=${invoice.id}`)).json.items;
    expect(entries.map((e: any) => e.kind)).toEqual(["invoice_created", "invoice_updated", "invoice_updated"]);
    expect(entries[1].scopes[1]).toEqual({ entityType: "payee", entityId: f.personId });
    expect(linesOf(entries[1])).toEqual([
      ["line_item", "credit", 30_000],
      ["payable", "debit", 30_000],
    ]);
    expect(entries[2].scopes[1]).toEqual({ entityType: "payee", entityId: otherPerson });
    expect(linesOf(entries[2])).toEqual([
      ["line_item", "debit", 12_000],
      ["payable", "credit", 12_000],
    ]);
    expect(moved.json.headJournalId).toBe(entries[2].journalId);
    expect(await balancesOf(f, { entityType: "payee", entityId: f.personId })).toEqual({ categories: [], cash: null });
    const event = await balancesOf(f, { entityType: "event", entityId: f.eventId });
    expect(event.categories.map((c: any) => [c.name, c.owedCents])).toEqual([["Expense", 12_000]]);
  });

  it("while anything is paid, needs invoice.edit-paid and keeps category, payee and a total covering the paid", async () => {
    const f = await setUpFinancials();
    const invoice = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 30_000]]));
    await f.call("POST", `/financials/invoices/${invoice.id}/payments`, { amountCents: 10_000 });
    const editor = await f.company.key([], ["invoice.edit", "invoice.delete", "invoice.view"]);
    const patch = { dueDate: day("2026-06-01") };
    expectError(
      await f.call("PATCH", `/financials/invoices/${invoice.id}`, patch, editor),
      403,
      "AuthorizationError",
      "User is not authorized to perform the requested action",
    );
    expectError(
      await f.call("DELETE", `/financials/invoices/${invoice.id}`, undefined, editor),
      403,
      "AuthorizationError",
    );
    const finance = await f.company.key(["Finance"]);
    expect((await f.call("PATCH", `/financials/invoices/${invoice.id}`, patch, finance)).status).toBe(200);

    const category = await f.call("PATCH", `/financials/invoices/${invoice.id}`, {
      lineItems: [{ lineItemTypeId: f.ids.types["Adjuster fee"], amountCents: 30_000 }],
      payee: { entityType: "person", entityId: await f.person() },
    });
    expect(expectError(category, 422, "INVOICE_INVALID").details.map((d) => d.field)).toEqual(["lineItems", "payee"]);
    const below = await f.call("PATCH", `/financials/invoices/${invoice.id}`, {
      lineItems: [{ lineItemTypeId: f.ids.types["Indemnity payment"], amountCents: 9_999 }],
    });
    expect(expectError(below, 422, "INVOICE_INVALID").details[0]?.field).toBe("lineItems");

    // Relined with 10,000 paid: 20,000 + 20,000 (T = 40,000): shares 5,000 and 5,000; cash untouched.
    const relined = await f.call("PATCH", `/financials/invoices/${invoice.id}`, {
      lineItems: [
        { lineItemTypeId: f.ids.types["Indemnity payment"], amountCents: 20_000 },
        { lineItemTypeId: f.ids.types["Legal fee"], amountCents: 20_000 },
      ],
    });
    expect(relined.json).toMatchObject({
      totalCents: 40_000,
      paidCents: 10_000,
      owedCents: 30_000,
      status: "partially_paid",
    });
    const entry = await journal(f, relined.json.headJournalId);
    expect(entry.lines.some((l: any) => l.role === "cash")).toBe(false);
    const event = await balancesOf(f, { entityType: "event", entityId: f.eventId });
    expect(event.categories[0].accounts.map((a: any) => [a.displayName, a.amountCents])).toEqual([
      ["Indemnity payment", 20_000],
      ["Indemnity payment payable", 15_000],
      ["Legal fee", 20_000],
      ["Legal fee payable", 15_000],
    ]);
    expectBalanced(event);
  });

  it("refuses a void invoice (409), unknown invoices (404) and unknown members (400)", async () => {
    const f = await setUpFinancials();
    const invoice = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 100]]));
    await f.call("POST", `/financials/invoices/${invoice.id}/void`, {});
    expectError(
      await f.call("PATCH", `/financials/invoices/${invoice.id}`, { dueDate: day("2026-01-01") }),
      409,
      "INVOICE_STATUS_CONFLICT",
    );
    expectError(
      await f.call("PATCH", "/financials/invoices/00000000-0000-4000-8000-000000000009", {
        dueDate: day("2026-01-01"),
      }),
      404,
      "NotFoundError",
    );
    expectError(
      await f.call("PATCH", `/financials/invoices/${invoice.id}`, { status: "paid" }),
      400,
      "VALIDATION_ERROR",
    );
  });
});
