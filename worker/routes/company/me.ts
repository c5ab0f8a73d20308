import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import { configuredFieldWriteGroups } from "../../domain/configuration/field-write-groups";
import type { AppEnv } from "../../http/context";
import { companyParams, companyRoute, jsonContent, keyCaller } from "../../http/route";

const MeSchema = z
  .object({
    companyId: z.string(),
    keyId: z.uuid(),
    roles: z.array(z.string()),
    permissions: z
      .array(z.string())
      .openapi({ description: "Effective permissions in `resource.verb` style, field write groups included." }),
  })
  .openapi("Me");

const getMe = companyRoute("P", null, {
  method: "get",
  path: "/me",
  operationId: "getMe",
  tags: ["Access"],
  summary: "The calling key: company, roles and effective permissions",
  description:
    "Effective permissions are the union of the key's roles and explicit permissions. Roles holding every field write group (Admin, SUPER_ADMIN) list each write group the company's configuration declares, as `<entityType>.field-<writePermission>`.",
  request: { params: companyParams() },
  responses: { 200: jsonContent(MeSchema, "The calling key.") },
});

export function registerMeRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(getMe, async (c) => {
    const caller = keyCaller(c);
    const { document } = await loadConfiguration(database(c.env.DB), caller.companyId);
    const permissions = caller.grants.list(configuredFieldWriteGroups(document));
    return c.json({ companyId: caller.companyId, keyId: caller.keyId, roles: caller.roles, permissions }, 200);
  });
}
