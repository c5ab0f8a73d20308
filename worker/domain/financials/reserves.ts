import { additionalAccount, CASH, type LedgerCategory, type Movement, reservesAccount, unpaidAccount } from "./ledger";

/**
 * Reserves and direct payments on an event (CONTRACT section 7.5). A `reserved` category's expected total
 * on an event is its paid amount plus its remaining reserves; the reserves' counterpart is `unpaid`
 * (expected, not yet paid). All movements are on the accounts' carrying sides.
 */

/** The reserves that make the expected total `expectedTotalCents` given what is paid. */
export const reservesFor = (expectedTotalCents: number, paidCents: number) => expectedTotalCents - paidCents;

/** Setting the expected total (`reserves_set`): reserves and unpaid move together by the change. */
export function reservesChange(category: LedgerCategory, changeCents: number): Movement[] {
  return [
    { account: unpaidAccount(category), amountCents: changeCents },
    { account: reservesAccount(category), amountCents: changeCents },
  ];
}

/** What a payment of `paymentCents` erodes: the payment, at most the reserves before it (never below 0). */
export const erosionOf = (paymentCents: number, reservesBeforeCents: number) =>
  Math.max(0, Math.min(paymentCents, reservesBeforeCents));

/** Erosion (`reserves_eroded`): reserves and unpaid both fall by the eroded amount. */
export const erosion = (category: LedgerCategory, erodedCents: number): Movement[] =>
  reservesChange(category, -erodedCents);

/**
 * What deleting a payment gives back to the reserves: what it eroded, or its whole amount when the
 * expected total was set after it (so the expected total last set stays).
 */
export const restorationOf = (payment: { amountCents: number; erodedCents: number }, setSinceCents: boolean) =>
  setSinceCents ? payment.amountCents : payment.erodedCents;

/** A direct payment: `additional` grows; cash falls for a payable category, grows for a receivable one. */
export function directPayment(category: LedgerCategory, amountCents: number): Movement[] {
  return [
    { account: additionalAccount(category), amountCents },
    { account: CASH, amountCents: category.expectedDirection === "payable" ? -amountCents : amountCents },
  ];
}
