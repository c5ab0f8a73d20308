import { companyObject } from "../../company-object";
import { defineRoute, type RouteEntry } from "../../http/registry";
import {
  companyRoute,
  conflictResponse,
  contextOf,
  type Family,
  jsonBody,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
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
  "Updates of one company's records run one at a time, each on the values the previous one left, so concurrent " +
    "partial updates of one record all succeed and all their changes are kept.",
  UNKNOWN_TYPE,
].join(" ");

const CONFLICT =
  "`Conflict`: the record changed three times while this update was being applied; updates are serialized per " +
  "company, so this is a backstop that is not expected in practice; retry the request.";

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
        ...conflictResponse(CONFLICT),
      },
    }),
    async (c) => {
      const { objectType, id } = c.req.valid("param");
      const { data } = c.req.valid("json");
      return c.json(await companyObject(contextOf(c)).updateCustomObject({ objectType, id, data }), 200);
    },
  );

export const updateCustomObjectRoutes: RouteEntry[] = [route("X"), route("P")];
