import { entityWithStampById } from "../../db/queries/entities";
import type { EntityType } from "../../domain/entities/entity-types";
import { entityRecordType } from "../../domain/entities/record-type";
import { notFound } from "../../errors/api-error";
import { readWithConfiguration } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { type EntityView, entityView } from "./entity-view";

export interface ReadRecordInput {
  entityType: EntityType;
  id: string;
}

/** One entity record as reads show it; an unknown id, or another company's, is 404. */
export async function readRecord(ctx: OperationContext, input: ReadRecordInput): Promise<EntityView> {
  const read = await readWithConfiguration(ctx, entityWithStampById, {
    id: input.id,
    companyId: ctx.companyId,
    entityType: input.entityType,
  });
  if (!read) throw notFound();
  const { document } = read.configuration;
  return entityView(document, entityRecordType(document, input.entityType), read.row);
}
