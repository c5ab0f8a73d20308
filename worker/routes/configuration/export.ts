import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import { ConfigurationDocumentSchema, DOCUMENT_MEMBERS } from "../../domain/configuration/document";
import type { AppEnv } from "../../http/context";
import { companyParams, companyRoute, jsonContent, keyCaller } from "../../http/route";

const ExportSchema = ConfigurationDocumentSchema.extend({ contentHash: z.string() }).openapi("ConfigurationExport");

const exportConfiguration = companyRoute("P", "company.configuration:export", {
  method: "get",
  path: "/configuration/export",
  operationId: "exportConfiguration",
  tags: ["Configuration"],
  summary: "Export the configuration in canonical form",
  description:
    "Every member present; field types only as `typeInfo`; custom objects only as `customObjects`, option sets only as `optionSets`. Importing the export changes nothing.",
  request: { params: companyParams() },
  responses: { 200: jsonContent(ExportSchema, "The canonical document with its `contentHash`.") },
});

export function registerConfigurationExportRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(exportConfiguration, async (c) => {
    const { companyId } = keyCaller(c);
    const stored = await loadConfiguration(database(c.env.DB), companyId);
    const ordered = Object.fromEntries(DOCUMENT_MEMBERS.map((member) => [member, stored.document[member]]));
    return c.json({ ...(ordered as typeof stored.document), contentHash: stored.contentHash }, 200);
  });
}
