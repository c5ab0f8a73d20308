import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { ENTITY_TYPE_NAMES, ENTITY_TYPES } from "../../domain/entities/entity-types";
import type { AppEnv } from "../../http/context";
import { companyParams, companyRoute, jsonContent } from "../../http/route";

const EntityTypeSchema = z
  .object({
    key: z.string(),
    kind: z.enum(["entity", "policy", "customObject"]),
    name: z.string(),
    pluralizedName: z.string(),
  })
  .openapi("EntityType");

const listEntityTypes = companyRoute("P", null, {
  method: "get",
  path: "/entity-types",
  operationId: "listEntityTypes",
  tags: ["Access"],
  summary: "Entity types and custom object types of the company",
  request: { params: companyParams() },
  responses: { 200: jsonContent(z.object({ items: z.array(EntityTypeSchema) }), "Entity types, then the policy, then custom object types.") },
});

export function registerEntityTypeRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listEntityTypes, (c) => {
    const items = [
      ...ENTITY_TYPES.map((key) => ({ key, kind: "entity" as const, ...ENTITY_TYPE_NAMES[key] })),
      { key: "policy", kind: "policy" as const, ...ENTITY_TYPE_NAMES.policy },
    ];
    return c.json({ items }, 200);
  });
}
