import type { OpenAPIHono } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import { COMPARE_CATEGORIES, diffDocuments } from "../../domain/configuration/diff";
import { readDocument } from "../../domain/configuration/read-document";
import { invalidConfiguration } from "../../errors/configuration-refusals";
import type { AppEnv } from "../../http/context";
import {
  companyParams,
  companyRoute,
  jsonBody,
  jsonContent,
  keyCaller,
  validationErrorResponse,
} from "../../http/route";
import { ConfigurationDiffSchema, DocumentInputSchema } from "./schemas";

const compareDocument = companyRoute("P", "company.configuration:export", {
  method: "post",
  path: "/configuration/compare",
  operationId: "compareConfigurationDocument",
  tags: ["Configuration"],
  summary: "Compare a configuration document with the stored configuration",
  description:
    "What importing the document would change, per category: items added, updated, deleted and unchanged. As with import, a member the document omits counts as unchanged. An invalid document is 400 `InvalidConfiguration`.",
  request: { params: companyParams(), body: jsonBody(DocumentInputSchema) },
  responses: { 200: jsonContent(ConfigurationDiffSchema, "The diff."), ...validationErrorResponse },
});

export function registerConfigurationCompareDocumentRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(compareDocument, async (c) => {
    const { companyId } = keyCaller(c);
    const stored = await loadConfiguration(database(c.env.DB), companyId);
    const { document, issues } = readDocument(c.req.valid("json"), stored.document);
    if (!document) throw invalidConfiguration(issues);
    return c.json(diffDocuments(COMPARE_CATEGORIES, stored.document, document), 200);
  });
}
