import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import { entityConfigurationSchema } from "../../domain/configuration/json-schema";
import { ENTITY_TYPES } from "../../domain/entities/entity-types";
import type { AppEnv } from "../../http/context";
import { companyParams, companyRoute, jsonContent, keyCaller, validationErrorResponse } from "../../http/route";
import { EntityConfigurationSchema } from "./entity-configuration-schemas";

const getEntityConfiguration = companyRoute("P", "configuration.view", {
  method: "get",
  path: "/entities/{entityType}/configuration",
  operationId: "getEntityConfiguration",
  tags: ["Configuration"],
  summary: "The fields of an entity type as JSON Schema",
  description:
    "The entity type's fields for this company: the platform's own fields (event `eventStatus`, `eventName`, `userSetEventName`, `eventOpenCloseHistory`; quote lifecycle fields; `submissionStatus`), present without configuration, then the configured fields. A configuration that declares a platform field sets its type, and the marks the interface fixes stay (`eventName` and the quote lifecycle fields stay `readOnly`). Marks: `readOnly`, `x-generated`, `x-computed-default`, `x-write-permission`, `x-repeatable`, plus `x-platform` and `x-guarded-status`.",
  request: {
    params: companyParams({
      entityType: z.enum(ENTITY_TYPES).openapi({ param: { name: "entityType", in: "path" }, example: "event" }),
    }),
  },
  responses: {
    200: jsonContent(EntityConfigurationSchema, "The entity type's JSON Schema."),
    ...validationErrorResponse,
  },
});

export function registerEntityConfigurationRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(getEntityConfiguration, async (c) => {
    const { companyId } = keyCaller(c);
    const { entityType } = c.req.valid("param");
    const { document } = await loadConfiguration(database(c.env.DB), companyId);
    return c.json(entityConfigurationSchema(document, entityType), 200);
  });
}
