import { z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
import { companyParams, companyRoute, jsonContent, keyCaller } from "../../http/route";

const MeSchema = z
  .object({
    companyId: z.string(),
    keyId: z.uuid(),
    roles: z.array(z.string()),
    permissions: z.array(z.string()).openapi({ description: "Effective permissions in `resource.verb` style, field write groups included." }),
  })
  .openapi("Me");

const getMe = companyRoute("P", null, {
  method: "get",
  path: "/me",
  operationId: "getMe",
  tags: ["Access"],
  summary: "The calling key: company, roles and effective permissions",
  request: { params: companyParams() },
  responses: { 200: jsonContent(MeSchema, "The calling key.") },
});

export function registerMeRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(getMe, (c) => {
    const caller = keyCaller(c);
    return c.json({ companyId: caller.companyId, keyId: caller.keyId, roles: caller.roles, permissions: caller.grants.list() }, 200);
  });
}
