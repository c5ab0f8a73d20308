import { z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonContent } from "../../http/route";
import { describeCaller } from "../../operations/company/describe-caller";

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

export const getMe = defineRoute(
  companyRoute(
    "P",
    null,
    {
      method: "get",
      path: "/me",
      operationId: "getMe",
      tags: ["Access"],
      summary: "The calling key: company, roles and effective permissions",
      description:
        "Effective permissions are the union of the key's roles and explicit permissions. Roles holding every field " +
        "write group (Admin, SUPER_ADMIN) list each write group the company's configuration declares, as " +
        "`<entityType>.field-<writePermission>`.",
      request: { params: companyParams() },
      responses: { 200: jsonContent(MeSchema, "The calling key.") },
    },
    { duringSetup: true },
  ),
  async (c) => c.json(await describeCaller(contextOf(c)), 200),
);
