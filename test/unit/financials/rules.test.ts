import { describe, expect, it } from "vitest";
import { passes, type ReviewedInvoice, reviewInvoice } from "../../../worker/domain/financials/bill-review";
import type { FinancialCatalog } from "../../../worker/domain/financials/catalog";
import { billedByKind, conservationGaps, zeroAmounts } from "../../../worker/domain/financials/conservation";
import { readInvoiceDraft } from "../../../worker/domain/financials/invoice-draft";
import { catalogOf, syncMembers } from "../../../worker/domain/financials/members";
import { isRestatement, pricedOf } from "../../../worker/domain/financials/priced";
import type { Coverage } from "../../../worker/domain/policies/segments";

const catalog: FinancialCatalog = {
  categories: [
    {
      id: "c1",
      name: "Indemnity",
      kind: "reserved",
      expectedDirection: "payable",
      deprecatedAt: null,
      removedAt: null,
    },
    {
      id: "c2",
      name: "Old",
      kind: "operating",
      expectedDirection: "payable",
      deprecatedAt: "2026-01-01T00:00:00Z",
      removedAt: null,
    },
    {
      id: "c3",
      name: "Premium",
      kind: "operating",
      expectedDirection: "receivable",
      deprecatedAt: null,
      removedAt: null,
    },
  ],
  lineItemTypes: [
    type("t1", "Indemnity payment", "c1", "payable", { allowedOn: [{ invoiceType: "Claim", label: "Loss" }] }),
    type("t2", "Legal", "c1", "payable", { lifecycle: "deprecated" }),
    type("t3", "Stale", "c2", "payable", { allowedOn: [{ invoiceType: "Claim", label: null }] }),
    type("t4", "No category", null, "payable"),
    type("t5", "Gross premium", "c3", "receivable", { pricingKind: "Premium" }),
    type("t6", "Return premium", "c1", "payable", { pricingKind: "Premium" }),
    type("t7", "Tax", "c3", "receivable", { pricingKind: "Taxes" }),
  ],
  invoiceTypes: [
    { name: "Claim", appliesTo: ["event"], payeeDefaults: { expression: null, allowedEntityTypes: ["organization"] } },
    { name: "Premium", appliesTo: ["policy"], payeeDefaults: null },
  ],
};

function type(
  id: string,
  name: string,
  categoryId: string | null,
  direction: "payable" | "receivable",
  extra: Partial<FinancialCatalog["lineItemTypes"][number]> = {},
): FinancialCatalog["lineItemTypes"][number] {
  return {
    id,
    name,
    direction,
    lifecycle: "active",
    allowedOn: [],
    category: categoryId,
    categoryId,
    pricingKind: null,
    removedAt: null,
    ...extra,
  };
}

describe("invoice drafts (422 INVOICE_INVALID rules)", () => {
  it("resolve the category, direction and default labels", () => {
    const reading = readInvoiceDraft(
      catalog,
      {
        invoiceType: "Claim",
        lineItems: [
          { lineItemTypeId: "t1", amountCents: 500 },
          { lineItemTypeId: "t2", amountCents: 0 },
        ],
      },
      { entityType: "event", total: "positive" },
    );
    expect(reading).toEqual({
      ok: true,
      value: {
        categoryId: "c1",
        direction: "payable",
        lines: [
          { lineItemTypeId: "t1", label: "Loss", amountCents: 500 },
          { lineItemTypeId: "t2", label: "Legal", amountCents: 0 },
        ],
      },
    });
  });

  it("name every problem's member", () => {
    const reading = readInvoiceDraft(
      catalog,
      {
        invoiceType: "Premium",
        lineItems: [
          { lineItemTypeId: "t1", amountCents: -500 },
          { lineItemTypeId: "t4", amountCents: 1 },
          { lineItemTypeId: "nope", amountCents: 1 },
          { lineItemTypeId: "t3", amountCents: 1 },
        ],
      },
      { entityType: "event", total: "positive" },
    );
    expect(reading.ok ? [] : reading.problems.map((p) => p.field)).toEqual([
      "invoiceType",
      "lineItems[1].lineItemTypeId",
      "lineItems[2].lineItemTypeId",
      "lineItems",
      "lineItems",
    ]);
  });

  it("let a plan's credit note through but not a zero total", () => {
    const draft = (amountCents: number) => ({
      invoiceType: "Premium",
      lineItems: [{ lineItemTypeId: "t5", amountCents }],
    });
    expect(readInvoiceDraft(catalog, draft(-100), { entityType: "policy", total: "nonzero" }).ok).toBe(true);
    expect(readInvoiceDraft(catalog, draft(0), { entityType: "policy", total: "nonzero" }).ok).toBe(false);
  });
});

