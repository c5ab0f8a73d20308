import type { Database } from "../../db/client";
import { findEntity } from "../../db/queries/entities";
import { started } from "../../lib/started";
import type { OperationContext } from "../context";
import { loadFinancialSetup } from "./financial-setup";
import { JournalWriter } from "./journal-writer";

/**
 * What a money write on an event reads, started together so it costs one round trip: the event and the
 * financial setup at once; the journal's state and the last sequence of what the write numbers (invoices or
 * payments) taken once the write is accepted (a refusal before them keeps its precedence).
 */
export async function eventMoneyReads(
  ctx: OperationContext,
  eventId: string,
  lastSequence: (db: Database, companyId: string) => Promise<number>,
) {
  const setup = loadFinancialSetup(ctx);
  const writer = started(
    JournalWriter.open(
      ctx,
      setup.then(({ catalog }) => catalog),
    ),
  );
  const sequence = started(lastSequence(ctx.db, ctx.companyId));
  const [event, { catalog }] = await Promise.all([findEntity(ctx.db, ctx.companyId, "event", eventId), setup]);
  return { event, catalog, writer, sequence };
}
