import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../client";

/** One statement of a D1 batch, built by a query function and not yet executed. */
export type Statement = BatchItem<"sqlite">;

/** Runs statements as one D1 batch (D1's unit of atomicity): all of them commit, or none does; none is a no-op. */
export async function runBatch(db: Database, statements: readonly Statement[]) {
  if (!statements.length) return [];
  return db.batch(statements as [Statement, ...Statement[]]);
}

/** `runBatch` when the results are not needed. */
export async function commitBatch(db: Database, statements: readonly Statement[]): Promise<void> {
  await runBatch(db, statements);
}
