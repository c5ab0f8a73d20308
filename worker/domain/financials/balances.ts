import { type AccountRole, carriedAmount, type Direction } from "./ledger";

/**
 * The Balances response (interface, "Balance resources"; CONTRACT section 7.4) from running balances:
 * categories in configuration order, accounts ordered reserves, unpaid, additional, then per line item type
 * its leaf then its twin; zero accounts and categories left with nothing are dropped; figures add up.
 */

export interface CategoryInfo {
  id: string;
  name: string;
  kind: "operating" | "reserved";
  expectedDirection: Direction;
  deprecatedAt: string | null;
}

/** One account's running balance in a scope: its debits minus its credits. */
export interface AccountBalance {
  accountId: string;
  key: string;
  displayName: string;
  role: AccountRole;
  direction: Direction | null;
  categoryId: string | null;
  lineItemTypeId: string | null;
  netDebitCents: number;
}

export interface BalanceRow {
  accountId: string;
  key: string;
  displayName: string;
  role: AccountRole;
  direction: Direction | null;
  lineItemTypeId: string | null;
  amountCents: number;
}

export interface CategoryBalances {
  categoryId: string;
  name: string;
  kind: "operating" | "reserved";
  expectedDirection: Direction;
  deprecatedAt: string | null;
  reservesCents: number | null;
  owedCents: number;
  paidCents: number;
  expectedTotalCents: number | null;
  accounts: BalanceRow[];
}

export interface Balances {
  categories: CategoryBalances[];
  cash: BalanceRow | null;
}

export interface BalanceCatalog {
  /** Categories in display order (configured ones first, then removed ones shown as deprecated). */
  categories: readonly CategoryInfo[];
  /** Line item type ids in display order. */
  lineItemTypeOrder: readonly string[];
}

const CATEGORY_ROLE_ORDER: Partial<Record<AccountRole, number>> = { reserves: 0, unpaid: 1, additional: 2 };

const rowOf = (balance: AccountBalance): BalanceRow => ({
  accountId: balance.accountId,
  key: balance.key,
  displayName: balance.displayName,
  role: balance.role,
  direction: balance.direction,
  lineItemTypeId: balance.lineItemTypeId,
  amountCents: carriedAmount(balance.role, balance.direction, balance.netDebitCents),
});

const isTwin = (role: AccountRole) => role === "payable" || role === "receivable";
const sumOf = (rows: readonly BalanceRow[], test: (row: BalanceRow) => boolean) =>
  rows.filter(test).reduce((sum, row) => sum + row.amountCents, 0);

/** Category figures from its accounts (a missing account counts 0). */
export function categoryFigures(kind: CategoryInfo["kind"], rows: readonly BalanceRow[]) {
  const reserves = sumOf(rows, (r) => r.role === "reserves");
  const owedCents = sumOf(rows, (r) => isTwin(r.role));
  const paidCents =
    sumOf(rows, (r) => r.role === "line_item") - owedCents + sumOf(rows, (r) => r.role === "additional");
  const reserved = kind === "reserved";
  return {
    reservesCents: reserved ? reserves : null,
    owedCents,
    paidCents,
    expectedTotalCents: reserved ? paidCents + reserves : null,
  };
}

/**
 * `cashShown`: on an entity read cash shows only when it is not zero; on the global read whenever the
 * company has a cash account (its balances include the cash row exactly then).
 */
export function balancesView(
  catalog: BalanceCatalog,
  balances: readonly AccountBalance[],
  cashShown: "nonzero" | "exists",
): Balances {
  const typeRank = new Map(catalog.lineItemTypeOrder.map((id, i) => [id, i]));
  const rank = (row: BalanceRow) => {
    const roleRank = CATEGORY_ROLE_ORDER[row.role];
    if (roleRank !== undefined) return [roleRank, 0, 0];
    const type = typeRank.get(row.lineItemTypeId ?? "") ?? typeRank.size;
    return [3, type, row.role === "line_item" ? 0 : 1];
  };
  const byRank = (a: BalanceRow, b: BalanceRow) => {
    const [x, y] = [rank(a), rank(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
    return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  };

  const categories = catalog.categories.flatMap((category): CategoryBalances[] => {
    const rows = balances.filter((b) => b.categoryId === category.id && b.role !== "cash").map(rowOf);
    const shown = rows.filter((row) => row.amountCents !== 0).sort(byRank);
    if (!shown.length) return [];
    return [
      {
        categoryId: category.id,
        name: category.name,
        kind: category.kind,
        expectedDirection: category.expectedDirection,
        deprecatedAt: category.deprecatedAt,
        ...categoryFigures(category.kind, rows),
        accounts: shown,
      },
    ];
  });

  const cashBalance = balances.find((b) => b.role === "cash");
  const cash = cashBalance ? rowOf(cashBalance) : null;
  const showCash = cash !== null && (cashShown === "exists" || cash.amountCents !== 0);
  return { categories, cash: showCash ? cash : null };
}
