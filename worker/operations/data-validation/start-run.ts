import { countRecords } from "../../db/queries/data-validation-records";
import { deleteRun, insertRunWithinCap, type RunRow } from "../../db/queries/data-validation-runs";
import { RUN_START } from "../../domain/data-validation/run-progress";
import { validatableTypes } from "../../domain/data-validation/validation-target";
import { ApiError } from "../../errors/api-error";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { enqueueRunStep } from "./enqueue-run-step";
import { requireTargets, requireViewPermissions } from "./require-targets";
import { type RunView, runView } from "./run-view";

/** Runs of one company queued or running at once (CONTRACT section 4, "Data validation"). */
export const MAX_ACTIVE_RUNS = 3;

const tooManyRuns = () =>
  new ApiError({
    code: "TooManyDataValidationRuns",
    message: `The company already has ${MAX_ACTIVE_RUNS} data validation runs queued or running`,
    userMessages: [`At most ${MAX_ACTIVE_RUNS} data validation runs can be under way at once; wait for one to finish.`],
  });

/**
 * Records a background validation run as queued and queues its first step. Unknown or repeated types,
 * a type the key may not view, or a fourth run under way refuse the whole request and store nothing; a
 * run whose first step could not be queued is removed.
 */
export async function startRun(
  ctx: OperationContext,
  request: { entityTypes?: string[] | undefined },
): Promise<RunView> {
  const configuration = (await configurationOf(ctx)).document;
  const requested = request.entityTypes ?? validatableTypes(configuration);
  const targets = requireTargets(
    configuration,
    requested.map((entityType, i) => ({ field: `entityTypes[${i}]`, entityType })),
  );
  requireViewPermissions(ctx.actor, targets);
  const entityTypes = targets.map((t) => t.entityType);
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
  if (!(await insertRunWithinCap(ctx.db, run, MAX_ACTIVE_RUNS))) throw tooManyRuns();
  try {
    await enqueueRunStep(ctx, run.id, 0);
  } catch (err) {
    await deleteRun(ctx.db, run.id);
    throw err;
  }
  return runView(run);
}
