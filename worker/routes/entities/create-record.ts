import type { Context } from "hono";
import { companyObject } from "../../company-object";
import { ENTITY_TYPES } from "../../domain/entities/entity-types";
import type { AppEnv } from "../../http/context";
import { defineRoute, type RouteEntry } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  type Family,
  jsonBody,
  jsonContent,
  validationErrorResponse,
} from "../../http/route";
import type { JsonObject } from "../../lib/json";
import type { OperationContext } from "../../operations/context";
import { ANY_TYPE_DESCRIPTION, AnyTypeParams, anyTypePermission, grantedEntityType } from "./any-type";
import {
  CreatedSchema,
  capitalized,
  EntityBodySchema,
  type EntityType,
  isSerialized,
  permissionOf,
  type SerializedType,
} from "./schemas";

const responses = { 201: jsonContent(CreatedSchema, "Created."), ...validationErrorResponse };

const typedRoute = (family: Family, entityType: EntityType) =>
  companyRoute(family, permissionOf(entityType, "create"), {
    method: "post",
    path: `/entities/${entityType}`,
    operationId: `create${capitalized(entityType)}${family === "P" ? "" : family}`,
    tags: ["Entities"],
    summary: `Create a ${entityType}`,
    request: { params: companyParams(), body: jsonBody(EntityBodySchema) },
    responses,
  });

const anyTypeRoute = companyRoute("P", anyTypePermission("create"), {
  method: "post",
  path: "/entities/{entityType}",
  operationId: "createEntityAnyType",
  tags: ["Entities"],
  summary: "Create (entity type in any letter case)",
  description: ANY_TYPE_DESCRIPTION,
  request: { params: AnyTypeParams, body: jsonBody(EntityBodySchema) },
  responses,
});

/** Creates of the types whose writes carry lifecycle fields, each through its own object operation. */
const LIFECYCLE_CREATES: Record<SerializedType, (ctx: OperationContext, body: JsonObject) => Promise<string>> = {
  event: async (ctx, body) => (await companyObject(ctx).createEvent({ body })).id,
  quote: async (ctx, body) => (await companyObject(ctx).createQuote({ body })).id,
  submission: async (ctx, body) => (await companyObject(ctx).createSubmission({ body })).row.id,
};

/**
 * Every create runs in the company object (so no create commits against a configuration an import has
 * replaced): events, quotes and submissions through their own serialized lifecycle operations, other types
 * as plain records in shared turns (they overlap one another, never an import).
 */
async function create(c: Context<AppEnv>, entityType: EntityType, body: JsonObject) {
  const ctx = contextOf(c);
  const id = isSerialized(entityType)
    ? await LIFECYCLE_CREATES[entityType](ctx, body)
    : (await companyObject(ctx).createRecord({ entityType, body })).id;
  return c.json({ id }, 201);
}

/** `POST /entities/<type>` for each type (persons and exposures under X too), and under any spelling. */
export const createRecordRoutes: RouteEntry[] = [
  ...ENTITY_TYPES.map((entityType) =>
    defineRoute(typedRoute("P", entityType), (c) => create(c, entityType, c.req.valid("json"))),
  ),
  ...(["person", "exposure"] as const).map((entityType) =>
    defineRoute(typedRoute("X", entityType), (c) => create(c, entityType, c.req.valid("json"))),
  ),
  defineRoute(anyTypeRoute, (c) =>
    create(c, grantedEntityType(c, c.req.valid("param").entityType, "create"), c.req.valid("json")),
  ),
];
