import type { FinancialCatalog } from "./catalog";

/**
 * Bill review rules (CONTRACT section 7.8), judged only on the copies a run took when it was created: the
 * invoice at its head and the financials configuration. Findings come in the table's order, then by line.
 */

export const FINDING_SEVERITIES = ["error", "warning"] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];

export interface Finding {
  ruleId: string;
  severity: FindingSeverity;
  message: string;
  lineItemId: string | null;
}

/** The invoice as a run copies it. */
export interface ReviewedInvoice {
  invoiceType: string;
  categoryId: string;
  issueDate: { date: string };
  dueDate: { date: string };
  payee: { entityType: string; entityId: string };
  lineItems: ReadonlyArray<{ lineItemId: string; lineItemTypeId: string; label: string; amountCents: number }>;
}

type LineRule = (line: ReviewedInvoice["lineItems"][number]) => string | null;

export function reviewInvoice(invoice: ReviewedInvoice, catalog: FinancialCatalog): Finding[] {
  const typeOf = (id: string) => catalog.lineItemTypes.find((t) => t.id === id);
  const invoiceType = catalog.invoiceTypes.find((t) => t.name === invoice.invoiceType);
  const category = catalog.categories.find((c) => c.id === invoice.categoryId);
  // A category a forced import removed reads as deprecated from the day it went.
  const deprecatedAt = category ? (category.deprecatedAt ?? category.removedAt) : null;

  const perLine = (ruleId: string, severity: FindingSeverity, rule: LineRule): Finding[] =>
    invoice.lineItems.flatMap((line) => {
      const message = rule(line);
      return message === null ? [] : [{ ruleId, severity, message, lineItemId: line.lineItemId }];
    });
  const whole = (ruleId: string, severity: FindingSeverity, message: string | null): Finding[] =>
    message === null ? [] : [{ ruleId, severity, message, lineItemId: null }];

  const allowed = invoiceType?.payeeDefaults?.allowedEntityTypes ?? [];
  const typeName = (id: string) => typeOf(id)?.name ?? id;
  return [
    ...perLine("line-item-type-allowed", "error", (line) =>
      typeOf(line.lineItemTypeId)?.allowedOn.some((a) => a.invoiceType === invoice.invoiceType)
        ? null
        : `Line item type "${typeName(line.lineItemTypeId)}" is not allowed on invoice type "${invoice.invoiceType}"`,
    ),
    ...perLine("amount-nonzero", "error", (line) =>
      line.amountCents === 0 ? `Line "${line.label}" has an amount of 0` : null,
    ),
    ...whole(
      "due-after-issue",
      "error",
      invoice.dueDate.date < invoice.issueDate.date
        ? `The due date ${invoice.dueDate.date} is before the issue date ${invoice.issueDate.date}`
        : null,
    ),
    ...whole(
      "payee-entity-type-allowed",
      "error",
      allowed.length && !(allowed as readonly string[]).includes(invoice.payee.entityType)
        ? `Invoice type "${invoice.invoiceType}" does not allow a ${invoice.payee.entityType} payee`
        : null,
    ),
    // A type a forced import removed reads as deprecated, like a removed category (CONTRACT 7.2).
    ...perLine("line-item-type-active", "warning", (line) => {
      const type = typeOf(line.lineItemTypeId);
      return type?.lifecycle === "deprecated" || type?.removedAt
        ? `Line item type "${typeName(line.lineItemTypeId)}" is deprecated`
        : null;
    }),
    ...whole(
      "category-active",
      "warning",
      category && deprecatedAt ? `Category "${category.name}" is deprecated since ${deprecatedAt}` : null,
    ),
  ];
}

/** A run passes when no finding is an error. */
export const passes = (findings: readonly Finding[]) => findings.every((f) => f.severity !== "error");
