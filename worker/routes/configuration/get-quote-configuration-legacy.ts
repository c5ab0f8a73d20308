import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonContent } from "../../http/route";
import { readQuoteCustomFields } from "../../operations/configuration/read-quote-custom-fields";
import { EntityConfigurationSchema } from "./entity-configuration-schemas";

const DESCRIPTION =
  "The configured quote fields in the same JSON Schema form as `GET " +
  "/api/v1/companies/{companyId}/entities/quote/configuration`, without the platform's lifecycle fields " +
  "(`quoteType`, `quoteStatus`, `quoteNumber`, `quoteBindErrors`, `quoteSubmissionId`).";

export const getQuoteConfigurationLegacy = defineRoute(
  companyRoute(
    "O",
    "company.quote:read",
    {
      method: "get",
      path: "/quotes/configuration",
      operationId: "getQuoteConfigurationLegacy",
      tags: ["Configuration"],
      summary: "JSON Schema of the quote's custom fields (oldest family)",
      description: DESCRIPTION,
      request: { params: companyParams() },
      responses: { 200: jsonContent(EntityConfigurationSchema, "The quote custom fields' JSON Schema.") },
    },
    { duringSetup: true },
  ),
  async (c) => c.json(await readQuoteCustomFields(contextOf(c)), 200),
);
