import { z } from "@hono/zod-openapi";
import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  conflictResponse,
  contextOf,
  jsonBody,
  jsonContent,
  validationErrorResponse,
} from "../../http/route";
import { CategoryDiffSchema, DocumentInputSchema, ValidationIssueSchema } from "./schemas";

const ImportResultSchema = z
  .object({
    contentHash: z.string(),
    previousContentHash: z.string(),
    changed: z.boolean(),
    changes: z.object({
      fieldDefinitions: CategoryDiffSchema,
      optionSets: CategoryDiffSchema,
      customObjects: CategoryDiffSchema,
      relationships: CategoryDiffSchema,
      cardDefinitions: CategoryDiffSchema,
      cardSections: CategoryDiffSchema,
      fieldLocations: CategoryDiffSchema,
      ratingWorkflows: CategoryDiffSchema,
      paymentDefaultsCreated: z.boolean(),
      payeeDefaultsCreated: z.number().int(),
    }),
    warnings: z.array(ValidationIssueSchema),
  })
  .openapi("ConfigurationImportResult");

const DESCRIPTION =
  "Validates the document exactly as `POST /configuration/validate` does and applies it atomically; a refused " +
  "import changes nothing. A change that removes a field, option, custom object or relationship, or changes a " +
  "field's kind, while stored data uses it is refused 409 `BreakingConfigurationChange` unless `?force=true` " +
  "(needs `company.reset`; Sandbox companies only, otherwise 409 `CompanyLifecycleRefused`). " +
  "`expectedContentHash` (query or body member) must equal the stored hash or the import is refused 409 " +
  "`ContentHashMismatch`. Invalid documents answer 400 `InvalidConfiguration` whose `details` name each offending " +
  "path.";

export const importConfiguration = defineRoute(
  companyRoute("P", "company.configuration:import", {
    method: "post",
    path: "/configuration/import",
    operationId: "importConfiguration",
    tags: ["Configuration"],
    summary: "Import a configuration document",
    description: DESCRIPTION,
    request: {
      params: companyParams(),
      query: z.object({
        force: z
          .enum(["true", "false"])
          .optional()
          .openapi({ description: "`true` passes the breaking-change gate (needs `company.reset`; Sandbox only)." }),
        expectedContentHash: z.string().optional(),
      }),
      body: jsonBody(DocumentInputSchema),
    },
    responses: {
      200: jsonContent(ImportResultSchema, "Imported (or unchanged, `changed: false`)."),
      ...validationErrorResponse,
      ...conflictResponse("`BreakingConfigurationChange`, `ContentHashMismatch` or `CompanyLifecycleRefused`."),
    },
  }),
  async (c) => {
    const { force, expectedContentHash } = c.req.valid("query");
    const request = { body: c.req.valid("json"), force: force === "true", expectedContentHash };
    return c.json(await companyObject(contextOf(c)).importConfiguration(request), 200);
  },
);
