import { verifiedKeys } from "../../http/auth";
import { defineRoute } from "../../http/registry";
import { contextOf, notFoundResponse, staffRoute, validationErrorResponse } from "../../http/route";
import { revokeApiKey as revoke } from "../../operations/api-keys/revoke-api-key";
import { KeyIdPath } from "./api-key-schemas";

export const revokeApiKey = defineRoute(
  staffRoute({
    method: "delete",
    path: "/admin/companies/{companyId}/api-keys/{keyId}",
    operationId: "adminRevokeApiKey",
    tags: ["Administration"],
    summary: "Revoke an API key",
    description: "The key stops working at once: keys are looked up on every request and never cached.",
    request: { params: KeyIdPath },
    responses: { 204: { description: "Revoked." }, ...validationErrorResponse, ...notFoundResponse },
  }),
  async (c) => {
    const { companyId, keyId } = c.req.valid("param");
    await revoke(contextOf(c, { companyId }), keyId);
    // At once in this isolate; other isolates drop it within KEY_CACHE_TTL_MS.
    verifiedKeys.forgetKey(keyId);
    return c.body(null, 204);
  },
);
