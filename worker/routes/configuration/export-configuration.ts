import { z } from "@hono/zod-openapi";
import { ConfigurationDocumentSchema } from "../../domain/configuration/document";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonContent } from "../../http/route";
import { exportConfiguration as exportStored } from "../../operations/configuration/export-configuration";

const ExportSchema = ConfigurationDocumentSchema.extend({ contentHash: z.string() }).openapi("ConfigurationExport");

const DESCRIPTION =
  "Every member present; field types only as `typeInfo`; custom objects only as `customObjects`, option sets only " +
  "as `optionSets`. Importing the export changes nothing.";

export const exportConfiguration = defineRoute(
  companyRoute(
    "P",
    "company.configuration:export",
    {
      method: "get",
      path: "/configuration/export",
      operationId: "exportConfiguration",
      tags: ["Configuration"],
      summary: "Export the configuration in canonical form",
      description: DESCRIPTION,
      request: { params: companyParams() },
      responses: { 200: jsonContent(ExportSchema, "The canonical document with its `contentHash`.") },
    },
    { duringSetup: true },
  ),
  async (c) => c.json(await exportStored(contextOf(c)), 200),
);
