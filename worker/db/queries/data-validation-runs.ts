import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { RunCursor } from "../../domain/data-validation/run-progress";
import type { Database } from "../client";
import { dataValidationRuns as runs } from "../schema";
import { type FindingRow, findingsCountOf, insertFindingsStatements } from "./data-validation-findings";

export type RunRow = typeof runs.$inferSelect;

export async function deleteRun(db: Database, runId: string): Promise<void> {
  await db.delete(runs).where(eq(runs.id, runId));
}

/** A run of the company; another company's run id reads as absent. */
export async function findRun(db: Database, companyId: string, runId: string): Promise<RunRow | null> {
  const rows = await db
    .select()
    .from(runs)
    .where(and(eq(runs.id, runId), eq(runs.companyId, companyId)))
    .limit(1);
  return rows[0] ?? null;
}

/** A queued run's first step has begun (a no-op for a run already running). */
export async function markRunStarted(db: Database, runId: string, startedAt: string): Promise<void> {
  await db
    .update(runs)
    .set({ status: "running", startedAt })
    .where(and(eq(runs.id, runId), eq(runs.status, "queued")));
}

/**
 * Commits one step of a run in one batch: the chunk's findings first, then the run's move past
 * `run.step`, whose counts are recounted from them. Only the delivery that still sees `run.step` moves
 * the run; the findings key (run, record) keeps a second delivery from writing anything twice.
 */
export async function commitRunStep(
  db: Database,
  run: RunRow,
  step: { findings: readonly FindingRow[]; next: RunCursor | null; now: string },
): Promise<void> {
  const statements = [...insertFindingsStatements(db, step.findings), advanceRun(db, run, step.next, step.now)];
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/** The run at `next`, or complete when there is none. */
function advanceRun(db: Database, run: RunRow, next: RunCursor | null, now: string) {
  const processed = findingsCountOf(run.id);
  return db
    .update(runs)
    .set({
      step: run.step + 1,
      status: next ? "running" : "succeeded",
      cursorTypeIndex: next?.typeIndex ?? run.cursorTypeIndex,
      cursorCreatedAt: next?.after?.createdAt ?? null,
      cursorEntityId: next?.after?.entityId ?? null,
      processedCount: processed,
      // The estimate taken at the start grows if records were added meanwhile; on completion it is exact.
      totalCount: next ? sql`max(${runs.totalCount}, ${processed})` : processed,
      failedAttempts: 0,
      startedAt: sql`coalesce(${runs.startedAt}, ${now})`,
      completedAt: next ? null : now,
    })
    .where(and(eq(runs.id, run.id), eq(runs.step, run.step)));
}

/**
 * Counts a failed delivery of the run's current step; the delivery that reaches `maxAttempts` marks the
 * run failed with `error`. Answers the run's status afterwards, or null when the run had already moved
 * on (another delivery advanced it, or it had completed).
 */
export async function countStepFailure(
  db: Database,
  run: RunRow,
  failure: { maxAttempts: number; error: string; now: string },
): Promise<RunRow["status"] | null> {
  const reachesLimit = sql`${runs.failedAttempts} + 1 >= ${failure.maxAttempts}`;
  const [row] = await db
    .update(runs)
    .set({
      failedAttempts: sql`${runs.failedAttempts} + 1`,
      status: sql`case when ${reachesLimit} then 'failed' else ${runs.status} end`,
      error: sql`case when ${reachesLimit} then ${failure.error} else ${runs.error} end`,
      completedAt: sql`case when ${reachesLimit} then ${failure.now} else ${runs.completedAt} end`,
    })
    .where(and(eq(runs.id, run.id), eq(runs.step, run.step), inArray(runs.status, ["queued", "running"])))
    .returning({ status: runs.status });
  return row?.status ?? null;
}

/**
 * Records a run unless the company already has `cap` runs queued or running (CONTRACT section 4, "Data
 * validation"): the count and the insert are one statement, so concurrent starts cannot pass the cap
 * together. False when the cap refused it (nothing stored).
 */
export async function insertRunWithinCap(db: Database, run: RunRow, cap: number): Promise<boolean> {
  const active = sql`(SELECT COUNT(*) FROM ${runs} WHERE ${runs.companyId} = ${run.companyId} AND ${runs.status} IN ('queued', 'running'))`;
  const result = await db.run(sql`
    INSERT INTO ${runs} (id, company_id, status, entity_types, step, cursor_type_index, cursor_created_at,
      cursor_entity_id, total_count, processed_count, failed_attempts, error, created_at, started_at, completed_at,
      created_by)
    SELECT ${run.id}, ${run.companyId}, ${run.status}, ${JSON.stringify(run.entityTypes)}, ${run.step},
      ${run.cursorTypeIndex}, ${run.cursorCreatedAt}, ${run.cursorEntityId}, ${run.totalCount}, ${run.processedCount},
      ${run.failedAttempts}, ${run.error}, ${run.createdAt}, ${run.startedAt}, ${run.completedAt}, ${run.createdBy}
    WHERE ${active} < ${cap}`);
  return result.meta.changes === 1;
}
