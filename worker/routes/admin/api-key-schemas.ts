import { z } from "@hono/zod-openapi";
import { canonicalPermission } from "../../domain/access/permissions";
import { ROLE_NAMES } from "../../domain/access/roles";
import { UuidSchema } from "../../http/route";
import { boundedArray, boundedString, TEXT } from "../../lib/bounded";
import { CompanyIdPath } from "./company-schema";

/** Permissions one key may list: every catalog permission in both name styles, plus field write groups. */
const MAX_KEY_PERMISSIONS = 500;

const RoleSchema = z.enum(ROLE_NAMES as [string, ...string[]]);
const PermissionNameSchema = boundedString(TEXT.key)
  .refine((name) => canonicalPermission(name) !== null, "is not a permission in the catalog")
  .openapi({
    description: "A catalog permission in either name style, or a field write group `<entity>.field-<group>`.",
  });

export const CreateKeyBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    roles: boundedArray(RoleSchema, ROLE_NAMES.length * 2).default([]),
    permissions: boundedArray(PermissionNameSchema, MAX_KEY_PERMISSIONS).default([]),
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
