import type { Context } from "hono";
import { ENTITY_TYPES } from "../../domain/entities/entity-types";
import type { AppEnv } from "../../http/context";
import { defineRoute, type RouteEntry } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { readRecord } from "../../operations/entities/read-record";
import { ANY_TYPE_DESCRIPTION, AnyTypeParams, anyTypePermission, grantedEntityType } from "./any-type";
import { capitalized, EntityIdParam, EntitySchema, type EntityType, permissionOf } from "./schemas";

const responses = { 200: jsonContent(EntitySchema, "The record."), ...validationErrorResponse, ...notFoundResponse };

const typedRoute = (entityType: EntityType) =>
  companyRoute("P", permissionOf(entityType, "view"), {
    method: "get",
    path: `/entities/${entityType}/{entityId}`,
    operationId: `get${capitalized(entityType)}`,
    tags: ["Entities"],
    summary: `Read a ${entityType}`,
    request: { params: companyParams({ entityId: EntityIdParam }) },
    responses,
  });

const anyTypeRoute = companyRoute("P", anyTypePermission("view"), {
  method: "get",
  path: "/entities/{entityType}/{entityId}",
  operationId: "getEntityAnyType",
  tags: ["Entities"],
  summary: "Read (entity type in any letter case)",
  description: ANY_TYPE_DESCRIPTION,
  request: { params: AnyTypeParams.extend({ entityId: EntityIdParam }) },
  responses,
});

const read = async (c: Context<AppEnv>, entityType: EntityType, id: string) =>
  c.json(await readRecord(contextOf(c), { entityType, id }), 200);

/** `GET /entities/<type>/{entityId}` for each type, and under any spelling of the type. */
export const readRecordRoutes: RouteEntry[] = [
  ...ENTITY_TYPES.map((entityType) =>
    defineRoute(typedRoute(entityType), (c) => read(c, entityType, c.req.valid("param").entityId)),
  ),
  defineRoute(anyTypeRoute, (c) => {
    const { entityType, entityId } = c.req.valid("param");
    return read(c, grantedEntityType(c, entityType, "view"), entityId);
  }),
];