describe("bill review rules", () => {
  const invoice: ReviewedInvoice = {
    invoiceType: "Claim",
    categoryId: "c2",
    issueDate: { date: "2026-03-10" },
    dueDate: { date: "2026-03-01" },
    payee: { entityType: "person", entityId: "p" },
    lineItems: [
      { lineItemId: "l1", lineItemTypeId: "t3", label: "ok", amountCents: 0 },
      { lineItemId: "l2", lineItemTypeId: "t2", label: "legal", amountCents: 5 },
    ],
  };

  it("report in the table's order, then by line", () => {
    const findings = reviewInvoice(invoice, catalog);
    expect(findings.map((f) => [f.ruleId, f.severity, f.lineItemId])).toEqual([
      ["line-item-type-allowed", "error", "l2"],
      ["amount-nonzero", "error", "l1"],
      ["due-after-issue", "error", null],
      ["payee-entity-type-allowed", "error", null],
      ["line-item-type-active", "warning", "l2"],
      ["category-active", "warning", null],
    ]);
    expect(passes(findings)).toBe(false);
  });

  it("pass an invoice with warnings only", () => {
    const clean = { ...invoice, dueDate: { date: "2026-03-31" }, payee: { entityType: "organization", entityId: "o" } };
    const findings = reviewInvoice(
      { ...clean, lineItems: [{ lineItemId: "l", lineItemTypeId: "t3", label: "x", amountCents: 1 }] },
      catalog,
    );
    expect(findings.map((f) => f.ruleId)).toEqual(["category-active"]);
    expect(passes(findings)).toBe(true);
  });

  it("read a line item type a forced import removed as deprecated, like a removed category (a warning)", () => {
    const removed = {
      ...catalog,
      lineItemTypes: catalog.lineItemTypes.map((t) =>
        t.id === "t1" ? { ...t, removedAt: "2026-05-01T00:00:00Z" } : t,
      ),
    };
    const claim = {
      ...invoice,
      categoryId: "c1",
      dueDate: { date: "2026-03-31" },
      payee: { entityType: "organization", entityId: "o" },
      lineItems: [{ lineItemId: "l", lineItemTypeId: "t1", label: "Loss", amountCents: 500 }],
    };
    expect(reviewInvoice(claim, catalog)).toEqual([]);
    const findings = reviewInvoice(claim, removed);
    expect(findings.map((f) => [f.ruleId, f.severity, f.message])).toEqual([
      ["line-item-type-active", "warning", 'Line item type "Indemnity payment" is deprecated'],
    ]);
    expect(passes(findings)).toBe(true);
  });
});

describe("conservation", () => {
  it("counts a kind's lines + in its natural direction and - otherwise, worked by hand", () => {
    // Gross premium (receivable) 120,000 + return premium (payable) 20,000 → Premium billed 100,000;
    // tax 6,000 receivable; an uncategorised kind-less type is free.
    const billed = billedByKind(
      [
        {
          lines: [
            { lineItemTypeId: "t5", amountCents: 120_000 },
            { lineItemTypeId: "t7", amountCents: 6_000 },
          ],
        },
        {
          lines: [
            { lineItemTypeId: "t6", amountCents: 20_000 },
            { lineItemTypeId: "t1", amountCents: 999 },
          ],
        },
      ],
      (id) => catalog.lineItemTypes.find((t) => t.id === id),
    );
    expect(billed).toEqual({ ...zeroAmounts(), Premium: 100_000, Taxes: 6_000 });
    expect(conservationGaps(billed, { ...zeroAmounts(), Premium: 100_000, Taxes: 6_500 })).toEqual([
      { kind: "Taxes", billedCents: 6_000, pricedCents: 6_500 },
    ]);
  });
});

describe("member ids", () => {
  const financials = (categories: string[], types: string[]) => ({
    documentVersion: 2 as const,
    categories: categories.map((name) => ({
      name,
      kind: "operating" as const,
      expectedDirection: "payable" as const,
      deprecatedAt: null,
    })),
    policyFinancials: {
      lineItemTypes: types.map((name) => ({
        name,
        direction: "payable" as const,
        lifecycle: "active" as const,
        allowedOn: [],
        category: categories[0] ?? null,
        pricingKind: null,
      })),
      paymentDefaults: null,
      invoiceTypes: [],
    },
  });

  it("stay while the name stays configured, and a new name gets a new one", () => {
    let n = 0;
    const mint = () => `id-${++n}`;
    const first = syncMembers([], financials(["A", "B"], ["T"]), mint);
    expect(first.configured.map((r) => [r.name, r.id])).toEqual([
      ["A", "id-1"],
      ["B", "id-2"],
      ["T", "id-3"],
    ]);
    const second = syncMembers(first.configured, financials(["B", "C"], ["T"]), mint);
    expect(second.configured.map((r) => [r.name, r.id])).toEqual([
      ["B", "id-2"],
      ["C", "id-4"],
      ["T", "id-3"],
    ]);
    expect(second.removed).toEqual(["id-1"]);
    const rows = [
      ...second.configured,
      { ...(first.configured[0] as (typeof first.configured)[number]), removedAt: "2026-05-01T00:00:00Z" },
    ];
    const after = catalogOf(financials(["B", "C"], ["T"]), rows);
    expect(after.categories.map((c) => [c.name, c.id, c.removedAt])).toEqual([
      ["B", "id-2", null],
      ["C", "id-4", null],
      ["A", "id-1", "2026-05-01T00:00:00Z"],
    ]);
    expect(after.lineItemTypes[0]?.categoryId).toBe("id-2");
  });
});

describe("priced amounts and restatements", () => {
  const coverage = (premium: number): Coverage => ({
    termStart: "2026-01-01",
    termEnd: "2027-01-01",
    segments: [
      {
        startDate: "2026-01-01",
        endDate: "2027-01-01",
        data: {
          policyStartDate: { date: "2026-01-01" },
          policyEndDate: { date: "2027-01-01" },
          fullTermPricingInfo: {
            pricingComponents: [{ label: "Base", group: "premium", kind: "Premium", value: premium }],
            premium,
            taxes: 0,
            fees: 0,
            brokerCommission: 0,
            programCommission: 0,
          },
        },
      },
    ],
    cancellation: null,
  });

  it("price what the version writes per kind, and call a change of any rollup a restatement", () => {
    // A full year at 1,200.00 writes 120,000 cents of premium.
    expect(pricedOf(coverage(1200))).toEqual({ ...zeroAmounts(), Premium: 120_000 });
    expect(isRestatement(coverage(1200), coverage(1200))).toBe(false);
    expect(isRestatement(coverage(1200), coverage(1300))).toBe(true);
  });
});
