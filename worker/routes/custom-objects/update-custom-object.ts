import { defineRoute, type RouteEntry } from "../../http/registry";
import {
  companyRoute,
  contextOf,
  type Family,
  jsonBody,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { updateCustomObject } from "../../operations/custom-objects/update-custom-object";
import {
  CustomObjectSchema,
  CustomObjectUpdateSchema,
  familySuffix,
  recordParams,
  TAGS,
  UNKNOWN_TYPE,
} from "./schemas";

const DESCRIPTION = [
  "Only the sub-fields sent in `data` change. A record of another type or another company is 404.",
  UNKNOWN_TYPE,
].join(" ");

const route = (family: Family) =>
  defineRoute(
    companyRoute(family, "custom-object.edit", {
      method: "patch",
      path: "/custom-objects/{objectType}/{id}",
      operationId: `updateCustomObject${familySuffix(family)}`,
      tags: TAGS,
      summary: "Update a custom object record (partial)",
      description: DESCRIPTION,
      request: { params: recordParams, body: jsonBody(CustomObjectUpdateSchema) },
      responses: {
        200: jsonContent(CustomObjectSchema, "The record after the update."),
        ...validationErrorResponse,
        ...notFoundResponse,
      },
    }),
    async (c) => {
      const { objectType, id } = c.req.valid("param");
      const { data } = c.req.valid("json");
      return c.json(await updateCustomObject(contextOf(c), { objectType, id, data }), 200);
    },
  );

export const updateCustomObjectRoutes: RouteEntry[] = [route("X"), route("P")];
