import type { OpenAPIHono } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import { customFieldsSchema } from "../../domain/configuration/json-schema";
import type { AppEnv } from "../../http/context";
import { companyParams, companyRoute, jsonContent, keyCaller } from "../../http/route";
import { EntityConfigurationSchema } from "./entity-configuration-schemas";

const getQuoteConfigurationLegacy = companyRoute("O", "company.quote:read", {
  method: "get",
  path: "/quotes/configuration",
  operationId: "getQuoteConfigurationLegacy",
  tags: ["Configuration"],
  summary: "JSON Schema of the quote's custom fields (oldest family)",
  description:
    "The configured quote fields in the same JSON Schema form as `GET /api/v1/companies/{companyId}/entities/quote/configuration`, without the platform's lifecycle fields (`quoteType`, `quoteStatus`, `quoteNumber`, `quoteBindErrors`, `quoteSubmissionId`).",
  request: { params: companyParams() },
  responses: { 200: jsonContent(EntityConfigurationSchema, "The quote custom fields' JSON Schema.") },
});

export function registerQuoteConfigurationLegacyRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(getQuoteConfigurationLegacy, async (c) => {
    const { companyId } = keyCaller(c);
    const { document } = await loadConfiguration(database(c.env.DB), companyId);
    return c.json(customFieldsSchema(document, "quote"), 200);
  });
}
