import { and, asc, count, eq } from "drizzle-orm";
import type { DataValidationFinding } from "../../domain/data-validation/record-finding";
import { RUN_START } from "../../domain/data-validation/run-progress";
import type { Env } from "../../env";
import { offsetOf } from "../../http/pagination";
import type { Database } from "../client";
import { dataValidationFindings, dataValidationRuns } from "../schema";
import { countRecords } from "./data-validation-records";

export type RunRow = typeof dataValidationRuns.$inferSelect;

/** Queue message type of one step of a run (payload `{runId, step}`). */
export const RUN_STEP_MESSAGE = "data-validation.run-step";

/** The producer-generated message id: one per run step, so a re-sent step is recognisably the same. */
export const runStepMessageId = (runId: string, step: number) => `${runId}:${step}`;

export async function enqueueRunStep(env: Env, companyId: string, runId: string, step: number): Promise<void> {
  await env.BACKGROUND.send({
    type: RUN_STEP_MESSAGE,
    messageId: runStepMessageId(runId, step),
    companyId,
    payload: { runId, step },
  });
}

/** Records the run as queued and queues its first step; a run whose step could not be queued is removed. */
export async function startRun(
  env: Env,
  db: Database,
  companyId: string,
  createdBy: string,
  entityTypes: string[],
): Promise<RunRow> {
  const run: RunRow = {
    id: crypto.randomUUID(),
    companyId,
    status: "queued",
    entityTypes,
    step: 0,
    cursorTypeIndex: RUN_START.typeIndex,
    cursorCreatedAt: null,
    cursorEntityId: null,
    totalCount: await countRecords(db, companyId, entityTypes),
    processedCount: 0,
    failedAttempts: 0,
    error: null,
    createdAt: new Date().toISOString(),
    startedAt: null,
    completedAt: null,
    createdBy,
  };
  await db.insert(dataValidationRuns).values(run);
  try {
    await enqueueRunStep(env, companyId, run.id, 0);
  } catch (err) {
    await db.delete(dataValidationRuns).where(eq(dataValidationRuns.id, run.id));
    throw err;
  }
  return run;
}

/** A run of the company; another company's run id reads as absent. */
export async function findRun(db: Database, companyId: string, runId: string): Promise<RunRow | null> {
  const rows = await db
    .select()
    .from(dataValidationRuns)
    .where(and(eq(dataValidationRuns.id, runId), eq(dataValidationRuns.companyId, companyId)))
    .limit(1);
  return rows[0] ?? null;
}

export function runView(run: RunRow) {
  return {
    runId: run.id,
    status: run.status,
    entityTypes: run.entityTypes,
    totalCount: run.totalCount,
    processedCount: run.processedCount,
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    completedAt: run.completedAt,
    error: run.error,
  };
}

export interface FindingsQuery {
  page: number;
  pageSize: number;
  adheres?: boolean;
}

/** Saved findings of a run in the order the run validated the records. */
export async function listFindings(
  db: Database,
  run: RunRow,
  query: FindingsQuery,
): Promise<{ items: DataValidationFinding[]; totalCount: number }> {
  const where = and(
    eq(dataValidationFindings.runId, run.id),
    eq(dataValidationFindings.companyId, run.companyId),
    query.adheres === undefined ? undefined : eq(dataValidationFindings.adheres, query.adheres),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(dataValidationFindings)
      .where(where)
      .orderBy(asc(dataValidationFindings.ordinal), asc(dataValidationFindings.entityId))
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize)),
    db.select({ n: count() }).from(dataValidationFindings).where(where),
  ]);
  const items = rows.map((row) => ({
    entityType: row.entityType,
    entityId: row.entityId,
    adheres: row.adheres,
    extraKeys: row.extraKeys,
    issues: row.issues,
  }));
  return { items, totalCount: total?.n ?? 0 };
}
