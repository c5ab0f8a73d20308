import { listEntities } from "../../db/queries/entities";
import type { OperationContext } from "../context";
import { configuredCustomObject } from "./custom-object-type";
import { type CustomObjectView, customObjectView } from "./custom-object-view";

export interface ListCustomObjectsInput {
  objectType: string;
  limit: number;
  offset: number;
}

/** A page of one custom object type's records, newest first. */
export async function listCustomObjects(
  ctx: OperationContext,
  input: ListCustomObjectsInput,
): Promise<{ items: CustomObjectView[]; totalCount: number }> {
  const { configuration, customObject } = await configuredCustomObject(ctx, input.objectType);
  const { items, totalCount } = await listEntities(ctx.db, ctx.companyId, customObject.key, input.limit, input.offset);
  return { items: items.map((row) => customObjectView(configuration, customObject, row, ctx.now)), totalCount };
}
