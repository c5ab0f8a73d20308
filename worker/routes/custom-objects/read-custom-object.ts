import { defineRoute, type RouteEntry } from "../../http/registry";
import {
  companyRoute,
  contextOf,
  type Family,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { readCustomObject } from "../../operations/custom-objects/read-custom-object";
import { CustomObjectSchema, familySuffix, recordParams, TAGS, UNKNOWN_TYPE } from "./schemas";

const route = (family: Family) =>
  defineRoute(
    companyRoute(family, "custom-object.view", {
      method: "get",
      path: "/custom-objects/{objectType}/{id}",
      operationId: `getCustomObject${familySuffix(family)}`,
      tags: TAGS,
      summary: "Read a custom object record",
      description: `A record of another type or another company is 404. ${UNKNOWN_TYPE}`,
      request: { params: recordParams },
      responses: {
        200: jsonContent(CustomObjectSchema, "The record."),
        ...validationErrorResponse,
        ...notFoundResponse,
      },
    }),
    async (c) => {
      const { objectType, id } = c.req.valid("param");
      return c.json(await readCustomObject(contextOf(c), { objectType, id }), 200);
    },
  );

export const readCustomObjectRoutes: RouteEntry[] = [route("X"), route("P")];
