import { runBatch } from "../../db/queries/batch";
import { insertPaymentStatement, lastPaymentSequence, type PaymentRow } from "../../db/queries/invoices";
import { readScopeBalances } from "../../db/queries/ledger";
import type { JournalScope } from "../../db/schema";
import { DEFAULT_TIMEZONE, type Fmv1Date, todayIn } from "../../domain/dates/fmv1-date";
import { configuredCategory } from "../../domain/financials/catalog";
import type { FieldProblem } from "../../domain/financials/invoice-draft";
import type { Payee } from "../../domain/financials/invoice-plan";
import { directPayment } from "../../domain/financials/reserves";
import { notFound } from "../../errors/api-error";
import { paymentInvalid } from "../../errors/financial-refusals";
import { started } from "../../lib/started";
import type { OperationContext } from "../context";
import { eventMoneyReads } from "./event-money-reads";
import { type PaymentView, paymentView } from "./invoice-view";
import { postErosion } from "./ledger-postings";
import { payeeExists, payeeProblems } from "./payees";

export interface DirectPaymentInput {
  eventId: string;
  categoryId: string;
  amountCents: number;
  paidOn?: Fmv1Date | undefined;
  reference?: string | undefined;
  payee?: Payee | undefined;
}

/** A payment's `paidOn` defaults to today in America/New_York. */
export const paidOnOr = (ctx: OperationContext, paidOn: Fmv1Date | undefined): Fmv1Date =>
  paidOn ?? { date: todayIn(DEFAULT_TIMEZONE, ctx.now), timezone: DEFAULT_TIMEZONE };

/**
 * Serialized in the company object. `POST P/financials/events/{eventId}/payments` (CONTRACT section 7.5):
 * a direct payment, money out in a payable category and in in a receivable one (Dr additional / Cr cash for
 * payable), in the event's scope and its payee's; in a reserved category it erodes the event's reserves in
 * an entry of its own. One batch.
 */
export async function recordDirectPayment(ctx: OperationContext, input: DirectPaymentInput): Promise<PaymentView> {
  // The payee is read beside the event and the journal (one round trip); its answer is taken after the 404.
  const payeeFound = input.payee ? started(payeeExists(ctx, input.payee)) : null;
  // So are the event's balances, which a payment in a reserved category erodes.
  const eventBalancesRead = started(readScopeBalances(ctx.db, ctx.companyId, "event", input.eventId));
  const {
    event,
    catalog,
    writer: writerRead,
    sequence: sequenceRead,
  } = await eventMoneyReads(ctx, input.eventId, lastPaymentSequence);
  if (!event) throw notFound();
  const problems: FieldProblem[] = [];
  const category = configuredCategory(catalog, input.categoryId);
  if (!category) problems.push({ field: "categoryId", message: "is not a configured category" });
  if (input.payee && payeeFound) problems.push(...payeeProblems(input.payee, await payeeFound()));
  if (!category || problems.length) throw paymentInvalid(problems);

  const id = crypto.randomUUID();
  const writer = await writerRead();
  const scopes: JournalScope[] = [{ entityType: "event", entityId: event.id }];
  if (input.payee) scopes.push({ entityType: "payee", entityId: input.payee.entityId });
  const entry = writer.post({
    kind: "payment_recorded",
    scopes,
    movements: directPayment(category, input.amountCents),
    paymentId: id,
  });
  if (!entry) throw new Error("a payment above 0 always posts");
  const payment = { id, eventId: event.id, invoiceId: null, amountCents: input.amountCents };
  const erosion = await postErosion(ctx, writer, payment, category, eventBalancesRead);
  const row: PaymentRow = {
    ...payment,
    companyId: ctx.companyId,
    sequence: (await sequenceRead()) + 1,
    categoryId: category.id,
    erodedCents: erosion.erodedCents,
    paidOn: paidOnOr(ctx, input.paidOn),
    reference: input.reference ?? null,
    payeeType: input.payee?.entityType ?? null,
    payeeId: input.payee?.entityId ?? null,
    journalIds: [entry.id, ...(erosion.entry ? [erosion.entry.id] : [])],
    journalSequence: erosion.entry?.sequence ?? entry.sequence,
    createdAt: ctx.now.toISOString(),
  };
  await runBatch(ctx.db, [...writer.batch(), insertPaymentStatement(ctx.db, row)]);
  return paymentView(row);
}
