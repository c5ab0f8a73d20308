import { eq, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { quoteBindings, quoteRecords, submissionRecords } from "../schema";
import { noLinkedQuote } from "./submissions";

/**
 * What a wipe of quotes or submissions (`POST P/entities/{quote|submission}/deleteAll`) adds (CONTRACT
 * 5.3, Wipes): submissions stay while a quote links one, and the lifecycle records beside the rows go
 * with them.
 */

/** The extra live-reference guard of a type's wipe, or null. */
export const lifecycleWipeGuard = (db: Database, companyId: string, entityType: string): SQL | null =>
  entityType === "submission" ? noLinkedQuote(db, companyId) : null;

/** The statements removing a type's lifecycle records; `guarded` adds the wipe's own guards to each. */
export function lifecycleWipeStatements(
  db: Database,
  companyId: string,
  entityType: string,
  guarded: (where: SQL) => SQL,
) {
  if (entityType === "quote")
    return [
      db.delete(quoteBindings).where(guarded(eq(quoteBindings.companyId, companyId))),
      db.delete(quoteRecords).where(guarded(eq(quoteRecords.companyId, companyId))),
    ];
  if (entityType === "submission")
    return [db.delete(submissionRecords).where(guarded(eq(submissionRecords.companyId, companyId)))];
  return [];
}
