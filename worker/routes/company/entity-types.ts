import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import { ENTITY_TYPE_NAMES, ENTITY_TYPES } from "../../domain/entities/entity-types";
import type { AppEnv } from "../../http/context";
import { companyParams, companyRoute, jsonContent, keyCaller } from "../../http/route";

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
  description:
    "The parametric entity types, the policy, then the custom object types the company's configuration declares (`key` is the custom object's snake_case key).",
  request: { params: companyParams() },
  responses: {
    200: jsonContent(
      z.object({ items: z.array(EntityTypeSchema) }),
      "Entity types, then the policy, then custom object types.",
    ),
  },
});

export function registerEntityTypeRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listEntityTypes, async (c) => {
    const { document } = await loadConfiguration(database(c.env.DB), keyCaller(c).companyId);
    const items = [
      ...ENTITY_TYPES.map((key) => ({ key, kind: "entity" as const, ...ENTITY_TYPE_NAMES[key] })),
      { key: "policy", kind: "policy" as const, ...ENTITY_TYPE_NAMES.policy },
      ...document.customObjects.map(({ key, name, pluralizedName }) => ({
        key,
        kind: "customObject" as const,
        name,
        pluralizedName,
      })),
    ];
    return c.json({ items }, 200);
  });
}
