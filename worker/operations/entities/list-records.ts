import { listEntities } from "../../db/queries/entities";
import type { EntityType } from "../../domain/entities/entity-types";
import { entityRecordType } from "../../domain/entities/record-type";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { type EntityView, entityView } from "./entity-view";

export interface ListRecordsInput {
  entityType: EntityType;
  limit: number;
  offset: number;
}

/** A page of one entity type's records, newest first, as reads show them. */
export async function listRecords(
  ctx: OperationContext,
  input: ListRecordsInput,
): Promise<{ items: EntityView[]; totalCount: number }> {
  const [{ items, totalCount }, configuration] = await Promise.all([
    listEntities(ctx.db, ctx.companyId, input.entityType, input.limit, input.offset),
    configurationOf(ctx),
  ]);
  const recordType = entityRecordType(configuration.document, input.entityType);
  return { items: items.map((row) => entityView(configuration.document, recordType, row)), totalCount };
}
