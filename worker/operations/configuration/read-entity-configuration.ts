import { loadConfiguration } from "../../db/queries/configuration";
import { entityConfigurationSchema } from "../../domain/configuration/json-schema";
import type { EntityType } from "../../domain/entities/entity-types";
import type { OperationContext } from "../context";

/** An entity type's fields as JSON Schema: the platform's own fields, then the configured ones. */
export async function readEntityConfiguration(ctx: OperationContext, entityType: EntityType) {
  const { document } = await loadConfiguration(ctx.db, ctx.companyId);
  return entityConfigurationSchema(document, entityType);
}
