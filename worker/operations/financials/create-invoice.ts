import { runBatch, type Statement } from "../../db/queries/batch";
import { findEntity } from "../../db/queries/entities";
import { insertEventInvoiceWrite, lastInvoiceSequence } from "../../db/queries/invoices";
import { DEFAULT_TIMEZONE, type Fmv1Date, todayIn } from "../../domain/dates/fmv1-date";
import type { FinancialCatalog } from "../../domain/financials/catalog";
import { type FieldProblem, type ResolvedInvoice, readInvoiceDraft } from "../../domain/financials/invoice-draft";
import type { InvoiceInput } from "../../domain/financials/invoice-plan";
import { invoiceInvalid, policyInvoiceBatchOnly } from "../../errors/financial-refusals";
import { started } from "../../lib/started";
import type { OperationContext } from "../context";
import { eventMoneyReads } from "./event-money-reads";
import { loadFinancialSetup } from "./financial-setup";
import { type InvoiceView, invoiceView } from "./invoice-view";
import { JournalWriter } from "./journal-writer";
import { forgetKeptLedger, isConstraintFailure, takeKeptLedger } from "./kept-ledger";
import { postInvoiceEntry } from "./ledger-postings";
import { checkInvoiceInput, newInvoiceRow } from "./new-invoice";
import { payeeExists } from "./payees";

export interface CreateInvoiceInput extends Omit<InvoiceInput, "issueDate"> {
  entityType: "event" | "policy";
  entityId: string;
  issueDate?: Fmv1Date | undefined;
}

/** An event invoice's draft rules (CONTRACT section 7.6): a total above 0 (a credit note is a receivable). */
const EVENT_INVOICE = { entityType: "event", total: "positive" } as const;

/**
 * Serialized in the company object. `POST P/financials/invoices` (CONTRACT section 7.6): an ad-hoc invoice
 * on an event (policy invoices come only from plans: 422 `POLICY_INVOICE_BATCH_ONLY`). Its creation posts
 * Dr line item / Cr twin per line (payable; receivable the other way round) in the event's and the payee's
 * scopes, and that entry is its head. One batch; on a warm object nothing else (`createOnKeptLedger`).
 */
export async function createInvoice(ctx: OperationContext, input: CreateInvoiceInput): Promise<InvoiceView> {
  if (input.entityType === "policy") throw policyInvoiceBatchOnly("Creating an invoice");
  const draft = { ...input, issueDate: input.issueDate ?? today(ctx) };
  const created = await createOnKeptLedger(ctx, draft);
  if (created) return created;
  // A record its reads found may go before the batch (entity wipes run in the worker): the insert's guard
  // then fails the batch, and the create reads again, to refuse.
  return (await createAfterReads(ctx, draft, { orNullOnConstraint: true })) ?? createAfterReads(ctx, draft);
}

type EventInvoiceDraft = CreateInvoiceInput & { issueDate: Fmv1Date };

const today = (ctx: OperationContext): Fmv1Date => ({
  date: todayIn(DEFAULT_TIMEZONE, ctx.now),
  timezone: DEFAULT_TIMEZONE,
});

/**
 * The create as one write batch and no read (issue 16: 1 batch per serialized write), when the object kept
 * the ledger and the catalog: the event's and the payee's existence are not read but required by the
 * invoice's insert (`insertEventInvoiceWrite`), and the sequences are the kept ones, which the unique indexes
 * hold to. A draft to refuse reads the records (its refusal names every problem) and leaves the ledger kept.
 * Null when it cannot decide alone: nothing kept, or a batch that a missing record or a moved sequence failed
 * (nothing of it committed; the object forgets the ledger and the create runs again on what it reads).
 */
async function createOnKeptLedger(ctx: OperationContext, draft: EventInvoiceDraft): Promise<InvoiceView | null> {
  if (ctx.memo?.ledger?.invoiceSequence === undefined || !ctx.memo.financialMembers) return null;
  const { catalog } = await loadFinancialSetup(ctx);
  const reading = readInvoiceDraft(catalog, draft, EVENT_INVOICE);
  if (!reading.ok) throw await refusalOf(ctx, catalog, draft);
  const kept = takeKeptLedger(ctx);
  if (kept?.invoiceSequence === undefined) return null;
  const writer = JournalWriter.fromKept(ctx, catalog, kept);
  const { row, statements } = invoiceWrites(ctx, writer, draft, reading.value, kept.invoiceSequence + 1);
  if (!(await committed(ctx, statements, true))) return null;
  writer.keepCommitted({ invoiceSequence: row.sequence }, { invoice: { row, payments: [] } });
  return invoiceView(row, []);
}

