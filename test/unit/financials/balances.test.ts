import { describe, expect, it } from "vitest";
import { type AccountBalance, balancesView } from "../../../worker/domain/financials/balances";

/** The Balances response (CONTRACT section 7.4) from running balances. */

const categories = [
  {
    id: "c-ind",
    name: "Indemnity",
    kind: "reserved" as const,
    expectedDirection: "payable" as const,
    deprecatedAt: null,
  },
  {
    id: "c-exp",
    name: "Expense",
    kind: "operating" as const,
    expectedDirection: "payable" as const,
    deprecatedAt: null,
  },
];
const catalog = { categories, lineItemTypeOrder: ["t-legal", "t-ind"] };

const account = (
  key: string,
  role: AccountBalance["role"],
  netDebitCents: number,
  extra: Partial<AccountBalance> = {},
): AccountBalance => ({
  accountId: `id-${key}`,
  key,
  displayName: key,
  role,
  direction: role === "cash" ? null : "payable",
  categoryId: role === "cash" ? null : "c-ind",
  lineItemTypeId: null,
  netDebitCents,
  ...extra,
});

describe("balances", () => {
  // Indemnity on an event: expected total set to 1,000.00, an invoice of 300.00 (indemnity) + 100.00 (legal),
  // 200.00 paid on it (shares 150.00 and 50.00), and that payment eroded 200.00 of reserves.
  // Payable: reserves and twins carry credit (stored net debit is negative), the rest debit.
  const rows: AccountBalance[] = [
    account("payable/t-ind", "payable", -15_000, { lineItemTypeId: "t-ind" }),
    account("line_item/t-ind", "line_item", 30_000, { lineItemTypeId: "t-ind" }),
    account("line_item/t-legal", "line_item", 10_000, { lineItemTypeId: "t-legal" }),
    account("payable/t-legal", "payable", -5_000, { lineItemTypeId: "t-legal" }),
    account("unpaid/c-ind", "unpaid", 80_000),
    account("reserves/c-ind", "reserves", -80_000),
    account("additional/c-ind", "additional", 0),
    account("cash", "cash", -20_000),
    account("additional/c-exp", "additional", 0, { categoryId: "c-exp" }),
  ];

  it("add up the category figures, worked by hand", () => {
    const view = balancesView(catalog, rows, "nonzero");
    expect(view.categories).toHaveLength(1);
    const [indemnity] = view.categories;
    // owed = twins 150.00 + 50.00; paid = leaves 400.00 - twins 200.00 + additional 0; expected = 200.00 + 800.00.
    expect(indemnity).toMatchObject({
      name: "Indemnity",
      reservesCents: 80_000,
      owedCents: 20_000,
      paidCents: 20_000,
      expectedTotalCents: 100_000,
    });
    expect(view.cash?.amountCents).toBe(-20_000);
  });

  it("order accounts reserves, unpaid, additional, then per type (configuration order) leaf then twin", () => {
    const keys = balancesView(catalog, rows, "nonzero").categories[0]?.accounts.map((a) => a.key);
    expect(keys).toEqual([
      "reserves/c-ind",
      "unpaid/c-ind",
      "line_item/t-legal",
      "payable/t-legal",
      "line_item/t-ind",
      "payable/t-ind",
    ]);
  });

  it("drop zero accounts and categories left empty; operating categories have null reserves", () => {
    const view = balancesView(
      catalog,
      [account("additional/c-exp", "additional", 700, { categoryId: "c-exp" })],
      "nonzero",
    );
    expect(view.categories).toEqual([
      expect.objectContaining({ name: "Expense", reservesCents: null, expectedTotalCents: null, paidCents: 700 }),
    ]);
    expect(view.cash).toBeNull();
  });

  it("show zero cash only on the global read, once the cash account exists", () => {
    const zeroCash = [account("cash", "cash", 0)];
    expect(balancesView(catalog, zeroCash, "nonzero").cash).toBeNull();
    expect(balancesView(catalog, zeroCash, "exists").cash?.amountCents).toBe(0);
    expect(balancesView(catalog, [], "exists")).toEqual({ categories: [], cash: null });
  });
});
