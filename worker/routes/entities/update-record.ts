import type { Context } from "hono";
import { companyObject } from "../../company-object";
import { ENTITY_TYPES } from "../../domain/entities/entity-types";
import type { AppEnv } from "../../http/context";
import { defineRoute, type RouteEntry } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  conflictResponse,
  contextOf,
  jsonBody,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import type { JsonObject } from "../../lib/json";
import type { OperationContext } from "../../operations/context";
import type { EntityView } from "../../operations/entities/entity-view";
import { ANY_TYPE_DESCRIPTION, AnyTypeParams, anyTypePermission, grantedEntityType } from "./any-type";
import {
  CONFLICT_DOC,
  capitalized,
  EntityBodySchema,
  EntityIdParam,
  EntitySchema,
  type EntityType,
  isSerialized,
  permissionOf,
  type SerializedType,
} from "./schemas";

const UPDATE_DESCRIPTION =
  "Only the fields sent change; `null` clears a field. The path also accepts the capitalised type (`Exposure`). " +
  "Updates of one company's records run one at a time, each on the values the previous one left, so concurrent " +
  "partial updates of one record (of different fields, or the same) all succeed and all their changes are kept.";

const responses = {
  200: jsonContent(EntitySchema, "The record after the update."),
  ...validationErrorResponse,
  ...notFoundResponse,
  ...conflictResponse(CONFLICT_DOC),
};

const typedRoute = (entityType: EntityType) =>
  companyRoute("P", permissionOf(entityType, "edit"), {
    method: "patch",
    path: `/entities/${entityType}/{entityId}`,
    operationId: `update${capitalized(entityType)}`,
    tags: ["Entities"],
    summary: `Update a ${entityType} (partial)`,
    description: UPDATE_DESCRIPTION,
    request: { params: companyParams({ entityId: EntityIdParam }), body: jsonBody(EntityBodySchema) },
    responses,
  });

const anyTypeRoute = companyRoute("P", anyTypePermission("edit"), {
  method: "patch",
  path: "/entities/{entityType}/{entityId}",
  operationId: "updateEntityAnyType",
  tags: ["Entities"],
  summary: "Update (entity type in any letter case)",
  description: ANY_TYPE_DESCRIPTION,
  request: { params: AnyTypeParams.extend({ entityId: EntityIdParam }), body: jsonBody(EntityBodySchema) },
  responses,
});

type Update = (ctx: OperationContext, id: string, body: JsonObject) => Promise<EntityView>;

/** Updates of the types whose writes carry lifecycle fields, each through its own object operation. */
const LIFECYCLE_UPDATES: Record<SerializedType, Update> = {
  event: (ctx, eventId, body) => companyObject(ctx).updateEvent({ eventId, body }),
  quote: (ctx, quoteId, body) => companyObject(ctx).updateQuote({ quoteId, body }),
  submission: (ctx, submissionId, body) => companyObject(ctx).updateSubmission({ submissionId, body }),
};

/**
 * Every update runs serialized in the company object: events, quotes and submissions through their own
 * lifecycle operations, other types as plain records.
 */
async function update(c: Context<AppEnv>, entityType: EntityType, id: string, body: JsonObject) {
  const ctx = contextOf(c);
  const record = isSerialized(entityType)
    ? await LIFECYCLE_UPDATES[entityType](ctx, id, body)
    : await companyObject(ctx).updateRecord({ entityType, id, body });
  return c.json(record, 200);
}

/** `PATCH /entities/<type>/{entityId}` for each type, and under any spelling of the type. */
export const updateRecordRoutes: RouteEntry[] = [
  ...ENTITY_TYPES.map((entityType) =>
    defineRoute(typedRoute(entityType), (c) =>
      update(c, entityType, c.req.valid("param").entityId, c.req.valid("json")),
    ),
  ),
  defineRoute(anyTypeRoute, (c) => {
    const { entityType, entityId } = c.req.valid("param");
    return update(c, grantedEntityType(c, entityType, "edit"), entityId, c.req.valid("json"));
  }),
];
