import { z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/registry";
import { contextOf, jsonContent, notFoundResponse, staffRoute, validationErrorResponse } from "../../http/route";
import { listApiKeys as list } from "../../operations/api-keys/list-api-keys";
import { ListedKey } from "./api-key-schemas";
import { CompanyIdPath } from "./company-schema";

export const listApiKeys = defineRoute(
  staffRoute({
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
  }),
  async (c) => c.json(await list(contextOf(c, { companyId: c.req.valid("param").companyId })), 200),
);
