import { findRun } from "../../db/queries/data-validation-runs";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";
import { type RunView, runView } from "./run-view";

/** A run of the company; another company's run id is 404. */
export async function readRun(ctx: OperationContext, runId: string): Promise<RunView> {
  const run = await findRun(ctx.db, ctx.companyId, runId);
  if (!run) throw notFound();
  return runView(run);
}
