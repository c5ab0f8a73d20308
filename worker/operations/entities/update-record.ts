import type { EntityType } from "../../domain/entities/entity-types";
import { entityRecordType } from "../../domain/entities/record-type";
import type { JsonObject } from "../../lib/json";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { type EntityView, entityView } from "./entity-view";
import { updateRecordValues } from "./save-record";

export interface UpdateRecordInput {
  /** Every type but those whose writes run serialized in the company object (`updateEvent`, `updateQuote`...). */
  entityType: Exclude<EntityType, "event" | "quote" | "submission">;
  id: string;
  body: JsonObject;
}

/**
 * Serialized in the company object, so concurrent partial updates of one record all land (each reads the
 * values the previous one wrote) and none races a configuration import. Only the fields sent change,
 * `null` clears one. Answers the record as read.
 */
export async function updateRecord(ctx: OperationContext, input: UpdateRecordInput): Promise<EntityView> {
  const configuration = (await configurationOf(ctx)).document;
  const recordType = entityRecordType(configuration, input.entityType);
  const row = await updateRecordValues(ctx, { recordType, configuration, id: input.id, body: input.body });
  return entityView(configuration, recordType, row);
}
