import { describe, expect, it } from "vitest";
import { nextTimestamp } from "../policies/helpers";
import { eventually, expectError, staff } from "../support/harness";
import { must } from "../support/must";
import { balancesOf, categoryNamed, day, expectBalanced, setUpFinancials } from "./helpers";
import { applyPlan, batchPath, conservingCreates, newPolicy, planInvoice } from "./plan-helpers";

const NOT_AUTHORIZED = "User is not authorized to perform the requested action";
const SWITCHED_OFF = "Policy financials are not enabled for this company";

/** Invoice plans on policies (CONTRACT section 7.7) through `POST P/financials/policies/{policyId}/invoices/batch`. */

describe("the invoice batch", () => {
  it("creates policy-linked invoices that conserve the policy's pricing", async () => {
    const f = await setUpFinancials();
    const policyId = await newPolicy(f);
    const result = await applyPlan(f, policyId, { voidInvoices: [], createInvoices: conservingCreates(f) });
    expect(result.policyId).toBe(policyId);
    expect(result.voided).toEqual([]);
    expect(result.created).toHaveLength(2);
    expect(result.active).toEqual(result.created.map((i: any) => i.id));
    const [premium, commission] = result.created;
    expect(premium).toMatchObject({
      entityType: "policy",
      entityId: policyId,
      policyLinked: true,
      invoiceType: "Premium invoice",
      direction: "receivable",
      categoryId: f.ids.categories.Premium,
      totalCents: 126_000,
      status: "owed",
    });
    expect(premium.lineItems.map((l: any) => l.label)).toEqual(["Gross premium", "Premium tax"]);
    expect(commission).toMatchObject({
      direction: "payable",
      totalCents: 12_000,
      categoryId: f.ids.categories.Commission,
    });
    // Receivable: Dr receivable / Cr line item.
    const entry = (await f.call("GET", `/financials/journal/${premium.headJournalId}`)).json;
    expect(entry.scopes).toEqual([
      { entityType: "policy", entityId: policyId },
      { entityType: "payee", entityId: f.personId },
    ]);
    expect(entry.lines.map((l: any) => [l.role, l.side, l.amountCents])).toEqual([
      ["line_item", "credit", 120_000],
      ["receivable", "debit", 120_000],
      ["line_item", "credit", 6_000],
      ["receivable", "debit", 6_000],
    ]);
    const balances = await balancesOf(f, { entityType: "policy", entityId: policyId });
    expect(categoryNamed(balances, "Premium")).toMatchObject({ owedCents: 126_000, paidCents: 0, reservesCents: null });
    expectBalanced(balances);
    const listed = (await f.call("GET", `/financials/invoices?entityType=policy&entityId=${policyId}`)).json;
    expect(listed.totalCount).toBe(2);
  });

  it("takes a batchId at the body's root into the audit log, like every mutation body", async () => {
    const f = await setUpFinancials();
    const policyId = await newPolicy(f);
    const result = await applyPlan(f, policyId, {
      voidInvoices: [],
      createInvoices: conservingCreates(f),
      batchId: "billing-run-7",
    });
    expect(result.created).toHaveLength(2);
    const audit = await eventually(
      async () => (await f.call("GET", "/audit-log?batchId=billing-run-7")).json.items,
      (items) => items.length > 0,
    );
    expect(audit.map((row: any) => [row.action, row.status])).toEqual([["applyPolicyInvoiceBatch", 200]]);
  });

  it("refuses a plan that does not conserve: one detail per differing kind with both figures", async () => {
    const f = await setUpFinancials();
    const policyId = await newPolicy(f);
    const res = await f.call("POST", batchPath(policyId), {
      voidInvoices: [],
      createInvoices: [
        planInvoice(f, [
          ["Gross premium", 100_000],
          ["Policy fee", 500],
        ]),
      ],
    });
    const error = expectError(res, 422, "INVOICE_PLAN_NOT_CONSERVING");
    expect(error.details).toEqual([
      { field: "Premium", message: "billed 100000 cents but priced 120000 cents" },
      { field: "Taxes", message: "billed 0 cents but priced 6000 cents" },
      { field: "Fees", message: "billed 500 cents but priced 0 cents" },
      { field: "BrokerCommission", message: "billed 0 cents but priced 12000 cents" },
    ]);
    expect((await f.call("GET", "/financials/invoices")).json.totalCount).toBe(0);
    expect((await f.call("GET", "/financials/journal")).json.totalCount).toBe(0);
  });

  it("restructures: voids cite the current head, creates replace them, kinds count by direction", async () => {
    const f = await setUpFinancials();
    const policyId = await newPolicy(f);
    const first = await applyPlan(f, policyId, { voidInvoices: [], createInvoices: conservingCreates(f) });
    const [premium, commission] = first.created;
    // Premium as two installments: 60,000 + 6,000 tax now, 60,000 later; plus 20,000 more gross premium
    // offset by a 20,000 return-premium line (payable, so it counts against Premium): still 120,000.
    const second = await applyPlan(f, policyId, {
      keep: [commission.id],
      voidInvoices: [{ invoiceId: premium.id, headJournalId: premium.headJournalId }],
      createInvoices: [
        planInvoice(f, [
          ["Gross premium", 60_000],
          ["Premium tax", 6_000],
        ]),
        planInvoice(f, [["Gross premium", 80_000]], { dueDate: day("2026-07-31") }),
        planInvoice(f, [["Return premium", 20_000]], { invoiceType: "Commission statement" }),
      ],
    });
    expect(second.voided).toEqual([premium.id]);
    expect(second.active).toEqual([commission.id, ...second.created.map((i: any) => i.id)]);
    const voided = (await f.call("GET", `/financials/invoices/${premium.id}`)).json;
    expect(voided).toMatchObject({ status: "void", owedCents: 0 });
    const stale = await f.call("POST", batchPath(policyId), {
      voidInvoices: [{ invoiceId: commission.id, headJournalId: premium.headJournalId }],
      createInvoices: [planInvoice(f, [["Broker commission", 12_000]], { invoiceType: "Commission statement" })],
    });
    expect(expectError(stale, 409, "INVOICE_HEAD_STALE").details[0]?.field).toBe("headJournalId");
    expectBalanced(await balancesOf(f, { entityType: "policy", entityId: policyId }));
    expectBalanced(await balancesOf(f));
  });

  it("names each invalid entry (422 INVOICE_PLAN_INVALID), changing nothing", async () => {
    const f = await setUpFinancials();
    const policyId = await newPolicy(f);
    const { created } = await applyPlan(f, policyId, { voidInvoices: [], createInvoices: conservingCreates(f) });
    const [premium, commission] = created;
    await f.call("POST", `/financials/invoices/${commission.id}/payments`, { amountCents: 100 });
    const otherPolicy = await newPolicy(f);
    const unknown = "00000000-0000-4000-8000-000000000009";
    const res = await f.call("POST", batchPath(otherPolicy), {
      keep: [premium.id],
      voidInvoices: [
        { invoiceId: premium.id, headJournalId: premium.headJournalId },
        { invoiceId: premium.id, headJournalId: premium.headJournalId },
      ],
      createInvoices: [
        planInvoice(f, [["Gross premium", 1]]),
        planInvoice(f, [["Gross premium", 0]], { invoiceType: "Claim invoice" }),
        { ...planInvoice(f, []), lineItems: [{ lineItemTypeId: unknown, amountCents: 5 }] },
      ],
    });
    const fields = expectError(res, 422, "INVOICE_PLAN_INVALID").details.map((d) => d.field);
    expect(fields).toEqual([
      "voidInvoices[0]",
      "voidInvoices[1]",
      "keep[0]",
      "createInvoices[1].invoiceType",
      "createInvoices[1].lineItems",
      "createInvoices[2].lineItems[0].lineItemTypeId",
    ]);
    const withPayments = await f.call("POST", batchPath(policyId), {
      voidInvoices: [{ invoiceId: commission.id, headJournalId: commission.headJournalId }],
      createInvoices: [],
    });
    expect(expectError(withPayments, 422, "INVOICE_PLAN_INVALID").details[0]).toEqual({
      field: "voidInvoices[0]",
      message: "has payments: an invoice with payments is kept",
    });
    const keepMissing = await f.call("POST", batchPath(policyId), {
      keep: [premium.id],
      voidInvoices: [],
      createInvoices: [],
    });
    expect(expectError(keepMissing, 422, "INVOICE_PLAN_INVALID").details).toEqual([
      { field: "keep", message: `does not name active invoice ${commission.id} (keep or void it)` },
    ]);
    expect((await f.call("GET", `/financials/invoices?entityType=policy&entityId=${policyId}`)).json.totalCount).toBe(
      2,
    );
  });

  it("takes a credit note (negative total) settled by a refund", async () => {
    const f = await setUpFinancials();
    const policyId = await newPolicy(f);
    const { created } = await applyPlan(f, policyId, {
      voidInvoices: [],
      createInvoices: [
        ...conservingCreates(f).map((c, i) =>
          i === 0
            ? planInvoice(f, [
                ["Gross premium", 130_000],
                ["Premium tax", 6_000],
              ])
            : c,
        ),
        planInvoice(f, [["Gross premium", -10_000]], { issueDate: day("2026-02-01") }),
      ],
    });
    const credit = must(created[2]);
    expect(credit).toMatchObject({ totalCents: -10_000, owedCents: -10_000, status: "owed" });
    expectError(
      await f.call("POST", `/financials/invoices/${credit.id}/payments`, { amountCents: 100 }),
      422,
      "PAYMENT_INVALID",
    );
    expectError(
      await f.call("POST", `/financials/invoices/${credit.id}/payments`, { amountCents: -10_001 }),
      422,
      "PAYMENT_EXCEEDS_OWED",
    );
    const part = await f.call("POST", `/financials/invoices/${credit.id}/payments`, { amountCents: -4_000 });
    expect(part.json.invoice).toMatchObject({ status: "partially_paid", paidCents: -4_000, owedCents: -6_000 });
    const rest = await f.call("POST", `/financials/invoices/${credit.id}/payments`, { amountCents: -6_000 });
    expect(rest.json.invoice).toMatchObject({ status: "paid", owedCents: 0 });
    // A refund pays money out of a receivable: cash falls by 10,000.
    const balances = await balancesOf(f, { entityType: "policy", entityId: policyId });
    expect(balances.cash.amountCents).toBe(-10_000);
    expectBalanced(balances);
  });

  it("conserves against written, not full-term, pricing: a policy cancelled mid-term bills less", async () => {
    const f = await setUpFinancials();
    const policyId = await newPolicy(f);
    const cancelled = await f.call("POST", `/policies/${policyId}/transaction/cancel`, {
      transactionTimestamp: nextTimestamp(),
      displayAuthor: "Canceller",
      effectiveDate: day("2026-07-02"),
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    // 2026-01-01 to 2026-07-02 is 182 of 365 days: 120,000 x 182 / 365 = 59,835.6..., 6,000 x 182 / 365 =
    // 2,991.7..., 12,000 x 182 / 365 = 5,983.5...; the figures the earned-premium report writes.
    const report = (await f.call("GET", `/policies/earned-premium?asOf=2027-01-01&policyId=${policyId}`)).json;
    const written = (kind: string) => report.items[0].byKind[kind].writtenCents;
    expect(written("Premium")).toBeGreaterThanOrEqual(59_835);
    expect(written("Premium")).toBeLessThanOrEqual(59_836);
    const full = await f.call("POST", batchPath(policyId), { voidInvoices: [], createInvoices: conservingCreates(f) });
    expectError(full, 422, "INVOICE_PLAN_NOT_CONSERVING");
    await applyPlan(f, policyId, {
      voidInvoices: [],
      createInvoices: [
        planInvoice(f, [
          ["Gross premium", written("Premium")],
          ["Premium tax", written("Taxes")],
        ]),
        planInvoice(f, [["Broker commission", written("BrokerCommission")]], { invoiceType: "Commission statement" }),
      ],
    });
  });

  it("answers 404 for an unknown policy, 400 for a bad shape, 403 without invoice.edit", async () => {
    const f = await setUpFinancials();
    const unknown = "00000000-0000-4000-8000-000000000009";
    expectError(
      await f.call("POST", batchPath(unknown), { voidInvoices: [], createInvoices: [] }),
      404,
      "NotFoundError",
    );
    const policyId = await newPolicy(f);
    expectError(await f.call("POST", batchPath(policyId), { createInvoices: [] }), 400, "VALIDATION_ERROR");
    expectError(
      await f.call("POST", batchPath(policyId), { voidInvoices: [], createInvoices: [], author: "me" }),
      400,
      "VALIDATION_ERROR",
    );
    const viewer = await f.company.key(["ReadOnly"]);
    expectError(
      await f.call("POST", batchPath(policyId), { voidInvoices: [], createInvoices: [] }, viewer),
      403,
      "AuthorizationError",
    );
    // An empty plan on a policy with no invoices is fine (nothing to conserve).
    expect(await applyPlan(f, policyId, { voidInvoices: [], createInvoices: [] })).toEqual({
      policyId,
      voided: [],
      created: [],
      active: [],
    });
  });

  it("answers the policy financials switch's 403 whoever asks, before the permission and the body", async () => {
    const f = await setUpFinancials();
    const policyId = await newPolicy(f);
    const viewer = await f.company.key(["ReadOnly"]);
    const plan = { voidInvoices: [], createInvoices: conservingCreates(f) };
    const invoiceCount = async () =>
      (await f.call("GET", `/financials/invoices?entityType=policy&entityId=${policyId}`)).json.totalCount;
    expectError(await f.call("POST", batchPath(policyId), plan, viewer), 403, "AuthorizationError", NOT_AUTHORIZED);

    await staff("PATCH", `/admin/companies/${f.company.id}`, { features: { policyFinancials: false } });
    // CONTRACT 7.1 and 7.7 ("403 gate and permissions"): the switch answers first, as for a policy transaction.
    for (const [body, caller] of [
      [plan, viewer],
      [{ createInvoices: [], author: "me" }, viewer],
      [{ createInvoices: [], author: "me" }, undefined],
    ] as const) {
      expectError(await f.call("POST", batchPath(policyId), body, caller), 403, "AuthorizationError", SWITCHED_OFF);
    }
    expectError(
      await f.call("POST", batchPath(crypto.randomUUID()), plan, viewer),
      403,
      "AuthorizationError",
      SWITCHED_OFF,
    );
    expect(await invoiceCount()).toBe(0);

    await staff("PATCH", `/admin/companies/${f.company.id}`, { features: { policyFinancials: true } });
    expectError(await f.call("POST", batchPath(policyId), plan, viewer), 403, "AuthorizationError", NOT_AUTHORIZED);
    expect(await invoiceCount()).toBe(0);
  });

  it("is refused 403 while policy financials are off, and reads of policy invoices keep working", async () => {
    const f = await setUpFinancials();
    const policyId = await newPolicy(f);
    const { created } = await applyPlan(f, policyId, { voidInvoices: [], createInvoices: conservingCreates(f) });
    await staff("PATCH", `/admin/companies/${f.company.id}`, { features: { policyFinancials: false } });
    expectError(
      await f.call("POST", batchPath(policyId), { voidInvoices: [], createInvoices: [] }),
      403,
      "AuthorizationError",
      "Policy financials are not enabled for this company",
    );
    expect((await f.call("GET", `/financials/invoices/${created[0].id}`)).status).toBe(200);
    expect((await f.call("POST", `/financials/invoices/${created[0].id}/payments`, { amountCents: 500 })).status).toBe(
      201,
    );
    expect(categoryNamed(await balancesOf(f, { entityType: "policy", entityId: policyId }), "Premium").paidCents).toBe(
      500,
    );
  });
});
