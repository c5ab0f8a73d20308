import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import { findEntity, listEntities } from "../../db/queries/entities";
import { requirePermissionName } from "../../domain/access/permissions";
import { ENTITY_TYPES } from "../../domain/entities/entity-types";
import { presentRecord } from "../../domain/entities/present-record";
import { entityRecordType } from "../../domain/entities/record-type";
import { ApiError, notFound } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
import {
  companyParams,
  companyRoute,
  type Family,
  jsonBody,
  jsonContent,
  keyCaller,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { createRecord, updateRecord } from "../../operations/entities/record-writes";
import {
  CreatedSchema,
  ENTITY_TYPE_LIST,
  EntityBodySchema,
  EntityIdParam,
  EntitySchema,
  type EntityType,
  entityView,
} from "./schemas";

type Verb = "create" | "view" | "edit";
const permissionOf = (entityType: EntityType, verb: Verb) => requirePermissionName(`${entityType}.${verb}`);
const capitalized = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

function createRoute(family: Family, entityType: EntityType) {
  return companyRoute(family, permissionOf(entityType, "create"), {
    method: "post",
    path: `/entities/${entityType}`,
    operationId: `create${capitalized(entityType)}${family === "P" ? "" : family}`,
    tags: ["Entities"],
    summary: `Create a ${entityType}`,
    request: { params: companyParams(), body: jsonBody(EntityBodySchema) },
    responses: { 201: jsonContent(CreatedSchema, "Created."), ...validationErrorResponse },
  });
}

function readRoute(entityType: EntityType) {
  return companyRoute("P", permissionOf(entityType, "view"), {
    method: "get",
    path: `/entities/${entityType}/{entityId}`,
    operationId: `get${capitalized(entityType)}`,
    tags: ["Entities"],
    summary: `Read a ${entityType}`,
    request: { params: companyParams({ entityId: EntityIdParam }) },
    responses: { 200: jsonContent(EntitySchema, "The record."), ...validationErrorResponse, ...notFoundResponse },
  });
}

function listRoute(entityType: EntityType) {
  return companyRoute("P", permissionOf(entityType, "view"), {
    method: "get",
    path: `/entities/${entityType}`,
    operationId: `list${capitalized(entityType)}s`,
    tags: ["Entities"],
    summary: `List ${entityType} records, newest first`,
    request: { params: companyParams(), query: z.object(pageQuery(50, 500)) },
    responses: { 200: jsonContent(pageEnvelope(EntitySchema), "A page of records."), ...validationErrorResponse },
  });
}

function updateRoute(entityType: EntityType) {
  return companyRoute("P", permissionOf(entityType, "edit"), {
    method: "patch",
    path: `/entities/${entityType}/{entityId}`,
    operationId: `update${capitalized(entityType)}`,
    tags: ["Entities"],
    summary: `Update a ${entityType} (partial)`,
    description:
      "Only the fields sent change; `null` clears a field. The path also accepts the capitalised type (`Exposure`).",
    request: { params: companyParams({ entityId: EntityIdParam }), body: jsonBody(EntityBodySchema) },
    responses: {
      200: jsonContent(EntitySchema, "The record after the update."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  });
}

const writeContext = (c: Context<AppEnv>) => ({
  env: c.env,
  db: database(c.env.DB),
  caller: keyCaller(c),
  now: new Date(),
});

async function handleCreate(c: Context<AppEnv>, entityType: EntityType, body: Record<string, unknown>) {
  const context = writeContext(c);
  const configuration = (await loadConfiguration(context.db, context.caller.companyId)).document;
  const row = await createRecord(context, entityRecordType(configuration, entityType), body, configuration);
  return c.json({ id: row.id }, 201);
}

async function handleRead(c: Context<AppEnv>, entityType: EntityType, id: string) {
  const db = database(c.env.DB);
  const { companyId } = keyCaller(c);
  const [row, configuration] = await Promise.all([
    findEntity(db, companyId, entityType, id),
    loadConfiguration(db, companyId),
  ]);
  if (!row) throw notFound();
  return c.json(
    entityView(row, (r) =>
      presentRecord(configuration.document, entityRecordType(configuration.document, entityType), r.data),
    ),
    200,
  );
}

async function handleUpdate(c: Context<AppEnv>, entityType: EntityType, id: string, body: Record<string, unknown>) {
  const context = writeContext(c);
  const configuration = (await loadConfiguration(context.db, context.caller.companyId)).document;
  const row = await updateRecord(context, entityRecordType(configuration, entityType), id, body);
  return c.json(
    entityView(row, (r) => presentRecord(configuration, entityRecordType(configuration, entityType), r.data)),
    200,
  );
}

/** `Exposure` → `exposure`; anything outside the list is the documented 400. */
function resolveEntityType(raw: string): EntityType {
  const lower = raw.toLowerCase();
  if ((ENTITY_TYPES as readonly string[]).includes(lower)) return lower as EntityType;
  throw new ApiError({
    code: "VALIDATION_ERROR",
    message: `entityType must be one of ${ENTITY_TYPE_LIST}`,
    userMessages: [`"${raw}" is not an entity type. Use one of: ${ENTITY_TYPE_LIST}.`],
    details: [{ field: "entityType", message: `must be one of ${ENTITY_TYPE_LIST}` }],
  });
}

function requireGrant(c: Context<AppEnv>, entityType: EntityType, verb: Verb) {
  if (!keyCaller(c).grants.has(permissionOf(entityType, verb))) {
    throw new ApiError({
      code: "AuthorizationError",
      message: "User is not authorized to perform the requested action",
    });
  }
}

const UnknownTypeParams = companyParams({
  entityType: z.string().openapi({
    param: { name: "entityType", in: "path" },
    description: `One of ${ENTITY_TYPE_LIST}, in any letter case.`,
  }),
});

/** Any other spelling of the entity type: capitalised names resolve; unknown types are 400. */
function fallbackRoutes(app: OpenAPIHono<AppEnv>) {
  const description =
    "Resolves the entity type case-insensitively and applies the same rules and permission as the typed route; any other type is 400 `VALIDATION_ERROR` naming the allowed types.";
  app.openapi(
    companyRoute("P", null, {
      method: "post",
      path: "/entities/{entityType}",
      operationId: "createEntityAnyType",
      tags: ["Entities"],
      summary: "Create (entity type in any letter case)",
      description,
      request: { params: UnknownTypeParams, body: jsonBody(EntityBodySchema) },
      responses: { 201: jsonContent(CreatedSchema, "Created."), ...validationErrorResponse },
    }),
    async (c) => {
      const entityType = resolveEntityType(c.req.valid("param").entityType);
      requireGrant(c, entityType, "create");
      return handleCreate(c, entityType, c.req.valid("json"));
    },
  );
  app.openapi(
    companyRoute("P", null, {
      method: "get",
      path: "/entities/{entityType}/{entityId}",
      operationId: "getEntityAnyType",
      tags: ["Entities"],
      summary: "Read (entity type in any letter case)",
      description,
      request: { params: UnknownTypeParams.extend({ entityId: EntityIdParam }) },
      responses: { 200: jsonContent(EntitySchema, "The record."), ...validationErrorResponse, ...notFoundResponse },
    }),
    async (c) => {
      const params = c.req.valid("param");
      const entityType = resolveEntityType(params.entityType);
      requireGrant(c, entityType, "view");
      return handleRead(c, entityType, params.entityId);
    },
  );
  app.openapi(
    companyRoute("P", null, {
      method: "patch",
      path: "/entities/{entityType}/{entityId}",
      operationId: "updateEntityAnyType",
      tags: ["Entities"],
      summary: "Update (entity type in any letter case)",
      description,
      request: { params: UnknownTypeParams.extend({ entityId: EntityIdParam }), body: jsonBody(EntityBodySchema) },
      responses: {
        200: jsonContent(EntitySchema, "The record after the update."),
        ...validationErrorResponse,
        ...notFoundResponse,
      },
    }),
    async (c) => {
      const params = c.req.valid("param");
      const entityType = resolveEntityType(params.entityType);
      requireGrant(c, entityType, "edit");
      return handleUpdate(c, entityType, params.entityId, c.req.valid("json"));
    },
  );
}

export function registerEntityCrudRoutes(app: OpenAPIHono<AppEnv>) {
  for (const entityType of ENTITY_TYPES) {
    app.openapi(createRoute("P", entityType), (c) => handleCreate(c, entityType, c.req.valid("json")));
    app.openapi(listRoute(entityType), async (c) => {
      const { page, pageSize } = c.req.valid("query");
      const db = database(c.env.DB);
      const { companyId } = keyCaller(c);
      const [{ items, totalCount }, configuration] = await Promise.all([
        listEntities(db, companyId, entityType, pageSize, offsetOf(page, pageSize)),
        loadConfiguration(db, companyId),
      ]);
      const recordType = entityRecordType(configuration.document, entityType);
      return c.json(
        {
          items: items.map((row) => entityView(row, (r) => presentRecord(configuration.document, recordType, r.data))),
          totalCount,
          page,
          pageSize,
        },
        200,
      );
    });
    app.openapi(readRoute(entityType), (c) => handleRead(c, entityType, c.req.valid("param").entityId));
    app.openapi(updateRoute(entityType), (c) =>
      handleUpdate(c, entityType, c.req.valid("param").entityId, c.req.valid("json")),
    );
  }
  for (const entityType of ["person", "exposure"] as const) {
    app.openapi(createRoute("X", entityType), (c) => handleCreate(c, entityType, c.req.valid("json")));
  }
  fallbackRoutes(app);
}
