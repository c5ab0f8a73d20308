import { entityConfigurationSchema } from "../../domain/configuration/json-schema";
import type { EntityType } from "../../domain/entities/entity-types";
import type { OperationContext } from "../context";
import { configurationOf } from "./configuration-of";

/** An entity type's fields as JSON Schema: the platform's own fields, then the configured ones. */
export async function readEntityConfiguration(ctx: OperationContext, entityType: EntityType) {
  const { document } = await configurationOf(ctx);
  return entityConfigurationSchema(document, entityType);
}
