import { type FindingsWindow, listFindings } from "../../db/queries/data-validation-findings";
import { findRun } from "../../db/queries/data-validation-runs";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";

/** A window of a run's saved findings, readable while the run is under way; another company's run is 404. */
export async function listRunFindings(ctx: OperationContext, runId: string, window: FindingsWindow) {
  const run = await findRun(ctx.db, ctx.companyId, runId);
  if (!run) throw notFound();
  return listFindings(ctx.db, run, window);
}
