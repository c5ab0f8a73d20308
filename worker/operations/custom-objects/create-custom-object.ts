import { customObjectRecordType } from "../../domain/entities/record-type";
import type { JsonObject } from "../../lib/json";
import type { OperationContext } from "../context";
import { insertRecord } from "../entities/save-record";
import { refuseLockedFields } from "../entities/write-group-check";
import { configuredCustomObject, refuseRelationshipFields } from "./custom-object-type";

export interface CreateCustomObjectInput {
  objectType: string;
  data: JsonObject;
}

/**
 * Run in a shared turn of the company object, like entity creates: never beside an import's gate.
 * Creates a custom object record, its values validated like entity writes; answers its id.
 */
export async function createCustomObject(
  ctx: OperationContext,
  input: CreateCustomObjectInput,
): Promise<{ id: string }> {
  const { configuration, customObject } = await configuredCustomObject(ctx, input.objectType);
  const recordType = customObjectRecordType(customObject);
  // 403 before 400: a body naming a locked sub-field is refused whole, whatever else it names.
  refuseLockedFields(ctx, recordType, configuration, input.data);
  refuseRelationshipFields(configuration, input.data);
  const row = await insertRecord(ctx, { recordType, configuration, body: input.data });
  return { id: row.id };
}
