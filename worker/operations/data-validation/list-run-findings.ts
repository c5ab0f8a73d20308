import { type FindingsWindow, listFindings } from "../../db/queries/data-validation-findings";
import { findRun } from "../../db/queries/data-validation-runs";
import { runTypeOf } from "../../domain/data-validation/validation-target";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";
import { requireViewPermissions } from "./require-targets";

/**
 * A window of a run's saved findings, readable while the run is under way; another company's run is 404.
 * Findings carry record ids and values, so reading them needs the view permission of every type the run
 * validated, whoever started it.
 */
export async function listRunFindings(ctx: OperationContext, runId: string, window: FindingsWindow) {
  const run = await findRun(ctx.db, ctx.companyId, runId);
  if (!run) throw notFound();
  requireViewPermissions(ctx.actor, run.entityTypes.map(runTypeOf));
  return listFindings(ctx.db, run, window);
}
