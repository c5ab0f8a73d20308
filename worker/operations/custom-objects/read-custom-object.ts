import { findEntity } from "../../db/queries/entities";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";
import { configuredCustomObject } from "./custom-object-type";
import { type CustomObjectView, customObjectView } from "./custom-object-view";

/** One custom object record; a record of another type or another company is 404. */
export async function readCustomObject(
  ctx: OperationContext,
  input: { objectType: string; id: string },
): Promise<CustomObjectView> {
  const { configuration, customObject } = await configuredCustomObject(ctx, input.objectType);
  const row = await findEntity(ctx.db, ctx.companyId, customObject.key, input.id);
  if (row?.kind !== "customObject") throw notFound();
  return customObjectView(configuration, customObject, row, ctx.now);
}
