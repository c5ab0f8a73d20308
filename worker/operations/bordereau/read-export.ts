import { findExport } from "../../db/queries/bordereau-exports";
import { exportView } from "../../domain/bordereau/export-progress";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";

/** `GET X/policies/bordereau/exports/{exportId}`: an export's progress; another company's id is 404. */
export async function readBordereauExport(ctx: OperationContext, exportId: string) {
  const row = await findExport(ctx.db, ctx.companyId, exportId);
  if (!row) throw notFound();
  return exportView(row);
}