/**
 * The create after reading the event, the payee, the ledger's state and the last sequence (one round trip).
 * With `orNullOnConstraint`, a batch a constraint refused (nothing committed) answers null.
 */
async function createAfterReads(
  ctx: OperationContext,
  draft: EventInvoiceDraft,
  options: { orNullOnConstraint: true },
): Promise<InvoiceView | null>;
async function createAfterReads(ctx: OperationContext, draft: EventInvoiceDraft): Promise<InvoiceView>;
async function createAfterReads(
  ctx: OperationContext,
  draft: EventInvoiceDraft,
  options?: { orNullOnConstraint: true },
): Promise<InvoiceView | null> {
  // The payee is read beside the event and the journal: the whole check costs one round trip.
  const payeeFound = started(payeeExists(ctx, draft.payee));
  const {
    event,
    catalog,
    writer: writerRead,
    sequence,
  } = await eventMoneyReads(ctx, draft.entityId, lastInvoiceSequence);
  const check = await checkInvoiceInput(ctx, catalog, draft, EVENT_INVOICE, payeeFound);
  const problems = [...eventProblems(event !== null), ...(check.ok ? [] : check.problems)];
  if (!check.ok || problems.length) throw invoiceInvalid(problems);

  const writer = await writerRead();
  const { row, statements } = invoiceWrites(ctx, writer, draft, check.value, (await sequence()) + 1);
  if (!(await committed(ctx, statements, options?.orNullOnConstraint ?? false))) return null;
  writer.keepCommitted({ invoiceSequence: row.sequence }, { invoice: { row, payments: [] } });
  return invoiceView(row, []);
}

/**
 * The 422 of a draft the configuration refuses: the event's problem, then the draft's and the payee's as
 * `checkInvoiceInput` names them (one round trip for the two records).
 */
async function refusalOf(ctx: OperationContext, catalog: FinancialCatalog, draft: EventInvoiceDraft) {
  const payeeFound = started(payeeExists(ctx, draft.payee));
  const event = await findEntity(ctx.db, ctx.companyId, "event", draft.entityId);
  const check = await checkInvoiceInput(ctx, catalog, draft, EVENT_INVOICE, payeeFound);
  return invoiceInvalid([...eventProblems(event !== null), ...(check.ok ? [] : check.problems)]);
}

const eventProblems = (found: boolean): FieldProblem[] =>
  found ? [] : [{ field: "entityId", message: "is not an event of this company" }];

/** The new invoice, its creation's entry (its head), and the batch writing both. */
function invoiceWrites(
  ctx: OperationContext,
  writer: JournalWriter,
  draft: EventInvoiceDraft,
  resolved: ResolvedInvoice,
  sequence: number,
) {
  const created = newInvoiceRow(ctx, { entityType: "event", entityId: draft.entityId, sequence }, draft, resolved);
  const change = { invoiceId: created.id, before: null, after: created, scopesOf: created };
  const entry = postInvoiceEntry(writer, "invoice_created", change);
  const row = { ...created, headJournalId: entry.id };
  return { row, statements: [...writer.batch(), insertEventInvoiceWrite(ctx.db, row)] };
}

/**
 * Runs the batch: false when a constraint refused it (a record's guard, a unique sequence) and the caller
 * takes that as an answer, after which the object forgets the ledger (nothing of the batch committed).
 */
async function committed(ctx: OperationContext, statements: Statement[], falseOnConstraint: boolean) {
  try {
    await runBatch(ctx.db, statements);
    return true;
  } catch (error) {
    if (!falseOnConstraint || !isConstraintFailure(error)) throw error;
    if (ctx.memo) forgetKeptLedger(ctx.memo);
    return false;
  }
}
