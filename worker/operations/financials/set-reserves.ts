import { runBatch } from "../../db/queries/batch";
import { findEntity } from "../../db/queries/entities";
import { configuredCategory } from "../../domain/financials/catalog";
import { reservesChange, reservesFor } from "../../domain/financials/reserves";
import { notFound } from "../../errors/api-error";
import { categoryNotReserved, expectedTotalBelowPaid, expectedTotalChanged } from "../../errors/financial-refusals";
import type { OperationContext } from "../context";
import { loadFinancialSetup } from "./financial-setup";
import { JournalWriter } from "./journal-writer";
import { eventCategoryFigures } from "./ledger-postings";

export interface SetReservesInput {
  eventId: string;
  categoryId: string;
  expectedTotalCents: number;
  /** Compare-and-set: refused 409 unless it is the current expected total. */
  currentExpectedTotalCents?: number | undefined;
}

/**
 * Serialized in the company object. `PUT P/financials/events/{eventId}/reserves/{categoryId}` (CONTRACT
 * section 7.5): the new reserves are the expected total less what is paid; the change posts one
 * `reserves_set` entry (Dr unpaid / Cr reserves for payable), none when nothing changes. A refusal changes
 * nothing.
 */
export async function setReserves(ctx: OperationContext, input: SetReservesInput) {
  const [event, { catalog }] = await Promise.all([
    findEntity(ctx.db, ctx.companyId, "event", input.eventId),
    loadFinancialSetup(ctx),
  ]);
  const category = configuredCategory(catalog, input.categoryId);
  if (!event || !category) throw notFound();
  if (category.kind !== "reserved") throw categoryNotReserved(category.name);
  const { reservesCents, paidCents } = await eventCategoryFigures(ctx, event.id, category);
  const current = paidCents + reservesCents;
  const expected = input.currentExpectedTotalCents;
  if (expected !== undefined && expected !== current) throw expectedTotalChanged(expected, current);
  if (input.expectedTotalCents < paidCents) throw expectedTotalBelowPaid(input.expectedTotalCents, paidCents);

  const newReserves = reservesFor(input.expectedTotalCents, paidCents);
  const writer = await JournalWriter.open(ctx, catalog);
  const entry = writer.post({
    kind: "reserves_set",
    scopes: [{ entityType: "event", entityId: event.id }],
    movements: reservesChange(category, newReserves - reservesCents),
    categoryId: category.id,
  });
  await runBatch(ctx.db, writer.batch());
  return {
    eventId: event.id,
    categoryId: category.id,
    expectedTotalCents: input.expectedTotalCents,
    reservesCents: newReserves,
    paidCents,
    journalId: entry?.id ?? null,
  };
}
