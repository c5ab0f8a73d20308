import { z } from "@hono/zod-openapi";
import { ENTITY_TYPES } from "../../domain/entities/entity-types";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonContent, validationErrorResponse } from "../../http/route";
import { readEntityConfiguration } from "../../operations/configuration/read-entity-configuration";
import { EntityConfigurationSchema } from "./entity-configuration-schemas";

const DESCRIPTION =
  "The entity type's fields for this company: the platform's own fields (event `eventStatus`, `eventName`, " +
  "`userSetEventName`, `eventOpenCloseHistory`; quote lifecycle fields; `submissionStatus`), present without " +
  "configuration, then the configured fields. A configuration that declares a platform field sets its type, and " +
  "the marks the interface fixes stay (`eventName` and the quote lifecycle fields stay `readOnly`). Marks: " +
  "`readOnly`, `x-generated`, `x-computed-default`, `x-write-permission`, `x-repeatable`, plus `x-platform` and " +
  "`x-guarded-status`.";

/** A read every integration needs, like the entity-types read: any valid key of the company (issue 8). */
export const getEntityConfiguration = defineRoute(
  companyRoute(
    "P",
    null,
    {
      method: "get",
      path: "/entities/{entityType}/configuration",
      operationId: "getEntityConfiguration",
      tags: ["Configuration"],
      summary: "The fields of an entity type as JSON Schema",
      description: DESCRIPTION,
      request: {
        params: companyParams({
          entityType: z.enum(ENTITY_TYPES).openapi({ param: { name: "entityType", in: "path" }, example: "event" }),
        }),
      },
      responses: {
        200: jsonContent(EntityConfigurationSchema, "The entity type's JSON Schema."),
        ...validationErrorResponse,
      },
    },
    { duringSetup: true },
  ),
  async (c) => c.json(await readEntityConfiguration(contextOf(c), c.req.valid("param").entityType), 200),
);
