import {
  findJournalEntry,
  type JournalEntryRow,
  type JournalFilter,
  listJournalEntries,
} from "../../db/queries/ledger";
import type { PageWindow } from "../../db/queries/page";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";

/** A journal entry as the API shows it (CONTRACT section 7.3). */
export function journalEntryView(row: JournalEntryRow) {
  return {
    journalId: row.id,
    kind: row.kind,
    createdAt: row.createdAt,
    reverses: row.reverses,
    invoiceId: row.invoiceId,
    paymentId: row.paymentId,
    scopes: row.scopes,
    lines: row.lines,
  };
}
export type JournalEntryView = ReturnType<typeof journalEntryView>;

/** `GET P/financials/journal/{journalId}`. */
export async function readJournalEntry(ctx: OperationContext, journalId: string): Promise<JournalEntryView> {
  const row = await findJournalEntry(ctx.db, ctx.companyId, journalId);
  if (!row) throw notFound();
  return journalEntryView(row);
}

/** `GET P/financials/journal`: entries matching every filter given, oldest first. */
export async function listJournal(ctx: OperationContext, filter: JournalFilter, page: PageWindow) {
  const { items, totalCount } = await listJournalEntries(ctx.db, ctx.companyId, filter, page);
  return { items: items.map(journalEntryView), totalCount };
}
