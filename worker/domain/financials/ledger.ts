/**
 * The double-entry ledger (CONTRACT section 7.3), pure. Accounts are identified by a key made of their role
 * and the category or line item type they belong to; an amount moves an account on its carrying side, and
 * `linesOf` turns those movements into debit and credit lines that always balance.
 */

export const ACCOUNT_ROLES = [
  "cash",
  "reserves",
  "unpaid",
  "payable",
  "receivable",
  "line_item",
  "additional",
] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

export const DIRECTIONS = ["payable", "receivable"] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const SIDES = ["debit", "credit"] as const;
export type Side = (typeof SIDES)[number];

/** What an account is: everything about it but its minted id. */
export interface AccountSpec {
  /** Opaque, unique in the company: the role and the category or line item type id. */
  key: string;
  role: AccountRole;
  /** Null exactly for cash. */
  direction: Direction | null;
  categoryId: string | null;
  lineItemTypeId: string | null;
}

/** The category settings an account of it needs. */
export interface LedgerCategory {
  id: string;
  expectedDirection: Direction;
}

/** A line item type with a category: its leaf and twin accounts. */
export interface LedgerLineItemType {
  id: string;
  direction: Direction;
  categoryId: string;
}

/**
 * The carrying side of role x direction: debit for assets and expenses, credit for liabilities and income.
 * A payable category's expense side (line items, unpaid, additional) carries debit; a receivable one's
 * income side carries credit; reserves and the twins sit opposite them; cash carries debit.
 */
export function carryingSide(role: AccountRole, direction: Direction | null): Side {
  if (role === "cash" || direction === null) return "debit";
  const expenseOrIncome = role === "line_item" || role === "unpaid" || role === "additional";
  if (direction === "payable") return expenseOrIncome ? "debit" : "credit";
  return expenseOrIncome ? "credit" : "debit";
}

export const CASH: AccountSpec = { key: "cash", role: "cash", direction: null, categoryId: null, lineItemTypeId: null };

const categoryAccount = (role: "reserves" | "unpaid" | "additional", category: LedgerCategory): AccountSpec => ({
  key: `${role}/${category.id}`,
  role,
  direction: category.expectedDirection,
  categoryId: category.id,
  lineItemTypeId: null,
});

export const reservesAccount = (category: LedgerCategory) => categoryAccount("reserves", category);
export const unpaidAccount = (category: LedgerCategory) => categoryAccount("unpaid", category);
export const additionalAccount = (category: LedgerCategory) => categoryAccount("additional", category);

export const lineItemAccount = (type: LedgerLineItemType): AccountSpec => ({
  key: `line_item/${type.id}`,
  role: "line_item",
  direction: type.direction,
  categoryId: type.categoryId,
  lineItemTypeId: type.id,
});

/** The `payable` or `receivable` twin of a leaf: invoiced, not yet paid. */
export const twinAccount = (type: LedgerLineItemType): AccountSpec => ({
  key: `${type.direction}/${type.id}`,
  role: type.direction,
  direction: type.direction,
  categoryId: type.categoryId,
  lineItemTypeId: type.id,
});

/** A change of an account's balance on its carrying side (negative moves it towards its other side). */
export interface Movement {
  account: AccountSpec;
  amountCents: number;
}

export interface LedgerLine {
  account: AccountSpec;
  side: Side;
  /** Always > 0. */
  amountCents: number;
}

const opposite = (side: Side): Side => (side === "debit" ? "credit" : "debit");

/**
 * The lines of a set of movements: movements of one account are added up, a zero posts no line, and a
 * negative amount posts its absolute value on the account's other side. Order: first appearance.
 */
export function linesOf(movements: readonly Movement[]): LedgerLine[] {
  const byKey = new Map<string, { account: AccountSpec; amountCents: number }>();
  for (const movement of movements) {
    const found = byKey.get(movement.account.key);
    if (found) found.amountCents += movement.amountCents;
    else byKey.set(movement.account.key, { ...movement });
  }
  return [...byKey.values()].flatMap(({ account, amountCents }) => {
    if (amountCents === 0) return [];
    const carrying = carryingSide(account.role, account.direction);
    return [{ account, side: amountCents > 0 ? carrying : opposite(carrying), amountCents: Math.abs(amountCents) }];
  });
}

/** Debits minus credits of a set of lines: zero exactly when they balance. */
export function imbalanceOf(lines: readonly Pick<LedgerLine, "side" | "amountCents">[]): number {
  return lines.reduce((sum, line) => sum + (line.side === "debit" ? line.amountCents : -line.amountCents), 0);
}

/** The signed debit-minus-credit effect of a line: what a running balance adds up. */
export const netDebitOf = (line: Pick<LedgerLine, "side" | "amountCents">) =>
  line.side === "debit" ? line.amountCents : -line.amountCents;

/** An account's `amountCents` from its debits minus credits: the balance on its carrying side. */
export function carriedAmount(role: AccountRole, direction: Direction | null, netDebitCents: number): number {
  return carryingSide(role, direction) === "debit" ? netDebitCents : -netDebitCents;
}
