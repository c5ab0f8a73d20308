import { runBatch } from "../../db/queries/batch";
import { insertInvoiceStatement, lastInvoiceSequence } from "../../db/queries/invoices";
import { DEFAULT_TIMEZONE, type Fmv1Date, todayIn } from "../../domain/dates/fmv1-date";
import type { FieldProblem } from "../../domain/financials/invoice-draft";
import type { InvoiceInput } from "../../domain/financials/invoice-plan";
import { invoiceInvalid, policyInvoiceBatchOnly } from "../../errors/financial-refusals";
import { started } from "../../lib/started";
import type { OperationContext } from "../context";
import { eventMoneyReads } from "./event-money-reads";
import { type InvoiceView, invoiceView } from "./invoice-view";
import { postInvoiceEntry } from "./ledger-postings";
import { checkInvoiceInput, newInvoiceRow } from "./new-invoice";
import { payeeExists } from "./payees";

export interface CreateInvoiceInput extends Omit<InvoiceInput, "issueDate"> {
  entityType: "event" | "policy";
  entityId: string;
  issueDate?: Fmv1Date | undefined;
}

/**
 * Serialized in the company object. `POST P/financials/invoices` (CONTRACT section 7.6): an ad-hoc invoice
 * on an event (policy invoices come only from plans: 422 `POLICY_INVOICE_BATCH_ONLY`). Its creation posts
 * Dr line item / Cr twin per line (payable; receivable the other way round) in the event's and the payee's
 * scopes, and that entry is its head. One batch.
 */
export async function createInvoice(ctx: OperationContext, input: CreateInvoiceInput): Promise<InvoiceView> {
  if (input.entityType === "policy") throw policyInvoiceBatchOnly("Creating an invoice");
  // The payee is read beside the event and the journal: the whole check costs one round trip.
  const payeeFound = started(payeeExists(ctx, input.payee));
  const {
    event,
    catalog,
    writer: writerRead,
    sequence: sequenceRead,
  } = await eventMoneyReads(ctx, input.entityId, lastInvoiceSequence);
  const issueDate = input.issueDate ?? { date: todayIn(DEFAULT_TIMEZONE, ctx.now), timezone: DEFAULT_TIMEZONE };
  const check = await checkInvoiceInput(ctx, catalog, input, { entityType: "event", total: "positive" }, payeeFound);
  const problems: FieldProblem[] = event ? [] : [{ field: "entityId", message: "is not an event of this company" }];
  if (!check.ok) problems.push(...check.problems);
  if (!check.ok || problems.length) throw invoiceInvalid(problems);

  const sequence = (await sequenceRead()) + 1;
  const target = { entityType: "event" as const, entityId: input.entityId, sequence };
  const created = newInvoiceRow(ctx, target, { ...input, issueDate }, check.value);
  const writer = await writerRead();
  const change = { invoiceId: created.id, before: null, after: created, scopesOf: created };
  const entry = postInvoiceEntry(writer, "invoice_created", change);
  const row = { ...created, headJournalId: entry.id };
  await runBatch(ctx.db, [...writer.batch(), insertInvoiceStatement(ctx.db, row)]);
  return invoiceView(row, []);
}
