import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import { findEntity, listEntities } from "../../db/queries/entities";
import type { ConfigurationDocument, CustomObject } from "../../domain/configuration/document";
import { customObjectRecordType } from "../../domain/entities/record-type";
import { notFound } from "../../errors/api-error";
import { invalidData } from "../../errors/entity-refusals";
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
import { createRecord, updateRecord, type WriteContext } from "../../operations/entities/record-writes";
import {
  CreatedSchema,
  CustomObjectCreateSchema,
  CustomObjectIdParam,
  CustomObjectSchema,
  CustomObjectUpdateSchema,
  ObjectTypeParam,
} from "./schemas";
import { customObjectView } from "./view";

const TAGS = ["Custom objects"];
const suffix = (family: Family) => (family === "P" ? "" : family);
const typeParams = companyParams({ objectType: ObjectTypeParam });
const recordParams = companyParams({ objectType: ObjectTypeParam, id: CustomObjectIdParam });
const UNKNOWN_TYPE =
  "An `objectType` that is not snake_case is 400 `VALIDATION_ERROR`; one the company's configuration does not declare is 404 `NotFoundError`.";

const createRoute = (family: Family) =>
  companyRoute(family, "custom-object.create", {
    method: "post",
    path: "/custom-objects/{objectType}",
    operationId: `createCustomObject${suffix(family)}`,
    tags: TAGS,
    summary: "Create a custom object record",
    description: `Validates \`data\` against the custom object type's sub-fields with the same rules as entity writes. ${UNKNOWN_TYPE}`,
    request: { params: typeParams, body: jsonBody(CustomObjectCreateSchema) },
    responses: { 201: jsonContent(CreatedSchema, "Created."), ...validationErrorResponse, ...notFoundResponse },
  });

const readRoute = (family: Family) =>
  companyRoute(family, "custom-object.view", {
    method: "get",
    path: "/custom-objects/{objectType}/{id}",
    operationId: `getCustomObject${suffix(family)}`,
    tags: TAGS,
    summary: "Read a custom object record",
    description: `A record of another type or another company is 404. ${UNKNOWN_TYPE}`,
    request: { params: recordParams },
    responses: { 200: jsonContent(CustomObjectSchema, "The record."), ...validationErrorResponse, ...notFoundResponse },
  });

const listRoute = (family: Family) =>
  companyRoute(family, "custom-object.view", {
    method: "get",
    path: "/custom-objects/{objectType}",
    operationId: `listCustomObjects${suffix(family)}`,
    tags: TAGS,
    summary: "List custom object records of one type, newest first",
    description: UNKNOWN_TYPE,
    request: { params: typeParams, query: z.object(pageQuery(50, 500)) },
    responses: {
      200: jsonContent(pageEnvelope(CustomObjectSchema), "A page of records."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  });

const updateRoute = (family: Family) =>
  companyRoute(family, "custom-object.edit", {
    method: "patch",
    path: "/custom-objects/{objectType}/{id}",
    operationId: `updateCustomObject${suffix(family)}`,
    tags: TAGS,
    summary: "Update a custom object record (partial)",
    description: `Only the sub-fields sent in \`data\` change. A record of another type or another company is 404. ${UNKNOWN_TYPE}`,
    request: { params: recordParams, body: jsonBody(CustomObjectUpdateSchema) },
    responses: {
      200: jsonContent(CustomObjectSchema, "The record after the update."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  });

const writeContext = (c: Context<AppEnv>): WriteContext => ({
  env: c.env,
  db: database(c.env.DB),
  caller: keyCaller(c),
  now: new Date(),
});

async function configuredType(
  c: Context<AppEnv>,
  objectType: string,
): Promise<{ configuration: ConfigurationDocument; customObject: CustomObject }> {
  const { document } = await loadConfiguration(database(c.env.DB), keyCaller(c).companyId);
  const customObject = document.customObjects.find((o) => o.key === objectType);
  if (!customObject) throw notFound();
  return { configuration: document, customObject };
}

/** Relationship values are links, never field data: refuse them whole, naming each (interface, custom-objects row). */
function refuseRelationshipFields(configuration: ConfigurationDocument, data: Record<string, unknown>) {
  const keys = new Set(configuration.relationships.map((r) => r.key));
  const named = Object.keys(data).filter((key) => keys.has(key));
  if (named.length) {
    throw invalidData(
      named.map((path) => ({
        path,
        problem: "is a relationship field: relationship fields are linked through the relationships endpoints",
      })),
    );
  }
}

/** A custom object record of this type in the caller's company, or 404. */
async function findRecord(c: Context<AppEnv>, customObject: CustomObject, id: string) {
  const row = await findEntity(database(c.env.DB), keyCaller(c).companyId, customObject.key, id);
  if (!row || row.kind !== "customObject") throw notFound();
  return row;
}

function register(app: OpenAPIHono<AppEnv>, family: Family) {
  app.openapi(createRoute(family), async (c) => {
    const { configuration, customObject } = await configuredType(c, c.req.valid("param").objectType);
    const { data } = c.req.valid("json");
    refuseRelationshipFields(configuration, data);
    const row = await createRecord(writeContext(c), customObjectRecordType(customObject), data, configuration);
    return c.json({ id: row.id }, 201);
  });

  app.openapi(listRoute(family), async (c) => {
    const { configuration, customObject } = await configuredType(c, c.req.valid("param").objectType);
    const { page, pageSize } = c.req.valid("query");
    const { items, totalCount } = await listEntities(
      database(c.env.DB),
      keyCaller(c).companyId,
      customObject.key,
      pageSize,
      offsetOf(page, pageSize),
    );
    const now = new Date();
    return c.json(
      {
        items: items.map((row) => customObjectView(configuration, customObject, row, now)),
        totalCount,
        page,
        pageSize,
      },
      200,
    );
  });

  app.openapi(readRoute(family), async (c) => {
    const { objectType, id } = c.req.valid("param");
    const { configuration, customObject } = await configuredType(c, objectType);
    return c.json(
      customObjectView(configuration, customObject, await findRecord(c, customObject, id), new Date()),
      200,
    );
  });

  app.openapi(updateRoute(family), async (c) => {
    const { objectType, id } = c.req.valid("param");
    const { configuration, customObject } = await configuredType(c, objectType);
    const { data } = c.req.valid("json");
    refuseRelationshipFields(configuration, data);
    await findRecord(c, customObject, id);
    const context = writeContext(c);
    const row = await updateRecord(context, customObjectRecordType(customObject), id, data);
    return c.json(customObjectView(configuration, customObject, row, context.now), 200);
  });
}

export function registerCustomObjectRoutes(app: OpenAPIHono<AppEnv>) {
  register(app, "X");
  register(app, "P");
}
