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
import { ANY_TYPE_DESCRIPTION, AnyTypeParams, anyTypePermission, grantedEntityType } from "./any-type";
import {
  CONFLICT_DOC,
  capitalized,
  EntityBodySchema,
  EntityIdParam,
  EntitySchema,
  type EntityType,
  permissionOf,
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

/** Updates run serialized in the company object: an event through its one event write, other types as records. */
async function update(c: Context<AppEnv>, entityType: EntityType, id: string, body: JsonObject) {
  const object = companyObject(contextOf(c));
  const record =
    entityType === "event"
      ? await object.updateEvent({ eventId: id, body })
      : await object.updateRecord({ entityType, id, body });
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
