import { z } from "@hono/zod-openapi";
import { offsetOf, pageEnvelope, pageQuery } from "../../http/pagination";
import { defineRoute, type RouteEntry } from "../../http/registry";
import {
  companyRoute,
  contextOf,
  type Family,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { listCustomObjects } from "../../operations/custom-objects/list-custom-objects";
import { CustomObjectSchema, familySuffix, TAGS, typeParams, UNKNOWN_TYPE } from "./schemas";

const route = (family: Family) =>
  defineRoute(
    companyRoute(family, "custom-object.view", {
      method: "get",
      path: "/custom-objects/{objectType}",
      operationId: `listCustomObjects${familySuffix(family)}`,
      tags: TAGS,
      summary: "List custom object records of one type, newest first",
      description: UNKNOWN_TYPE,
      request: { params: typeParams, query: z.object(pageQuery(50, 500)) },
      responses: {
        200: jsonContent(pageEnvelope(CustomObjectSchema), "A page of records."),
        ...validationErrorResponse,
        ...notFoundResponse,
      },
    }),
    async (c) => {
      const { objectType } = c.req.valid("param");
      const { page, pageSize } = c.req.valid("query");
      const limits = { limit: pageSize, offset: offsetOf(page, pageSize) };
      const { items, totalCount } = await listCustomObjects(contextOf(c), { objectType, ...limits });
      return c.json({ items, totalCount, page, pageSize }, 200);
    },
  );

export const listCustomObjectRoutes: RouteEntry[] = [route("X"), route("P")];
