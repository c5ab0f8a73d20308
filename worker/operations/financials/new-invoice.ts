import type { InvoiceRow } from "../../db/queries/invoices";
import type { FinancialCatalog, InvoiceEntityType } from "../../domain/financials/catalog";
import {
  type DraftRules,
  type FieldProblem,
  type ResolvedInvoice,
  readInvoiceDraft,
} from "../../domain/financials/invoice-draft";
import { invoiceStatus, totalOf } from "../../domain/financials/invoice-ledger";
import type { InvoiceInput } from "../../domain/financials/invoice-plan";
import type { OperationContext } from "../context";
import { payeeExists, payeeProblems } from "./payees";

export type InvoiceCheck = { ok: true; value: ResolvedInvoice } | { ok: false; problems: FieldProblem[] };

/** The configuration rules of a draft (domain) plus the payee's existence (a person or organization). */
export async function checkInvoiceInput(
  ctx: OperationContext,
  catalog: FinancialCatalog,
  input: Pick<InvoiceInput, "invoiceType" | "payee" | "lineItems">,
  rules: DraftRules,
  /** The payee's existence, when the caller started reading it beside its other reads. */
  payeeFound: () => Promise<boolean> = () => payeeExists(ctx, input.payee),
): Promise<InvoiceCheck> {
  const reading = readInvoiceDraft(catalog, input, rules);
  const problems = [...(reading.ok ? [] : reading.problems), ...payeeProblems(input.payee, await payeeFound())];
  return reading.ok && !problems.length ? reading : { ok: false, problems };
}

/** A new invoice's row, before its first entry: `headJournalId` is set by the caller once posted. */
export function newInvoiceRow(
  ctx: OperationContext,
  target: { entityType: InvoiceEntityType; entityId: string; sequence: number },
  input: InvoiceInput,
  resolved: ResolvedInvoice,
): InvoiceRow {
  const now = ctx.now.toISOString();
  const lineItems = resolved.lines.map((line) => ({ lineItemId: crypto.randomUUID(), ...line }));
  const totalCents = totalOf(lineItems);
  return {
    id: crypto.randomUUID(),
    companyId: ctx.companyId,
    sequence: target.sequence,
    entityType: target.entityType,
    entityId: target.entityId,
    invoiceType: input.invoiceType,
    categoryId: resolved.categoryId,
    direction: resolved.direction,
    status: invoiceStatus(totalCents, 0, false),
    issueDate: input.issueDate,
    dueDate: input.dueDate,
    payeeType: input.payee.entityType,
    payeeId: input.payee.entityId,
    lineItems,
    totalCents,
    paidCents: 0,
    headJournalId: "",
    revision: 0,
    createdAt: now,
    updatedAt: now,
    voidedAt: null,
  };
}
