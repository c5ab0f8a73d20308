import { z } from "@hono/zod-openapi";
import { ENTITY_TYPES } from "../../domain/entities/entity-types";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
import { defineRoute, type RouteEntry } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonContent, validationErrorResponse } from "../../http/route";
import { listRecords } from "../../operations/entities/list-records";
import { capitalized, EntitySchema, type EntityType, permissionOf } from "./schemas";

const listRoute = (entityType: EntityType) =>
  companyRoute("P", permissionOf(entityType, "view"), {
    method: "get",
    path: `/entities/${entityType}`,
    operationId: `list${capitalized(entityType)}s`,
    tags: ["Entities"],
    summary: `List ${entityType} records, newest first`,
    request: { params: companyParams(), query: z.object(pageQuery(50, 500)) },
    responses: { 200: jsonContent(pageEnvelope(EntitySchema), "A page of records."), ...validationErrorResponse },
  });

/** `GET /entities/<type>` for each type. */
export const listRecordRoutes: RouteEntry[] = ENTITY_TYPES.map((entityType) =>
  defineRoute(listRoute(entityType), async (c) => {
    const { page, pageSize } = c.req.valid("query");
    const limits = { limit: pageSize, offset: offsetOf(page, pageSize) };
    const { items, totalCount } = await listRecords(contextOf(c), { entityType, ...limits });
    return c.json({ items, totalCount, page, pageSize }, 200);
  }),
);
