import { loadConfiguration } from "../../db/queries/configuration";
import { countRecords } from "../../db/queries/data-validation-records";
import { deleteRun, insertRun, type RunRow } from "../../db/queries/data-validation-runs";
import { RUN_START } from "../../domain/data-validation/run-progress";
import { validatableTypes } from "../../domain/data-validation/validation-target";
import type { OperationContext } from "../context";
import { enqueueRunStep } from "./enqueue-run-step";
import { requireTargets } from "./require-targets";
import { type RunView, runView } from "./run-view";

/**
 * Records a background validation run as queued and queues its first step. Unknown types refuse the
 * whole request and queue nothing; a run whose first step could not be queued is removed.
 */
export async function startRun(
  ctx: OperationContext,
  request: { entityTypes?: string[] | undefined },
): Promise<RunView> {
  const configuration = (await loadConfiguration(ctx.db, ctx.companyId)).document;
  const requested = request.entityTypes ?? validatableTypes(configuration);
  const targets = requireTargets(
    configuration,
    requested.map((entityType, i) => ({ field: `entityTypes[${i}]`, entityType })),
  );
  const entityTypes = [...new Set(targets.map((t) => t.entityType))];
  const run: RunRow = {
    id: crypto.randomUUID(),
    companyId: ctx.companyId,
    status: "queued",
    entityTypes,
    step: 0,
    cursorTypeIndex: RUN_START.typeIndex,
    cursorCreatedAt: null,
    cursorEntityId: null,
    totalCount: await countRecords(ctx.db, ctx.companyId, entityTypes),
    processedCount: 0,
    failedAttempts: 0,
    error: null,
    createdAt: ctx.now.toISOString(),
    startedAt: null,
    completedAt: null,
    createdBy: ctx.actor.keyId,
  };
  await insertRun(ctx.db, run);
  try {
    await enqueueRunStep(ctx, run.id, 0);
  } catch (err) {
    await deleteRun(ctx.db, run.id);
    throw err;
  }
  return runView(run);
}
