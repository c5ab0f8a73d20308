import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FinancialCatalog, PricingKind } from "../../../worker/domain/financials/catalog";
import { billedByKind, zeroAmounts } from "../../../worker/domain/financials/conservation";
import {
  addDays,
  addMonthsClamped,
  installmentShare,
  nextWeekday,
  type PresetInput,
  resolveInvoicePresets,
} from "../../../worker/domain/financials/invoice-presets";

/** Bind's `generateInvoices` presets (CONTRACT section 7.12). */

const type = (
  id: string,
  name: string,
  pricingKind: PricingKind,
  direction: "payable" | "receivable",
  categoryId: string,
) => ({
  id,
  name,
  direction,
  lifecycle: "active" as const,
  allowedOn: [{ invoiceType: "Premium invoice", label: id === "t-gross" ? "Gross premium" : null }],
  category: categoryId,
  categoryId,
  pricingKind,
  removedAt: null,
});

const catalog: FinancialCatalog = {
  categories: [],
  lineItemTypes: [
    type("t-gross", "Gross", "Premium", "receivable", "c-premium"),
    type("t-tax", "Tax", "Taxes", "receivable", "c-premium"),
    type("t-broker", "Broker", "BrokerCommission", "payable", "c-commission"),
  ],
  invoiceTypes: [
    { name: "Claim invoice", appliesTo: ["event"], payeeDefaults: null },
    { name: "Premium invoice", appliesTo: ["policy"], payeeDefaults: null },
  ],
};

const input = (overrides: Partial<PresetInput> = {}): PresetInput => ({
  catalog,
  paymentDefaults: {
    paymentPeriod: "quarterly",
    firstDueDate: { anchor: "effective-date", daysAfter: 30 },
    avoidWeekendSends: false,
  },
  priced: { ...zeroAmounts(), Premium: 100_001, Taxes: 6_000, BrokerCommission: 10_000 },
  bindDay: "2026-01-10",
  policyStartDate: "2026-01-01",
  payee: { entityType: "organization", entityId: "org-1" },
  ...overrides,
});

