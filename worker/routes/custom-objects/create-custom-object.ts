import { companyObject } from "../../company-object";
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
import { CreatedSchema, CustomObjectCreateSchema, familySuffix, TAGS, typeParams, UNKNOWN_TYPE } from "./schemas";

const DESCRIPTION = [
  "Validates `data` against the custom object type's sub-fields with the same rules as entity writes.",
  UNKNOWN_TYPE,
].join(" ");

const route = (family: Family) =>
  defineRoute(
    companyRoute(family, "custom-object.create", {
      method: "post",
      path: "/custom-objects/{objectType}",
      operationId: `createCustomObject${familySuffix(family)}`,
      tags: TAGS,
      summary: "Create a custom object record",
      description: DESCRIPTION,
      request: { params: typeParams, body: jsonBody(CustomObjectCreateSchema) },
      responses: { 201: jsonContent(CreatedSchema, "Created."), ...validationErrorResponse, ...notFoundResponse },
    }),
    async (c) => {
      const { objectType } = c.req.valid("param");
      const { data } = c.req.valid("json");
      return c.json(await companyObject(contextOf(c)).createCustomObject({ objectType, data }), 201);
    },
  );

export const createCustomObjectRoutes: RouteEntry[] = [route("X"), route("P")];
