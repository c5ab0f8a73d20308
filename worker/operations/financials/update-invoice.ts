import { runBatch } from "../../db/queries/batch";
import { type InvoiceRow, updateInvoiceStatement } from "../../db/queries/invoices";
import type { Fmv1Date } from "../../domain/dates/fmv1-date";
import { type DraftLine, type FieldProblem, readInvoiceDraft } from "../../domain/financials/invoice-draft";
import { invoiceStatus, totalOf } from "../../domain/financials/invoice-ledger";
import type { Payee } from "../../domain/financials/invoice-plan";
import { notAuthorized } from "../../errors/api-error";
import { invoiceInvalid, policyInvoiceBatchOnly } from "../../errors/financial-refusals";
import { holds, type OperationContext } from "../context";
import { loadFinancialSetup } from "./financial-setup";
import { requireChangeableInvoice } from "./invoice-guards";
import { type InvoiceView, invoiceView, requireInvoice } from "./invoice-view";
import { JournalWriter } from "./journal-writer";
import { postInvoiceEntry } from "./ledger-postings";
import { payeeExists, payeeProblems } from "./payees";

export interface UpdateInvoiceInput {
  invoiceId: string;
  invoiceType?: string | undefined;
  issueDate?: Fmv1Date | undefined;
  dueDate?: Fmv1Date | undefined;
  payee?: Payee | undefined;
  /** Replaces every line (new line ids). */
  lineItems?: DraftLine[] | undefined;
  headJournalId?: string | undefined;
}

/**
 * Serialized in the company object. `PATCH P/financials/invoices/{invoiceId}` (CONTRACT section 7.6). Order:
 * 404; `invoice.edit-paid` when anything is paid (403); 422 `POLICY_INVOICE_BATCH_ONLY` for the lines or type
 * of a policy invoice; 409 stale head, void invoice; 422 `INVOICE_INVALID`. The change brings the invoice's
 * contributions to their new target (a memo entry when no amount moves); a change of category or payee
 * (only while nothing is paid) posts two entries: all to zero under the old ones, then all under the new.
 */
export async function updateInvoice(ctx: OperationContext, input: UpdateInvoiceInput): Promise<InvoiceView> {
  const { row, payments } = await requireInvoice(ctx, input.invoiceId);
  if (row.paidCents !== 0 && !holds(ctx.actor, "invoice.edit-paid")) throw notAuthorized();
  if (row.entityType === "policy" && (input.lineItems !== undefined || input.invoiceType !== undefined)) {
    throw policyInvoiceBatchOnly("Changing the lines or the type");
  }
  requireChangeableInvoice(row, input.headJournalId, "Changing");

  const { catalog } = await loadFinancialSetup(ctx);
  const problems: FieldProblem[] = [];
  let next: InvoiceRow = { ...row };
  if (input.invoiceType !== undefined || input.lineItems !== undefined) {
    const invoiceType = input.invoiceType ?? row.invoiceType;
    const lineItems = input.lineItems ?? row.lineItems;
    const reading = readInvoiceDraft(catalog, { invoiceType, lineItems }, { entityType: "event", total: "positive" });
    if (!reading.ok) problems.push(...reading.problems);
    else {
      const lines = input.lineItems
        ? reading.value.lines.map((line) => ({ lineItemId: crypto.randomUUID(), ...line }))
        : row.lineItems;
      const { categoryId, direction } = reading.value;
      next = { ...next, invoiceType, categoryId, direction, lineItems: lines, totalCents: totalOf(lines) };
    }
  }
  if (input.payee) {
    problems.push(...payeeProblems(input.payee, await payeeExists(ctx, input.payee)));
    next = { ...next, payeeType: input.payee.entityType, payeeId: input.payee.entityId };
  }
  if (row.paidCents !== 0) problems.push(...paidInvoiceProblems(row, next));
  if (problems.length) throw invoiceInvalid(problems);

  const now = ctx.now.toISOString();
  next = {
    ...next,
    issueDate: input.issueDate ?? row.issueDate,
    dueDate: input.dueDate ?? row.dueDate,
    status: invoiceStatus(next.totalCents, row.paidCents, false),
    revision: row.revision + 1,
    updatedAt: now,
  };
  const writer = await JournalWriter.open(ctx, catalog);
  const moved = next.categoryId !== row.categoryId || next.payeeId !== row.payeeId;
  const invoiceId = row.id;
  if (moved) postInvoiceEntry(writer, "invoice_updated", { invoiceId, before: row, after: null, scopesOf: row });
  const before = moved ? null : row;
  const head = postInvoiceEntry(writer, "invoice_updated", { invoiceId, before, after: next, scopesOf: next });
  const updated = { ...next, headJournalId: head.id };
  await runBatch(ctx.db, [...writer.batch(), updateInvoiceStatement(ctx.db, updated, row.revision)]);
  return invoiceView(updated, payments);
}

/** While anything is paid, the category, direction and payee stay, and the total covers what is paid. */
function paidInvoiceProblems(before: InvoiceRow, after: InvoiceRow): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (after.categoryId !== before.categoryId || after.direction !== before.direction) {
    problems.push({ field: "lineItems", message: "cannot change the invoice's category while anything is paid" });
  }
  if (after.payeeId !== before.payeeId || after.payeeType !== before.payeeType) {
    problems.push({ field: "payee", message: "cannot change while anything is paid" });
  }
  if (Math.abs(after.totalCents) < Math.abs(before.paidCents)) {
    problems.push({ field: "lineItems", message: `The total cannot be below the ${before.paidCents} cents paid` });
  }
  return problems;
}
