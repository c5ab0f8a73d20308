import { loadConfiguration } from "../../db/queries/configuration";
import type { FindingRow } from "../../db/queries/data-validation-findings";
import { readRecordsAfter } from "../../db/queries/data-validation-records";
import {
  commitRunStep,
  countStepFailure,
  findRun,
  markRunStarted,
  type RunRow,
} from "../../db/queries/data-validation-runs";
import { RUN_CHUNK_SIZE, RUN_STEP_MAX_ATTEMPTS } from "../../domain/data-validation/limits";
import type { DataValidationFinding } from "../../domain/data-validation/record-finding";
import { cursorAfterRead, isTerminal, ordinalOf, type RunCursor } from "../../domain/data-validation/run-progress";
import { validateRecords } from "../../domain/data-validation/validate-records";
import { unconfiguredTarget, validationTarget } from "../../domain/data-validation/validation-target";
import { logFailure } from "../../lib/log";
import type { OperationContext } from "../context";
import { enqueueRunStep } from "./enqueue-run-step";

/** `done`: acknowledge the delivery; `not-ready`: it came before the previous step committed, deliver it later. */
export type StepOutcome = { status: "done" } | { status: "not-ready"; currentStep: number };

const cursorOf = (run: RunRow): RunCursor => ({
  typeIndex: run.cursorTypeIndex,
  after:
    run.cursorCreatedAt && run.cursorEntityId ? { createdAt: run.cursorCreatedAt, entityId: run.cursorEntityId } : null,
});

/**
 * Validates the chunk of step `step` of a run; runs in the queue consumer, not in the company object.
 * Delivery is at least once: a step below the run's current one was already committed and is ignored;
 * the step guard in the commit makes two simultaneous deliveries advance the run once, and the findings
 * key (run, record) keeps them from writing anything twice.
 */
export async function runDataValidationStep(
  ctx: OperationContext,
  { runId, step }: { runId: string; step: number },
): Promise<StepOutcome> {
  const run = await findRun(ctx.db, ctx.companyId, runId);
  // Gone (a Sandbox reset), finished, or this step is already done.
  if (!run || isTerminal(run.status) || step < run.step) return { status: "done" };
  if (step > run.step) return { status: "not-ready", currentStep: run.step };
  try {
    await validateChunk(ctx, run);
  } catch (err) {
    if (await recordStepFailure(ctx, run, err)) return { status: "done" };
    throw err;
  }
  return { status: "done" };
}

async function validateChunk(ctx: OperationContext, run: RunRow) {
  const now = ctx.now.toISOString();
  if (run.status === "queued") await markRunStarted(ctx.db, run.id, now);
  const configuration = (await loadConfiguration(ctx.db, run.companyId)).document;
  const findings: DataValidationFinding[] = [];
  let next: RunCursor | null = cursorOf(run);
  // Fill the chunk, moving on to the next type when one ends, so empty types cost no extra step.
  while (next && findings.length < RUN_CHUNK_SIZE) {
    const cursor: RunCursor = next;
    const entityType = run.entityTypes[cursor.typeIndex];
    if (entityType === undefined) throw new Error(`run ${run.id} has no type at index ${cursor.typeIndex}`);
    const target = validationTarget(configuration, entityType) ?? unconfiguredTarget(entityType);
    const requested = RUN_CHUNK_SIZE - findings.length;
    const records = await readRecordsAfter(ctx.db, run.companyId, entityType, cursor.after, requested);
    findings.push(...validateRecords(configuration, target, records));
    next = cursorAfterRead(cursor, run.entityTypes.length, records, requested);
  }
  // Queued before the commit: if the commit is lost, this step is retried and sends it again (same
  // message id); if it arrives before the commit, it waits (not-ready).
  if (next) await enqueueRunStep(ctx, run.id, run.step + 1);
  await commitRunStep(ctx.db, run, { findings: findingRows(run, findings), next, now });
}

const findingRows = (run: RunRow, findings: readonly DataValidationFinding[]): FindingRow[] =>
  findings.map((finding, index) => ({
    runId: run.id,
    companyId: run.companyId,
    entityId: finding.entityId,
    entityType: finding.entityType,
    ordinal: ordinalOf(run.step, index, RUN_CHUNK_SIZE),
    adheres: finding.adheres,
    extraKeys: finding.extraKeys,
    issues: finding.issues,
  }));

/**
 * Counts a failed delivery of the run's current step; at the limit the run is marked failed (and the
 * message acknowledged) rather than left running once the queue gives up. True when the delivery
 * should be acknowledged: the run has failed, or another delivery already moved it on.
 */
async function recordStepFailure(ctx: OperationContext, run: RunRow, err: unknown): Promise<boolean> {
  logFailure("data-validation-step-failed", err, { runId: run.id, step: run.step, requestId: ctx.requestId });
  const entityType = run.entityTypes[run.cursorTypeIndex] ?? "stored";
  const error =
    `The run stopped after ${RUN_STEP_MAX_ATTEMPTS} failed attempts to validate ${entityType} records; ` +
    "start a new run.";
  const now = ctx.now.toISOString();
  const status = await countStepFailure(ctx.db, run, { maxAttempts: RUN_STEP_MAX_ATTEMPTS, error, now });
  return status === null || status === "failed";
}
