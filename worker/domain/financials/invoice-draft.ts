import {
  configuredLineItemType,
  defaultLabel,
  type FinancialCatalog,
  type InvoiceEntityType,
  invoiceTypeNamed,
} from "./catalog";
import { totalOf } from "./invoice-ledger";
import type { Direction } from "./ledger";

/**
 * The invoice rules that judge a draft against the configuration (CONTRACT section 7.6, 422
 * `INVOICE_INVALID`): a configured invoice type applying to the invoice's entity, at least one line, every
 * line of a configured type with a category, one category for all lines, and a total above 0 (ad-hoc) or
 * other than 0 (a plan's credit notes). What bill review reports instead (zero lines, types not allowed on
 * the invoice type, deprecated types, dates, payee types) is not refused here.
 */

export interface FieldProblem {
  field: string;
  message: string;
}

export interface DraftLine {
  lineItemTypeId: string;
  amountCents: number;
  label?: string | undefined;
}

export interface InvoiceDraft {
  invoiceType: string;
  lineItems: readonly DraftLine[];
}

export interface ResolvedLine {
  lineItemTypeId: string;
  label: string;
  amountCents: number;
}

export interface ResolvedInvoice {
  categoryId: string;
  direction: Direction;
  lines: ResolvedLine[];
}

export type DraftReading = { ok: true; value: ResolvedInvoice } | { ok: false; problems: FieldProblem[] };

export interface DraftRules {
  /** The entity the invoice belongs to: its type must apply to it. */
  entityType: InvoiceEntityType;
  /** Ad-hoc invoices need a total above 0; a plan's create entries may be credit notes. */
  total: "positive" | "nonzero";
}

export function readInvoiceDraft(catalog: FinancialCatalog, draft: InvoiceDraft, rules: DraftRules): DraftReading {
  const problems: FieldProblem[] = [];
  const invoiceType = invoiceTypeNamed(catalog, draft.invoiceType);
  if (!invoiceType) {
    problems.push({ field: "invoiceType", message: `"${draft.invoiceType}" is not a configured invoice type` });
  } else if (!invoiceType.appliesTo.includes(rules.entityType)) {
    problems.push({
      field: "invoiceType",
      message: `Invoice type "${draft.invoiceType}" does not apply to ${rules.entityType} invoices`,
    });
  }
  if (!draft.lineItems.length) problems.push({ field: "lineItems", message: "must have at least one line" });

  const lines: ResolvedLine[] = [];
  const categories = new Map<string, Direction>();
  draft.lineItems.forEach((line, i) => {
    const field = `lineItems[${i}].lineItemTypeId`;
    const type = configuredLineItemType(catalog, line.lineItemTypeId);
    if (!type) problems.push({ field, message: "is not a configured line item type" });
    else if (!type.categoryId) problems.push({ field, message: `Line item type "${type.name}" has no category` });
    else {
      categories.set(type.categoryId, type.direction);
      const label = line.label ?? defaultLabel(type, draft.invoiceType);
      lines.push({ lineItemTypeId: type.id, label, amountCents: line.amountCents });
    }
  });
  if (categories.size > 1) {
    problems.push({ field: "lineItems", message: "All lines of an invoice must be of one category" });
  }
  const total = totalOf(draft.lineItems);
  if (draft.lineItems.length && rules.total === "positive" && total <= 0) {
    problems.push({ field: "lineItems", message: `The total must be above 0 (it is ${total})` });
  }
  if (draft.lineItems.length && rules.total === "nonzero" && total === 0) {
    problems.push({ field: "lineItems", message: "The total must not be 0" });
  }
  const [category] = categories;
  if (problems.length || !category) return { ok: false, problems };
  return { ok: true, value: { categoryId: category[0], direction: category[1], lines } };
}

/** Prefixes every problem's field with the place the draft sits at (`createInvoices[1].`). */
export const within = (prefix: string, problems: readonly FieldProblem[]) =>
  problems.map((p) => ({ ...p, field: `${prefix}.${p.field}` }));
