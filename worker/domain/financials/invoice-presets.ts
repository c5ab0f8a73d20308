import type { Financials } from "../configuration/document";
import { utcDay } from "../dates/fmv1-date";
import { maxDay } from "../policies/civil-days";
import type { CatalogInvoiceType, FinancialCatalog, PayeeEntityType } from "./catalog";
import { CONSERVED_KINDS, type ConservedKind, type KindAmounts, NATURAL_DIRECTION } from "./conservation";

/**
 * Bind's `generateInvoices: true` (CONTRACT section 7.12): the configured presets resolved into an explicit
 * invoice plan, or the reason they cannot be (the bind rule `policy-invoicing` then fails, and an explicit
 * `invoicePlan` is needed). The plan conserves by construction: each kind's priced amount is split evenly in
 * cents over the installments, the remainder on the first.
 */

type PaymentDefaults = NonNullable<Financials["policyFinancials"]["paymentDefaults"]>;

export interface PresetInput {
  catalog: FinancialCatalog;
  paymentDefaults: PaymentDefaults | null;
  /** priced(K) of the policy the bind creates. */
  priced: KindAmounts;
  /** The bind day, today in America/New_York (`YYYY-MM-DD`). */
  bindDay: string;
  /** The policy's `policyStartDate` (`YYYY-MM-DD`), for the `effective-date` anchor. */
  policyStartDate: string;
  /** The payee the invoice type's `payeeDefaults.expression` gave, or why it gave none. */
  payee: { entityType: PayeeEntityType; entityId: string } | { failure: string };
}

export interface PresetInvoice {
  invoiceType: string;
  issueDate: { date: string; timezone: string };
  dueDate: { date: string; timezone: string };
  payee: { entityType: PayeeEntityType; entityId: string };
  lineItems: Array<{ lineItemTypeId: string; amountCents: number; label: string }>;
}

export type PresetResolution =
  | { ok: true; plan: { voidInvoices: []; createInvoices: PresetInvoice[] } }
  | { ok: false; failure: string };

const INSTALLMENTS = { upfront: 1, quarterly: 4, monthly: 12 } as const;
const MONTHS_BETWEEN = { upfront: 0, quarterly: 3, monthly: 1 } as const;
const ZONE = "America/New_York";

/** The first invoice type applying to policies: the one presets bill with. */
export const presetInvoiceType = (catalog: FinancialCatalog): CatalogInvoiceType | undefined =>
  catalog.invoiceTypes.find((t) => t.appliesTo.includes("policy"));

export function resolveInvoicePresets(input: PresetInput): PresetResolution {
  const invoiceType = presetInvoiceType(input.catalog);
  if (!invoiceType) return { ok: false, failure: "no invoice type applies to policies" };
  const defaults = input.paymentDefaults;
  if (!defaults) return { ok: false, failure: "no payment defaults" };
  if ("failure" in input.payee) return { ok: false, failure: input.payee.failure };
  const payee = input.payee;

  const chosen: Array<{ kind: ConservedKind; type: FinancialCatalog["lineItemTypes"][number] }> = [];
  for (const kind of CONSERVED_KINDS) {
    const priced = input.priced[kind];
    if (priced === 0) continue;
    if (priced < 0) return { ok: false, failure: `${kind} is priced below zero (${priced} cents)` };
    const candidates = input.catalog.lineItemTypes.filter(
      (t) =>
        t.removedAt === null &&
        t.lifecycle === "active" &&
        t.pricingKind === kind &&
        t.categoryId !== null &&
        t.direction === NATURAL_DIRECTION[kind] &&
        t.allowedOn.some((a) => a.invoiceType === invoiceType.name),
    );
    const [type] = candidates;
    if (!type || candidates.length > 1) {
      const count = candidates.length ? "several line item types" : "no line item type";
      return { ok: false, failure: `${count} can bill ${kind} on invoice type "${invoiceType.name}"` };
    }
    chosen.push({ kind, type });
  }

  const count = INSTALLMENTS[defaults.paymentPeriod];
  const anchor = defaults.firstDueDate.anchor === "today" ? input.bindDay : input.policyStartDate;
  const firstDue = addDays(anchor, defaults.firstDueDate.daysAfter);
  const categories = [...new Set(chosen.map((c) => c.type.categoryId))];
  const createInvoices: PresetInvoice[] = [];
  for (let k = 0; k < count; k++) {
    let due = addMonthsClamped(firstDue, MONTHS_BETWEEN[defaults.paymentPeriod] * k);
    if (defaults.avoidWeekendSends) due = nextWeekday(due);
    due = maxDay(due, input.bindDay);
    const issueDate = maxDay(addDays(due, -defaults.firstDueDate.daysAfter), input.bindDay);
    for (const categoryId of categories) {
      const lineItems = chosen
        .filter((c) => c.type.categoryId === categoryId)
        .map(({ kind, type }) => ({
          lineItemTypeId: type.id,
          amountCents: installmentShare(input.priced[kind], count, k),
          label: type.allowedOn.find((a) => a.invoiceType === invoiceType.name)?.label ?? type.name,
        }))
        .filter((line) => line.amountCents !== 0);
      if (!lineItems.length) continue;
      createInvoices.push({
        invoiceType: invoiceType.name,
        issueDate: { date: issueDate, timezone: ZONE },
        dueDate: { date: due, timezone: ZONE },
        payee,
        lineItems,
      });
    }
  }
  return { ok: true, plan: { voidInvoices: [], createInvoices } };
}

/** Installment k's share of an amount split evenly in cents, the remainder on the first. */
export function installmentShare(amountCents: number, installments: number, k: number): number {
  const share = Math.floor(amountCents / installments);
  return k === 0 ? amountCents - share * (installments - 1) : share;
}

// Years 0 to 99 are years 0 to 99 (`Date.UTC` alone would read them as 1900 to 1999).
const dayOf = (text: string) => {
  const [y, m, d] = text.split("-").map(Number);
  return new Date(utcDay(y ?? 1970, m ?? 1, d ?? 1));
};
const textOf = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const date = dayOf(day);
  date.setUTCDate(date.getUTCDate() + days);
  return textOf(date);
}

/** `months` later, the day clamped to that month's last day (from the given day, never compounding). */
export function addMonthsClamped(day: string, months: number): string {
  const date = dayOf(day);
  const target = new Date(utcDay(date.getUTCFullYear(), date.getUTCMonth() + 1 + months, 1));
  const lastDay = new Date(utcDay(target.getUTCFullYear(), target.getUTCMonth() + 2, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return textOf(target);
}

/** A Saturday or Sunday moves to the next Monday. */
export function nextWeekday(day: string): string {
  const weekday = dayOf(day).getUTCDay();
  return weekday === 6 ? addDays(day, 2) : weekday === 0 ? addDays(day, 1) : day;
}
