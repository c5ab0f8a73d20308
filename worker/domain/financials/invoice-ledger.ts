import { allocate } from "./allocation";
import { CASH, type Direction, lineItemAccount, type Movement, twinAccount } from "./ledger";

/**
 * What an invoice holds in the ledger (CONTRACT section 7.3, "Target"): each line item type's leaf holds
 * the amounts of the invoice's lines of that type, and its twin those amounts less their shares of the
 * invoice's live paid amount (Allocation). Every entry about an invoice moves its contributions from what
 * they were to this target, and moves cash by the change in the paid amount, so the entry always balances.
 */

export const INVOICE_STATUSES = ["owed", "partially_paid", "paid", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The part of an invoice the ledger sees. */
export interface InvoiceLedgerState {
  categoryId: string;
  /** The direction of its category, which every line item type of the category shares. */
  direction: Direction;
  lines: ReadonlyArray<{ lineItemTypeId: string; amountCents: number }>;
  /** Sum of the live payments (negative for a settled credit note). */
  paidCents: number;
  voided: boolean;
}

export const totalOf = (lines: ReadonlyArray<{ amountCents: number }>) =>
  lines.reduce((sum, line) => sum + line.amountCents, 0);

/** Statuses follow absolute values, so a credit note (negative total) reads like any other invoice. */
export function invoiceStatus(totalCents: number, paidCents: number, voided: boolean): InvoiceStatus {
  if (voided) return "void";
  if (paidCents === 0) return "owed";
  return Math.abs(paidCents) >= Math.abs(totalCents) ? "paid" : "partially_paid";
}

export const owedOf = (totalCents: number, paidCents: number, voided: boolean) => (voided ? 0 : totalCents - paidCents);

/** The invoice's target contributions: per line item type, its leaf and its twin (types in first-line order). */
export function invoiceContributions(state: InvoiceLedgerState | null): Movement[] {
  if (!state || state.voided) return [];
  const shares = allocate(
    state.paidCents,
    state.lines.map((line) => line.amountCents),
  );
  const byType = new Map<string, { invoiced: number; paid: number }>();
  state.lines.forEach((line, i) => {
    const sums = byType.get(line.lineItemTypeId) ?? { invoiced: 0, paid: 0 };
    sums.invoiced += line.amountCents;
    sums.paid += shares[i] ?? 0;
    byType.set(line.lineItemTypeId, sums);
  });
  return [...byType].flatMap(([id, sums]) => {
    const type = { id, direction: state.direction, categoryId: state.categoryId };
    return [
      { account: lineItemAccount(type), amountCents: sums.invoiced },
      { account: twinAccount(type), amountCents: sums.invoiced - sums.paid },
    ];
  });
}

/** Money paid out of a payable invoice leaves cash; money received on a receivable one enters it. */
export const cashMovement = (direction: Direction, paidCents: number): Movement => ({
  account: CASH,
  amountCents: direction === "payable" ? -paidCents : paidCents,
});

const paidOf = (state: InvoiceLedgerState | null) => (state && !state.voided ? state.paidCents : 0);

/**
 * The movements that bring an invoice's contributions from `before` to `after` (null: no invoice), cash
 * moved by the change in its paid amount. Balanced whenever both states are (the shares of a state add up
 * to its paid amount).
 */
export function movementsToTarget(before: InvoiceLedgerState | null, after: InvoiceLedgerState | null): Movement[] {
  const undo = invoiceContributions(before).map((m) => ({ ...m, amountCents: -m.amountCents }));
  const direction = after?.direction ?? before?.direction ?? "payable";
  const paidChange = paidOf(after) - paidOf(before);
  const cash = paidChange === 0 ? [] : [cashMovement(direction, paidChange)];
  return [...undo, ...invoiceContributions(after), ...cash];
}
