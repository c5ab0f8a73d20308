import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { hashApiKey, insertApiKey, listCompanyKeys, mintApiKey, revokeApiKey } from "../../db/queries/api-keys";
import { findCompany } from "../../db/queries/companies";
import { canonicalPermission } from "../../domain/access/permissions";
import { ROLE_NAMES } from "../../domain/access/roles";
import type { AppEnv } from "../../http/context";
import { notFound } from "../../http/errors";
import {
  jsonBody,
  jsonContent,
  notFoundResponse,
  staffRoute,
  UuidSchema,
  validationErrorResponse,
} from "../../http/route";
import { CompanyIdPath } from "./company-schema";

const RoleSchema = z.enum(ROLE_NAMES as [string, ...string[]]);
const PermissionNameSchema = z
  .string()
  .refine((name) => canonicalPermission(name) !== null, "is not a permission in the catalog")
  .openapi({
    description: "A catalog permission in either name style, or a field write group `<entity>.field-<group>`.",
  });

const CreateKeyBody = z
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
const CreatedKey = KeySummary.extend({
  key: z.string().openapi({ description: "The raw key. Shown only in this response." }),
}).openapi("CreatedApiKey");
const ListedKey = KeySummary.extend({ createdAt: z.string(), revokedAt: z.string().nullable() }).openapi("ApiKey");

const createKey = staffRoute({
  method: "post",
  path: "/admin/companies/{companyId}/api-keys",
  operationId: "adminCreateApiKey",
  tags: ["Administration"],
  summary: "Create an API key for a company",
  description: "A key's grants are the union of its roles and its explicit permissions. Only the key's hash is stored.",
  request: { params: CompanyIdPath, body: jsonBody(CreateKeyBody) },
  responses: { 201: jsonContent(CreatedKey, "The key, shown once."), ...validationErrorResponse, ...notFoundResponse },
});

const listKeys = staffRoute({
  method: "get",
  path: "/admin/companies/{companyId}/api-keys",
  operationId: "adminListApiKeys",
  tags: ["Administration"],
  summary: "List a company's API keys",
  description: "Names, grants and revocation times; never the keys themselves, which are stored only as hashes.",
  request: { params: CompanyIdPath },
  responses: {
    200: jsonContent(z.object({ items: z.array(ListedKey) }), "The keys."),
    ...validationErrorResponse,
    ...notFoundResponse,
  },
});

const revokeKey = staffRoute({
  method: "delete",
  path: "/admin/companies/{companyId}/api-keys/{keyId}",
  operationId: "adminRevokeApiKey",
  tags: ["Administration"],
  summary: "Revoke an API key",
  description: "The key stops working at once: keys are looked up on every request and never cached.",
  request: { params: CompanyIdPath.extend({ keyId: UuidSchema.openapi({ param: { name: "keyId", in: "path" } }) }) },
  responses: { 204: { description: "Revoked." }, ...validationErrorResponse, ...notFoundResponse },
});

export function registerAdminApiKeyRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(createKey, async (c) => {
    const { companyId } = c.req.valid("param");
    const body = c.req.valid("json");
    const db = database(c.env.DB);
    if (!(await findCompany(db, companyId))) throw notFound();
    const key = mintApiKey();
    const record = {
      id: crypto.randomUUID(),
      companyId,
      name: body.name,
      roles: body.roles,
      permissions: body.permissions,
    };
    await insertApiKey(db, { ...record, keyHash: await hashApiKey(key) });
    return c.json({ id: record.id, key, name: record.name, roles: record.roles, permissions: record.permissions }, 201);
  });

  app.openapi(listKeys, async (c) => {
    const { companyId } = c.req.valid("param");
    const db = database(c.env.DB);
    if (!(await findCompany(db, companyId))) throw notFound();
    return c.json({ items: await listCompanyKeys(db, companyId) }, 200);
  });

  app.openapi(revokeKey, async (c) => {
    const { companyId, keyId } = c.req.valid("param");
    if (!(await revokeApiKey(database(c.env.DB), companyId, keyId))) throw notFound();
    return c.body(null, 204);
  });
}
