import { defineRoute } from "../../http/registry";
import {
  contextOf,
  jsonBody,
  jsonContent,
  notFoundResponse,
  staffRoute,
  validationErrorResponse,
} from "../../http/route";
import { createApiKey as create } from "../../operations/api-keys/create-api-key";
import { CreatedKey, CreateKeyBody } from "./api-key-schemas";
import { CompanyIdPath } from "./company-schema";

export const createApiKey = defineRoute(
  staffRoute({
    method: "post",
    path: "/admin/companies/{companyId}/api-keys",
    operationId: "adminCreateApiKey",
    tags: ["Administration"],
    summary: "Create an API key for a company",
    description:
      "A key's grants are the union of its roles and its explicit permissions. Only the key's hash is stored.",
    request: { params: CompanyIdPath, body: jsonBody(CreateKeyBody) },
    responses: {
      201: jsonContent(CreatedKey, "The key, shown once."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => {
    const ctx = contextOf(c, { companyId: c.req.valid("param").companyId });
    return c.json(await create(ctx, c.req.valid("json")), 201);
  },
);
