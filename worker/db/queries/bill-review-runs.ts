import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../client";
import { billReviewRuns } from "../schema";

export type BillReviewRunRow = typeof billReviewRuns.$inferSelect;

const IN_FLIGHT = ["queued", "running"] as const;

/** The invoice's queued or running run, if any. */
export async function findInFlightRun(db: Database, companyId: string, invoiceId: string) {
  const [row] = await db
    .select({ id: billReviewRuns.id })
    .from(billReviewRuns)
    .where(
      and(
        eq(billReviewRuns.companyId, companyId),
        eq(billReviewRuns.invoiceId, invoiceId),
        inArray(billReviewRuns.status, [...IN_FLIGHT]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Queued + running runs of the company: what the capacity counts. */
export async function countInFlightRuns(db: Database, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(billReviewRuns)
    .where(and(eq(billReviewRuns.companyId, companyId), inArray(billReviewRuns.status, [...IN_FLIGHT])));
  return row?.n ?? 0;
}

export async function lastRunSequence(db: Database, companyId: string): Promise<number> {
  const [row] = await db
    .select({ sequence: billReviewRuns.sequence })
    .from(billReviewRuns)
    .where(eq(billReviewRuns.companyId, companyId))
    .orderBy(desc(billReviewRuns.sequence))
    .limit(1);
  return row?.sequence ?? 0;
}

export async function insertRun(db: Database, row: BillReviewRunRow) {
  await db.insert(billReviewRuns).values(row);
}

export async function deleteRun(db: Database, companyId: string, id: string) {
  await db.delete(billReviewRuns).where(and(eq(billReviewRuns.id, id), eq(billReviewRuns.companyId, companyId)));
}

/** The invoice's latest run. */
export async function latestRun(db: Database, companyId: string, invoiceId: string) {
  const [row] = await db
    .select()
    .from(billReviewRuns)
    .where(and(eq(billReviewRuns.companyId, companyId), eq(billReviewRuns.invoiceId, invoiceId)))
    .orderBy(desc(billReviewRuns.sequence))
    .limit(1);
  return row ?? null;
}

/** Runs still to judge, oldest first (running ones were cut short and are judged again). */
export async function runsToJudge(db: Database, companyId: string): Promise<BillReviewRunRow[]> {
  return db
    .select()
    .from(billReviewRuns)
    .where(and(eq(billReviewRuns.companyId, companyId), inArray(billReviewRuns.status, [...IN_FLIGHT])))
    .orderBy(asc(billReviewRuns.sequence));
}

/** `queued` → `running`; true when this call moved it. */
export async function markRunning(db: Database, run: BillReviewRunRow, startedAt: string): Promise<boolean> {
  const moved = await db
    .update(billReviewRuns)
    .set({ status: "running", startedAt })
    .where(
      and(
        eq(billReviewRuns.id, run.id),
        eq(billReviewRuns.companyId, run.companyId),
        eq(billReviewRuns.status, "queued"),
      ),
    )
    .returning({ id: billReviewRuns.id });
  return moved.length > 0;
}

/** `running` → `succeeded` or `failed`, once. */
export async function finishRun(
  db: Database,
  run: BillReviewRunRow,
  outcome: Pick<BillReviewRunRow, "status" | "passed" | "error" | "findings" | "finishedAt">,
) {
  await db
    .update(billReviewRuns)
    .set(outcome)
    .where(
      and(
        eq(billReviewRuns.id, run.id),
        eq(billReviewRuns.companyId, run.companyId),
        eq(billReviewRuns.status, "running"),
      ),
    );
}
