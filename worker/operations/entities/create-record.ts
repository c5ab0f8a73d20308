import type { EntityType } from "../../domain/entities/entity-types";
import { entityRecordType } from "../../domain/entities/record-type";
import type { JsonObject } from "../../lib/json";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { insertRecord } from "./save-record";

export interface CreateRecordInput {
  /** Every type but those whose writes run serialized in the company object (`createEvent`, `createQuote`...). */
  entityType: Exclude<EntityType, "event" | "quote" | "submission">;
  body: JsonObject;
}

/**
 * Run in a shared turn of the company object: never beside a configuration import's breaking-change gate,
 * but beside other creates (it only inserts its row and mints sequence numbers atomically). Creates an
 * entity record through the write pipeline; answers its id.
 */
export async function createRecord(ctx: OperationContext, input: CreateRecordInput): Promise<{ id: string }> {
  const configuration = (await configurationOf(ctx)).document;
  const recordType = entityRecordType(configuration, input.entityType);
  const row = await insertRecord(ctx, { recordType, configuration, body: input.body });
  return { id: row.id };
}
