import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../client";

/** Commits statements built by the query functions as one D1 batch (D1's unit of atomicity); none is a no-op. */
export async function commitBatch(db: Database, statements: ReadonlyArray<BatchItem<"sqlite">>) {
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}
