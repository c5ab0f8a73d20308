import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type Database, database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import { readRecordsAfter, validateRecords } from "../../db/queries/data-validation-records";
import { enqueueRunStep, findRun, type RunRow } from "../../db/queries/data-validation-runs";
import { dataValidationFindings, dataValidationRuns } from "../../db/schema";
import { RUN_CHUNK_SIZE, RUN_STEP_MAX_ATTEMPTS } from "../../domain/data-validation/limits";
import type { DataValidationFinding } from "../../domain/data-validation/record-finding";
import { cursorAfterRead, isTerminal, ordinalOf, type RunCursor } from "../../domain/data-validation/run-progress";
import { unconfiguredTarget, validationTarget } from "../../domain/data-validation/validation-target";
import type { Env } from "../../env";

/** A step delivered before the previous one committed; the queue retries it later. */
export class RunStepNotReady extends Error {}

/** D1 binds at most 100 parameters per statement. */
const FINDINGS_PER_INSERT = Math.floor(100 / Object.keys(getTableColumns(dataValidationFindings)).length);

const runs = dataValidationRuns;
const findingsOfRun = (runId: string) =>
  sql`(select count(*) from ${dataValidationFindings} where ${dataValidationFindings.runId} = ${runId})`;

const cursorOf = (run: RunRow): RunCursor => ({
  typeIndex: run.cursorTypeIndex,
  after:
    run.cursorCreatedAt && run.cursorEntityId ? { createdAt: run.cursorCreatedAt, entityId: run.cursorEntityId } : null,
});

/**
 * Validates the chunk of step `step` of a run. Delivery is at least once: a step below the run's
 * current one was already committed and is ignored; the step guard in the commit makes two
 * simultaneous deliveries advance the run once, and the findings key (run, record) keeps them from
 * writing anything twice.
 */
export async function processRunStep(env: Env, companyId: string, runId: string, step: number): Promise<void> {
  const db = database(env.DB);
  const run = await findRun(db, companyId, runId);
  // Gone (a Sandbox reset), finished, or this step is already done.
  if (!run || isTerminal(run.status) || step < run.step) return;
  if (step > run.step)
    throw new RunStepNotReady(`Step ${step} of data-validation run ${runId} arrived before step ${run.step} committed`);
  try {
    await runStep(env, db, run);
  } catch (err) {
    if (await recordStepFailure(db, run, err)) return;
    throw err;
  }
}

async function runStep(env: Env, db: Database, run: RunRow) {
  const now = new Date().toISOString();
  if (run.status === "queued") {
    await db
      .update(runs)
      .set({ status: "running", startedAt: now })
      .where(and(eq(runs.id, run.id), eq(runs.status, "queued")));
  }
  const configuration = (await loadConfiguration(db, run.companyId)).document;
  const findings: DataValidationFinding[] = [];
  let next: RunCursor | null = cursorOf(run);
  // Fill the chunk, moving on to the next type when one ends, so empty types cost no extra step.
  while (next && findings.length < RUN_CHUNK_SIZE) {
    const cursor: RunCursor = next;
    const entityType = run.entityTypes[cursor.typeIndex]!;
    const target = validationTarget(configuration, entityType) ?? unconfiguredTarget(entityType);
    const requested = RUN_CHUNK_SIZE - findings.length;
    const records = await readRecordsAfter(db, run.companyId, entityType, cursor.after, requested);
    findings.push(...validateRecords(configuration, target, records));
    next = cursorAfterRead(cursor, run.entityTypes.length, records, requested);
  }
  // Queued before the commit: if the commit is lost, this step is retried and sends it again (same
  // message id); if it arrives before the commit, it waits (RunStepNotReady).
  if (next) await enqueueRunStep(env, run.companyId, run.id, run.step + 1);
  // Findings first: the run's counts are recounted from them in the same batch.
  const statements = [...insertFindings(db, run, findings), advanceRun(db, run, next, now)];
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

function insertFindings(db: Database, run: RunRow, findings: DataValidationFinding[]): BatchItem<"sqlite">[] {
  const rows = findings.map((finding, index) => ({
    runId: run.id,
    companyId: run.companyId,
    entityId: finding.entityId,
    entityType: finding.entityType,
    ordinal: ordinalOf(run.step, index, RUN_CHUNK_SIZE),
    adheres: finding.adheres,
    extraKeys: finding.extraKeys,
    issues: finding.issues,
  }));
  const statements: BatchItem<"sqlite">[] = [];
  for (let start = 0; start < rows.length; start += FINDINGS_PER_INSERT) {
    statements.push(
      db
        .insert(dataValidationFindings)
        .values(rows.slice(start, start + FINDINGS_PER_INSERT))
        .onConflictDoNothing(),
    );
  }
  return statements;
}

/** Moves the run to the next step, or completes it; only the delivery that still sees `step` wins. */
function advanceRun(db: Database, run: RunRow, next: RunCursor | null, now: string) {
  const processed = findingsOfRun(run.id);
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
 * Counts a failed delivery of the run's current step; at the limit the run is marked failed (and the
 * message acknowledged) rather than left running once the queue gives up. True when the delivery
 * should be acknowledged: the run has failed, or another delivery already moved it on.
 */
async function recordStepFailure(db: Database, run: RunRow, err: unknown): Promise<boolean> {
  console.error(JSON.stringify({ dataValidationStepFailed: run.id, step: run.step, error: String(err) }));
  const reachesLimit = sql`${runs.failedAttempts} + 1 >= ${RUN_STEP_MAX_ATTEMPTS}`;
  const entityType = run.entityTypes[run.cursorTypeIndex] ?? "stored";
  const message = `The run stopped after ${RUN_STEP_MAX_ATTEMPTS} failed attempts to validate ${entityType} records; start a new run.`;
  const [row] = await db
    .update(runs)
    .set({
      failedAttempts: sql`${runs.failedAttempts} + 1`,
      status: sql`case when ${reachesLimit} then 'failed' else ${runs.status} end`,
      error: sql`case when ${reachesLimit} then ${message} else ${runs.error} end`,
      completedAt: sql`case when ${reachesLimit} then ${new Date().toISOString()} else ${runs.completedAt} end`,
    })
    .where(and(eq(runs.id, run.id), eq(runs.step, run.step), inArray(runs.status, ["queued", "running"])))
    .returning({ status: runs.status });
  return !row || row.status === "failed";
}
