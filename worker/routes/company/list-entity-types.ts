import { z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonContent } from "../../http/route";
import { listEntityTypes as listTypes } from "../../operations/company/list-entity-types";

const EntityTypeSchema = z
  .object({
    key: z.string(),
    kind: z.enum(["entity", "policy", "customObject"]),
    name: z.string(),
    pluralizedName: z.string(),
  })
  .openapi("EntityType");

export const listEntityTypes = defineRoute(
  companyRoute(
    "P",
    null,
    {
      method: "get",
      path: "/entity-types",
      operationId: "listEntityTypes",
      tags: ["Access"],
      summary: "Entity types and custom object types of the company",
      description:
        "The parametric entity types, the policy, then the custom object types the company's configuration declares " +
        "(`key` is the custom object's snake_case key).",
      request: { params: companyParams() },
      responses: {
        200: jsonContent(
          z.object({ items: z.array(EntityTypeSchema) }),
          "Entity types, then the policy, then custom object types.",
        ),
      },
    },
    { duringSetup: true },
  ),
  async (c) => c.json(await listTypes(contextOf(c)), 200),
);
