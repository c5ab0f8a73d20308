import { customObjectRecordType } from "../../domain/entities/record-type";
import type { JsonObject } from "../../lib/json";
import type { OperationContext } from "../context";
import { updateRecordValues } from "../entities/save-record";
import { refuseLockedFields } from "../entities/write-group-check";
import { configuredCustomObject, refuseRelationshipFields } from "./custom-object-type";
import { type CustomObjectView, customObjectView } from "./custom-object-view";

export interface UpdateCustomObjectInput {
  objectType: string;
  id: string;
  data: JsonObject;
}

/**
 * Serialized in the company object (like entity updates: concurrent updates of one record all land). A
 * partial update of a custom object record; a record of another type or company is 404.
 */
export async function updateCustomObject(
  ctx: OperationContext,
  input: UpdateCustomObjectInput,
): Promise<CustomObjectView> {
  const { configuration, customObject } = await configuredCustomObject(ctx, input.objectType);
  const recordType = customObjectRecordType(customObject);
  // 403 before 400: a body naming a locked sub-field is refused whole, whatever else it names.
  refuseLockedFields(ctx, recordType, configuration, input.data);
  const row = await updateRecordValues(ctx, {
    recordType,
    configuration,
    id: input.id,
    body: input.data,
    checkBody: () => refuseRelationshipFields(configuration, input.data),
  });
  return customObjectView(configuration, customObject, row, ctx.now);
}
