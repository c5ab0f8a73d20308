import { z } from "@hono/zod-openapi";
import { requirePermissionName } from "../../domain/access/permissions";
import { ENTITY_TYPES, type EntityType } from "../../domain/entities/entity-types";
import { BATCH_ID_MAX_JSON_LENGTH, fieldValues, jsonLength, uuidString } from "../../lib/bounded";

export type { EntityType };

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

const FIELD_VALUES =
  "A flat object keyed by field referenceId. `batchId` at the root is passed to the audit log and not stored. " +
  "Unknown keys, invalid values and missing required fields are 400 `InvalidFieldModelV1Data` (one `details` " +
  "entry per refused value); a field in a write group the key lacks is 403 `field-write-permission-required`; a " +
  "platform-generated field may not be originated or changed (400 `GeneratedFieldWrite`); guarded status fields " +
  "are 409 `GuardedStatusFieldWrite`. A quote's `exposures` (embedded copies, written whole and matched with the " +
  "stored items by position) follow every rule of the exposure fields: an item may not change, set or drop a " +
  "locked field's value without `exposure.field-<group>` (403; resending the stored value is accepted), a " +
  "read-only or generated value other than the stored one is refused (400) and is kept when left out, and " +
  "computed defaults and calculated fields are derived in each item.";

export const EntityBodySchema = fieldValues()
  .refine((body) => jsonLength(body.batchId ?? null) <= BATCH_ID_MAX_JSON_LENGTH, {
    path: ["batchId"],
    message: `must be at most ${BATCH_ID_MAX_JSON_LENGTH} characters of JSON text`,
  })
  .openapi("EntityFieldValues", { description: FIELD_VALUES });

/** The 409s a record update can answer; `Conflict` is a backstop the serialized updates are not expected to reach. */
export const CONFLICT_DOC =
  "`GuardedStatusFieldWrite`: a guarded status field changed (names the endpoint to use). `Conflict`: the record " +
  "changed three times while this update was being applied; updates are serialized per company, so this is a " +
  "backstop that is not expected in practice; retry the request.";

export const EntityIdParam = uuidString().openapi({ param: { name: "entityId", in: "path" } });

export const ENTITY_TYPE_LIST = ENTITY_TYPES.join(", ");

/** What a route does with records of a type: `<entityType>.<verb>` (the legacy `company.claim:*` for events). */
export type Verb = "create" | "view" | "edit";
export const permissionOf = (entityType: EntityType, verb: Verb) => requirePermissionName(`${entityType}.${verb}`);

/** `exposure` → `Exposure`, for operation ids. */
export const capitalized = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

/** Types whose every write runs serialized in the company object (their lifecycles must not interleave). */
export type SerializedType = "event" | "quote" | "submission";
export const isSerialized = (entityType: EntityType): entityType is SerializedType =>
  entityType === "event" || entityType === "quote" || entityType === "submission";