describe("invoice presets", () => {
  it("split each kind evenly over the installments, the remainder on the first, one invoice per category", () => {
    const resolution = resolveInvoicePresets(input());
    if (!resolution.ok) throw new Error(resolution.failure);
    const invoices = resolution.plan.createInvoices;
    // 4 quarterly installments x 2 categories. Premium 100,001 → 25,001 + 3 x 25,000; tax 1,500 each;
    // broker 2,500 each.
    expect(invoices).toHaveLength(8);
    expect(invoices[0]?.lineItems).toEqual([
      { lineItemTypeId: "t-gross", amountCents: 25_001, label: "Gross premium" },
      { lineItemTypeId: "t-tax", amountCents: 1_500, label: "Tax" },
    ]);
    expect(invoices[1]?.lineItems).toEqual([{ lineItemTypeId: "t-broker", amountCents: 2_500, label: "Broker" }]);
    expect(invoices[2]?.lineItems[0]?.amountCents).toBe(25_000);
    // Due: 2026-01-01 + 30 days = 2026-01-31, then +3 months clamped: 2026-04-30, 2026-07-31, 2026-10-31.
    expect(invoices.filter((_, i) => i % 2 === 0).map((i) => i.dueDate.date)).toEqual([
      "2026-01-31",
      "2026-04-30",
      "2026-07-31",
      "2026-10-31",
    ]);
    // Issued 30 days before each due date, never before the bind day (2026-01-10).
    expect(invoices.filter((_, i) => i % 2 === 0).map((i) => i.issueDate.date)).toEqual([
      "2026-01-10",
      "2026-03-31",
      "2026-07-01",
      "2026-10-01",
    ]);
    const billed = billedByKind(
      invoices.map((i) => ({ lines: i.lineItems })),
      (id) => catalog.lineItemTypes.find((t) => t.id === id),
    );
    expect(billed).toEqual(input().priced);
  });

  it("move weekend due dates to Monday and past ones to the bind day", () => {
    expect(nextWeekday("2026-01-31")).toBe("2026-02-02"); // a Saturday
    expect(nextWeekday("2026-02-01")).toBe("2026-02-02"); // a Sunday
    expect(nextWeekday("2026-02-03")).toBe("2026-02-03");
    const resolution = resolveInvoicePresets(
      input({
        paymentDefaults: {
          paymentPeriod: "monthly",
          firstDueDate: { anchor: "effective-date", daysAfter: 0 },
          avoidWeekendSends: true,
        },
        bindDay: "2026-02-20",
      }),
    );
    if (!resolution.ok) throw new Error(resolution.failure);
    const dues = resolution.plan.createInvoices.filter((_, i) => i % 2 === 0).map((i) => i.dueDate.date);
    // 2026-01-01 and 2026-02-01 (a Sunday → 02-02) are before the bind day: both become 2026-02-20.
    expect(dues.slice(0, 3)).toEqual(["2026-02-20", "2026-02-20", "2026-03-02"]);
    expect(dues).toHaveLength(12);
  });

  it("clamp to the month's last day without compounding", () => {
    expect(addMonthsClamped("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonthsClamped("2026-01-31", 2)).toBe("2026-03-31");
    expect(addMonthsClamped("2027-11-30", 3)).toBe("2028-02-29");
    // Years 0 to 99 stay themselves (Date.UTC alone reads them as 1900 to 1999): 0096 is a leap year, 1996 too,
    // but 0100 is not (divisible by 100, not by 400).
    expect(addMonthsClamped("0099-11-30", 3)).toBe("0100-02-28");
    expect(addMonthsClamped("0095-11-30", 3)).toBe("0096-02-29");
    expect(addDays("0050-12-31", 1)).toBe("0051-01-01");
  });

  it("fail with the reason: no defaults, no or several types for a kind, negative pricing, no payee", () => {
    const failure = (overrides: Partial<PresetInput>) => {
      const resolution = resolveInvoicePresets(input(overrides));
      return resolution.ok ? null : resolution.failure;
    };
    expect(failure({ paymentDefaults: null })).toBe("no payment defaults");
    expect(failure({ priced: { ...zeroAmounts(), Fees: 500 } })).toContain("Fees");
    expect(failure({ priced: { ...zeroAmounts(), Premium: -5 } })).toContain("below zero");
    const twice = {
      ...catalog,
      lineItemTypes: [...catalog.lineItemTypes, type("t-gross-2", "Gross 2", "Premium", "receivable", "c-premium")],
    };
    expect(failure({ catalog: twice })).toContain("several line item types can bill Premium");
    expect(failure({ payee: { failure: "payee cannot be resolved" } })).toBe("payee cannot be resolved");
  });

  it("always bill exactly what is priced", () => {
    fc.assert(
      fc.property(
        fc.record({ Premium: fc.nat(1e9), Taxes: fc.nat(1e6), BrokerCommission: fc.nat(1e7) }),
        fc.constantFrom("upfront" as const, "quarterly" as const, "monthly" as const),
        (amounts, paymentPeriod) => {
          const priced = { ...zeroAmounts(), ...amounts };
          const resolution = resolveInvoicePresets(
            input({
              priced,
              paymentDefaults: {
                paymentPeriod,
                firstDueDate: { anchor: "today", daysAfter: 10 },
                avoidWeekendSends: true,
              },
            }),
          );
          if (!resolution.ok) throw new Error(resolution.failure);
          const lines = resolution.plan.createInvoices.map((i) => ({ lines: i.lineItems }));
          expect(billedByKind(lines, (id) => catalog.lineItemTypes.find((t) => t.id === id))).toEqual(priced);
          for (const invoice of resolution.plan.createInvoices) expect(invoice.dueDate.date >= "2026-01-10").toBe(true);
        },
      ),
    );
    expect(installmentShare(10, 3, 0)).toBe(4);
    expect(installmentShare(10, 3, 2)).toBe(3);
  });
});
