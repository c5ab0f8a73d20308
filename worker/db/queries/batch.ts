import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../client";
import { BoundWrite, type BuiltQuery } from "../compiled-write";

/** One statement of a D1 batch, not yet executed: built by a query function, or a compiled write bound. */
export type Statement = BatchItem<"sqlite"> | BoundWrite;

/**
 * Runs statements as one D1 batch (D1's unit of atomicity): all of them commit, or none does; none is a
 * no-op. Through drizzle's batch when every statement is drizzle's; otherwise each drizzle statement is
 * prepared from its text on the same handle, beside the compiled ones. No caller reads the results.
 */
export async function runBatch(db: Database, statements: readonly Statement[]): Promise<void> {
  if (!statements.length) return;
  if (!statements.some((statement) => statement instanceof BoundWrite)) {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    return;
  }
  await db.$client.batch(
    statements.map((statement) => (statement instanceof BoundWrite ? statement.statement : prepared(db, statement))),
  );
}

/** Query builders give their text through `toSQL`, raw statements through `getQuery`. */
type Built = { toSQL(): BuiltQuery } | { getQuery(): BuiltQuery };

/** A drizzle statement as D1 runs it in drizzle's own batch: its text, bound to its encoded parameters. */
function prepared(db: Database, statement: BatchItem<"sqlite">): D1PreparedStatement {
  const built = statement as unknown as Built;
  const query = "toSQL" in built ? built.toSQL() : built.getQuery();
  return db.$client.prepare(query.sql).bind(...query.params);
}
