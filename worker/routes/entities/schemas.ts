import { z } from "@hono/zod-openapi";
import type { EntityRow } from "../../db/queries/entities";
import { ENTITY_TYPES } from "../../domain/entities/entity-types";

export const EntitySchema = z
  .object({
    id: z.uuid(),
    entityType: z.string(),
    data: z
      .record(z.string(), z.unknown())
      .openapi({ description: "Field values keyed by referenceId; dates as canonical Fmv1Date objects." }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Entity");

export const CreatedSchema = z.object({ id: z.uuid() }).openapi("Created");

export const EntityBodySchema = z.record(z.string(), z.unknown()).openapi("EntityFieldValues", {
  description:
    "A flat object keyed by field referenceId. `batchId` at the root is passed to the audit log and not stored. Unknown keys, invalid values and missing required fields are 400 `InvalidFieldModelV1Data` (one `details` entry per refused value); a field in a write group the key lacks is 403 `field-write-permission-required`; a platform-generated field may not be originated or changed (400 `GeneratedFieldWrite`); guarded status fields are 409 `GuardedStatusFieldWrite`.",
});

export const EntityIdParam = z.uuid({ message: "must be a UUID" }).openapi({ param: { name: "entityId", in: "path" } });

/** Legacy permission verbs for each entity type: `company.<entity>:<action>` (event is `claim`). */
export type EntityType = (typeof ENTITY_TYPES)[number];
export const ENTITY_TYPE_LIST = ENTITY_TYPES.join(", ");

export function entityView(row: EntityRow, present: (row: EntityRow) => Record<string, unknown> = (r) => r.data) {
  return {
    id: row.id,
    entityType: row.entityType,
    data: present(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
