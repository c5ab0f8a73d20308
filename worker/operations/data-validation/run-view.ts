import type { RunRow } from "../../db/queries/data-validation-runs";

/** A run as the interface shows it: progress and outcome, without the walk's cursor. */
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

export type RunView = ReturnType<typeof runView>;
