import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { POLICY_CONFIGURATION } from "../policies/helpers";
import { operationCalls, recordD1Calls } from "../support/d1-calls";
import { expectError } from "../support/harness";
import { must } from "../support/must";
import {
  balancesOf,
  categoryNamed,
  claimInvoice,
  createInvoice,
  expectBalanced,
  FINANCIALS,
  type FinancialsFixture,
  setUpFinancials,
} from "./helpers";

/**
 * Invoice creates on a warm company object (issue 16: 1 batch per serialized write): the object keeps the
 * ledger as its last invoice create left it, and the invoice's insert requires its event and payee. Whatever
 * moved behind the object's back, the answer is the one a create reading everything would give.
 */

const countOf = async (table: string, companyId: string) =>
  must(
    await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE company_id = ?`)
      .bind(companyId)
      .first<{ n: number }>(),
  ).n;

const sequenceOfEntry = async (id: string) =>
  must(await env.DB.prepare("SELECT sequence FROM journal_entries WHERE id = ?").bind(id).first<{ sequence: number }>())
    .sequence;

/** The company's payment sequences, lowest first, as D1 holds them. */
const paymentSequences = async (companyId: string) =>
  (
    await env.DB.prepare("SELECT sequence FROM payments WHERE company_id = ? ORDER BY sequence")
      .bind(companyId)
      .all<{ sequence: number }>()
  ).results.map((row) => row.sequence);

async function warmedUp() {
  const f = await setUpFinancials();
  const first = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 10_000]]));
  return { f, first };
}

async function expectNothingWritten(f: FinancialsFixture, before: { invoices: number; journal: number }) {
  expect(await countOf("invoices", f.company.id)).toBe(before.invoices);
  expect(await countOf("journal_entries", f.company.id)).toBe(before.journal);
}

describe("invoice create on a warm company object", () => {
  it("reads nothing: one D1 batch writes the entry, its scopes, the balances and the invoice", async () => {
    const { f } = await warmedUp();
    const { result, calls } = await recordD1Calls(() => createInvoice(f, claimInvoice(f, [["Legal fee", 2_500]])));
    expect(result).toMatchObject({ totalCents: 2_500, status: "owed" });
    const made = operationCalls(calls);
    expect(
      made.map((call) => call.kind),
      JSON.stringify(made),
    ).toEqual(["batch"]);
    expect(made[0]?.statements.every((text) => /^insert /i.test(text))).toBe(true);
    expect(made[0]?.statements.some((text) => /^insert into "invoices"/i.test(text))).toBe(true);
    expectBalanced(await balancesOf(f));
  });

  it("names every problem of a refused draft, as a cold object does, and keeps the ledger for the next create", async () => {
    const { f } = await warmedUp();
    const res = await f.call("POST", "/financials/invoices", {
      ...claimInvoice(f, [
        ["Indemnity payment", 100],
        ["Uncategorised", 5],
        ["Adjuster fee", -500],
      ]),
      entityId: "00000000-0000-4000-8000-000000000009",
      payee: { entityType: "organization", entityId: f.personId },
    });
    expect(expectError(res, 422, "INVOICE_INVALID").details.map((d) => d.field)).toEqual([
      "entityId",
      "lineItems[1].lineItemTypeId",
      "lineItems",
      "lineItems",
      "payee.entityId",
    ]);
    const { calls } = await recordD1Calls(() => createInvoice(f, claimInvoice(f, [["Legal fee", 2_500]])));
    expect(operationCalls(calls).map((call) => call.kind)).toEqual(["batch"]);
  });

  it("refuses an event removed behind its back (422 entityId), writing nothing", async () => {
    const { f } = await warmedUp();
    const event = await f.event();
    await createInvoice(f, { ...claimInvoice(f, [["Indemnity payment", 100]]), entityId: event });
    await env.DB.prepare("DELETE FROM entities WHERE id = ?").bind(event).run();
    const before = {
      invoices: await countOf("invoices", f.company.id),
      journal: await countOf("journal_entries", f.company.id),
    };
    const res = await f.call("POST", "/financials/invoices", {
      ...claimInvoice(f, [["Indemnity payment", 100]]),
      entityId: event,
    });
    expect(expectError(res, 422, "INVOICE_INVALID").details).toEqual([
      { field: "entityId", message: "is not an event of this company" },
    ]);
    await expectNothingWritten(f, before);
    // The object read the ledger again and keeps posting after it.
    const next = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 300]]));
    expect(await sequenceOfEntry(next.headJournalId)).toBe(before.journal + 1);
    expectBalanced(await balancesOf(f));
  });

  it("refuses a payee that is not a record of its type (422 payee.entityId), writing nothing", async () => {
    const { f } = await warmedUp();
    const before = {
      invoices: await countOf("invoices", f.company.id),
      journal: await countOf("journal_entries", f.company.id),
    };
    const asOrganization = await f.call("POST", "/financials/invoices", {
      ...claimInvoice(f, [["Indemnity payment", 100]]),
      payee: { entityType: "organization", entityId: f.personId },
    });
    expect(expectError(asOrganization, 422, "INVOICE_INVALID").details).toEqual([
      { field: "payee.entityId", message: "is not an organization of this company" },
    ]);
    const person = await f.person();
    await env.DB.prepare("DELETE FROM entities WHERE id = ?").bind(person).run();
    const removed = await f.call("POST", "/financials/invoices", {
      ...claimInvoice(f, [["Indemnity payment", 100]]),
      payee: { entityType: "person", entityId: person },
    });
    expect(expectError(removed, 422, "INVOICE_INVALID").details).toEqual([
      { field: "payee.entityId", message: "is not a person of this company" },
    ]);
    await expectNothingWritten(f, before);
  });

  it("posts after the journal and the invoices when they moved behind its back", async () => {
    const { f, first } = await warmedUp();
    const last = await sequenceOfEntry(first.headJournalId);
    // Another writer's entry and invoice took the next numbers: the kept ones are now taken.
    await env.DB.batch([
      env.DB.prepare("UPDATE journal_entries SET sequence = sequence + 1 WHERE id = ?").bind(first.headJournalId),
      env.DB.prepare("UPDATE journal_entry_scopes SET sequence = sequence + 1 WHERE journal_id = ?").bind(
        first.headJournalId,
      ),
      env.DB.prepare("UPDATE invoices SET sequence = sequence + 1 WHERE id = ?").bind(first.id),
    ]);
    const next = await createInvoice(f, claimInvoice(f, [["Adjuster fee", 700]]));
    expect(await sequenceOfEntry(next.headJournalId)).toBe(last + 2);
    const sequences = await env.DB.prepare("SELECT id, sequence FROM invoices WHERE company_id = ? ORDER BY sequence")
      .bind(f.company.id)
      .all<{ id: string; sequence: number }>();
    expect(sequences.results).toEqual([
      { id: first.id, sequence: 2 },
      { id: next.id, sequence: 3 },
    ]);
    expectBalanced(await balancesOf(f));
  });

  it("a payment on an invoice the object created or paid last reads nothing, and keeps the ledger for a create", async () => {
    const { f, first } = await warmedUp();
    const pay = (cents: number) =>
      f.call("POST", `/financials/invoices/${first.id}/payments`, { amountCents: cents }).then((res) => {
        expect(res.status, res.text).toBe(201);
        return res.json;
      });
    // The create kept the invoice, not its event's balances: the first payment reads them (one read batch).
    const cold = await recordD1Calls(() => pay(1_000));
    const coldCalls = operationCalls(cold.calls);
    expect(coldCalls.map((call) => call.kind)).toEqual(["batch", "batch"]);
    // Not the accounts, nor the journal's last sequence: the kept ledger has them.
    expect(coldCalls[0]?.statements.filter((text) => /from "(financial_accounts|journal_entries)"/.test(text))).toEqual(
      [],
    );
    const warm = await recordD1Calls(() => pay(2_000));
    const made = operationCalls(warm.calls);
    expect(
      made.map((call) => call.kind),
      JSON.stringify(made),
    ).toEqual(["batch"]);
    expect(made[0]?.statements.every((text) => /^(insert|update) /i.test(text))).toBe(true);
    // The answer is what D1 holds.
    expect(warm.result.invoice).toEqual((await f.call("GET", `/financials/invoices/${first.id}`)).json);
    expect(warm.result.invoice).toMatchObject({ paidCents: 3_000, owedCents: 7_000, status: "partially_paid" });
    expect(warm.result.invoice.payments.map((p: any) => p.amountCents)).toEqual([1_000, 2_000]);
    // The payment gave the ledger back with the invoices' sequence the create left: a create reads nothing.
    const created = await recordD1Calls(() => createInvoice(f, claimInvoice(f, [["Legal fee", 100]])));
    expect(operationCalls(created.calls).map((call) => call.kind)).toEqual(["batch"]);
    expect(await paymentSequences(f.company.id)).toEqual([1, 2]);
    expectBalanced(await balancesOf(f));
  });

  it("erodes the event's reserves from the balances it keeps, and reads them again after a reserves change", async () => {
    // Worked example in dollars (the calls in cents), Indemnity being reserved: an expected total of 10,000.00
    // sets reserves of 10,000.00 (nothing paid). Invoice A 6,000.00 paid in full erodes min(6,000, 10,000) =
    // 6,000 -> reserves 4,000. Invoice B 8,000.00 (created on the warm object, its postings added to the
    // event's kept balances). Pay B 3,000.00: erodes min(3,000, 4,000) = 3,000 -> 1,000. Pay B 5,000.00:
    // erodes min(5,000, 1,000) = 1,000 -> 0; paid 14,000.00. Expected total 20,000.00: reserves 20,000 -
    // 14,000 = 6,000. Invoice C 5,000.00 paid in full: erodes min(5,000, 6,000) = 5,000 -> reserves 1,000,
    // paid 19,000.00.
    const f = await setUpFinancials();
    const indemnity = must(f.ids.categories.Indemnity);
    const reserves = (expectedTotalCents: number) =>
      f.call("PUT", `/financials/events/${f.eventId}/reserves/${indemnity}`, { expectedTotalCents });
    expect((await reserves(1_000_000)).status).toBe(200);
    const a = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 600_000]]));
    const figures = async () =>
      categoryNamed(await balancesOf(f, { entityType: "event", entityId: f.eventId }), "Indemnity");
    /** The payment's D1 calls, and the event's Indemnity reserves and paid cents after it. */
    const pay = async (invoiceId: string, amountCents: number) => {
      const { result, calls } = await recordD1Calls(() =>
        f.call("POST", `/financials/invoices/${invoiceId}/payments`, { amountCents }),
      );
      expect(result.status, result.text).toBe(201);
      const { reservesCents, paidCents } = await figures();
      return { calls: operationCalls(calls).map((call) => call.kind), reservesCents, paidCents };
    };

    expect(await pay(a.id, 600_000)).toEqual({ calls: ["batch", "batch"], reservesCents: 400_000, paidCents: 600_000 });
    const b = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 800_000]]));
    expect(await pay(b.id, 300_000)).toEqual({ calls: ["batch"], reservesCents: 100_000, paidCents: 900_000 });
    expect(await pay(b.id, 500_000)).toEqual({ calls: ["batch"], reservesCents: 0, paidCents: 1_400_000 });
    expect(await figures()).toMatchObject({ expectedTotalCents: 1_400_000 });

    expect((await reserves(2_000_000)).json.reservesCents).toBe(600_000);
    const c = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 500_000]]));
    expect(await pay(c.id, 500_000)).toEqual({
      calls: ["batch", "batch"],
      reservesCents: 100_000,
      paidCents: 1_900_000,
    });
    expect(await figures()).toMatchObject({ expectedTotalCents: 2_000_000 });
    expectBalanced(await balancesOf(f, { entityType: "event", entityId: f.eventId }));
    expectBalanced(await balancesOf(f));
  });

  it("pays from what D1 holds when the invoice changed behind its back", async () => {
    const { f, first } = await warmedUp();
    const paid = await f.call("POST", `/financials/invoices/${first.id}/payments`, { amountCents: 1_000 });
    expect(paid.status, paid.text).toBe(201);
    await env.DB.prepare("UPDATE invoices SET due_date = ?, revision = revision + 1 WHERE id = ?")
      .bind(JSON.stringify({ date: "2026-04-30", timezone: "America/New_York" }), first.id)
      .run();
    const again = await f.call("POST", `/financials/invoices/${first.id}/payments`, { amountCents: 500 });
    expect(again.status, again.text).toBe(201);
    expect(again.json.invoice).toMatchObject({
      dueDate: { date: "2026-04-30" },
      paidCents: 1_500,
      owedCents: 8_500,
      status: "partially_paid",
    });
    expect(again.json.invoice.payments.map((p: any) => p.amountCents)).toEqual([1_000, 500]);
    expect(await paymentSequences(f.company.id)).toEqual([1, 2]);
    expectBalanced(await balancesOf(f));
  });

  it("answers 404 for an invoice removed behind its back, writing nothing", async () => {
    const { f, first } = await warmedUp();
    const paid = await f.call("POST", `/financials/invoices/${first.id}/payments`, { amountCents: 1_000 });
    expect(paid.status, paid.text).toBe(201);
    await env.DB.batch([
      env.DB.prepare("DELETE FROM payments WHERE invoice_id = ?").bind(first.id),
      env.DB.prepare("DELETE FROM invoices WHERE id = ?").bind(first.id),
    ]);
    const before = await countOf("journal_entries", f.company.id);
    const res = await f.call("POST", `/financials/invoices/${first.id}/payments`, { amountCents: 500 });
    expectError(res, 404, "NotFoundError");
    expect(await countOf("journal_entries", f.company.id)).toBe(before);
    expect(await countOf("payments", f.company.id)).toBe(0);
  });

  it("stops keeping an invoice past 100 payments (its payments are read with it again)", async () => {
    const { f, first } = await warmedUp();
    const pay = async () => {
      const { result, calls } = await recordD1Calls(() =>
        f.call("POST", `/financials/invoices/${first.id}/payments`, { amountCents: 1 }),
      );
      expect(result.status, result.text).toBe(201);
      return { listed: result.json.invoice.payments.length, calls: operationCalls(calls).map((call) => call.kind) };
    };
    for (let n = 1; n <= 100; n++) await pay();
    // Kept with its 100 payments: the 101st reads nothing; kept no more with 101: the 102nd reads them.
    expect(await pay()).toEqual({ listed: 101, calls: ["batch"] });
    expect(await pay()).toEqual({ listed: 102, calls: ["batch", "batch"] });
    expect((await f.call("GET", `/financials/invoices/${first.id}`)).json).toMatchObject({ paidCents: 102 });
  });

  it("answers 404 to another company's key paying this company's kept invoice, writing nothing", async () => {
    const { f, first } = await warmedUp();
    expect((await f.call("POST", `/financials/invoices/${first.id}/payments`, { amountCents: 1_000 })).status).toBe(
      201,
    );
    // The other company's object is warm too, with an invoice of its own kept.
    const other = await warmedUp();
    expect(
      (await other.f.call("POST", `/financials/invoices/${other.first.id}/payments`, { amountCents: 1_000 })).status,
    ).toBe(201);
    const res = await other.f.call("POST", `/financials/invoices/${first.id}/payments`, { amountCents: 500 });
    expectError(res, 404, "NotFoundError", "Not found");
    expect(await countOf("payments", f.company.id)).toBe(1);
    expect((await f.call("GET", `/financials/invoices/${first.id}`)).json).toMatchObject({ paidCents: 1_000 });
  });

  it("keeps the ledger through a refused payment", async () => {
    const { f, first } = await warmedUp();
    expect((await f.call("POST", `/financials/invoices/${first.id}/payments`, { amountCents: 1_000 })).status).toBe(
      201,
    );
    const refused = await f.call("POST", `/financials/invoices/${first.id}/payments`, { amountCents: 9_001 });
    expect(refused.status, refused.text).toBe(422);
    const { result, calls } = await recordD1Calls(() =>
      f.call("POST", `/financials/invoices/${first.id}/payments`, { amountCents: 9_000 }),
    );
    expect(result.status, result.text).toBe(201);
    expect(result.json.invoice).toMatchObject({ paidCents: 10_000, owedCents: 0, status: "paid" });
    expect(operationCalls(calls).map((call) => call.kind)).toEqual(["batch"]);
  });

  it("records a payment after the payments and the journal moved behind its back", async () => {
    const { f, first } = await warmedUp();
    const paid = await f.call("POST", `/financials/invoices/${first.id}/payments`, { amountCents: 1_000 });
    expect(paid.status, paid.text).toBe(201);
    const lastEntry = await sequenceOfEntry(paid.json.invoice.headJournalId);
    await env.DB.batch([
      env.DB.prepare("UPDATE payments SET sequence = sequence + 1 WHERE company_id = ?").bind(f.company.id),
      env.DB.prepare("UPDATE journal_entries SET sequence = sequence + 1 WHERE id = ?").bind(
        paid.json.invoice.headJournalId,
      ),
      env.DB.prepare("UPDATE journal_entry_scopes SET sequence = sequence + 1 WHERE journal_id = ?").bind(
        paid.json.invoice.headJournalId,
      ),
    ]);
    const again = await f.call("POST", `/financials/invoices/${first.id}/payments`, { amountCents: 500 });
    expect(again.status, again.text).toBe(201);
    expect(again.json.invoice).toMatchObject({ paidCents: 1_500, owedCents: 8_500, status: "partially_paid" });
    expect(await sequenceOfEntry(again.json.invoice.headJournalId)).toBe(lastEntry + 2);
    expect(await paymentSequences(f.company.id)).toEqual([2, 3]);
    expectBalanced(await balancesOf(f));
  });

  it("starts the ledger over after financials/deleteAll", async () => {
    const { f } = await warmedUp();
    expect((await f.call("POST", "/financials/deleteAll")).status).toBe(200);
    const after = await createInvoice(f, claimInvoice(f, [["Indemnity payment", 900]]));
    expect(await sequenceOfEntry(after.headJournalId)).toBe(1);
    const journal = (await f.call("GET", "/financials/journal")).json;
    expect(journal.totalCount).toBe(1);
    // Its accounts were created anew, so the entry's lines name accounts that exist.
    const accounts = await countOf("financial_accounts", f.company.id);
    expect(accounts).toBe(2);
    expect(categoryCents(await balancesOf(f))).toBe(900);
  });

  it("uses a line item type an import added after the object kept the catalog", async () => {
    const { f } = await warmedUp();
    const added = {
      name: "Storage fee",
      direction: "payable",
      category: "Expense",
      allowedOn: [{ invoiceType: "Claim invoice" }],
    };
    const financials = {
      ...FINANCIALS,
      policyFinancials: {
        ...FINANCIALS.policyFinancials,
        lineItemTypes: [...FINANCIALS.policyFinancials.lineItemTypes, added],
      },
    };
    const imported = await f.call("POST", "/configuration/import", { ...POLICY_CONFIGURATION, financials });
    expect(imported.status, imported.text).toBe(200);
    const types = (await f.call("GET", "/financials/configuration")).json.lineItemTypes;
    const storage = must(types.find((t: any) => t.name === "Storage fee")).lineItemTypeId;
    const invoice = await createInvoice(f, {
      ...claimInvoice(f, []),
      lineItems: [{ lineItemTypeId: storage, amountCents: 4_200 }],
    });
    expect(invoice).toMatchObject({ totalCents: 4_200, categoryId: f.ids.categories.Expense });
  });
});

const categoryCents = (balances: any) =>
  balances.categories.reduce((sum: number, category: any) => sum + category.owedCents, 0);
