import { z } from "@hono/zod-openapi";
import { canonicalPermission } from "../../domain/access/permissions";
import { ROLE_NAMES } from "../../domain/access/roles";
import { UuidSchema } from "../../http/route";
import { CompanyIdPath } from "./company-schema";

const RoleSchema = z.enum(ROLE_NAMES as [string, ...string[]]);
const PermissionNameSchema = z
  .string()
  .refine((name) => canonicalPermission(name) !== null, "is not a permission in the catalog")
  .openapi({
    description: "A catalog permission in either name style, or a field write group `<entity>.field-<group>`.",
  });

export const CreateKeyBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    roles: z.array(RoleSchema).default([]),
    permissions: z.array(PermissionNameSchema).default([]),
  })
  .strict();

const KeySummary = z.object({
  id: z.uuid(),
  name: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
});
export const CreatedKey = KeySummary.extend({
  key: z.string().openapi({ description: "The raw key. Shown only in this response." }),
}).openapi("CreatedApiKey");
export const ListedKey = KeySummary.extend({ createdAt: z.string(), revokedAt: z.string().nullable() }).openapi(
  "ApiKey",
);

export const KeyIdPath = CompanyIdPath.extend({ keyId: UuidSchema.openapi({ param: { name: "keyId", in: "path" } }) });
