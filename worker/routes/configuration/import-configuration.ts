import { z } from "@hono/zod-openapi";
import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import { requestBatchId } from "../../http/request-batch-id";
import { BODY_LIMITS } from "../../http/request-body";
import {
  companyParams,
  companyRoute,
  conflictResponse,
  contextOf,
  jsonBody,
  jsonContent,
  validationErrorResponse,
} from "../../http/route";
import { boundedString, TEXT } from "../../lib/bounded";
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

const DESCRIPTION = [
  "Validates the document exactly as `POST /configuration/validate` does and applies it atomically; a refused " +
    "import changes nothing. Invalid documents answer 400 `InvalidConfiguration` whose `details` name each " +
    "offending path. `expectedContentHash` (query or body member) must equal the stored hash or the import is " +
    "refused 409 `ContentHashMismatch`.",
  "**Breaking-change gate** (CONTRACT section 2). A change that removes a field, option, custom object or " +
    "relationship, or changes a field's kind, while stored data uses it is refused 409 " +
    "`BreakingConfigurationChange`, one `details` entry per change (its document path, and how many stored " +
    "records or links use it), unless `?force=true` (needs `company.reset`; Sandbox companies only, otherwise " +
    "409 `CompanyLifecycleRefused`, so on a Live company a breaking change is never applied). A forced import " +
    "that changes the configuration commits an audit receipt (kind `receipt`, action `importConfiguration`, " +
    "detail `{forced, previousContentHash, contentHash, breakingChanges, relationshipLinksRemoved}`, carrying " +
    "the body's root `batchId`) in the same write; its request row keeps the query string. A forced import " +
    "also removes the links of every relationship it removes or redefines in that write, so no link outlives " +
    "its relationship's meaning. Moving a field " +
    "from `Object: Address` to `Object: AddressV2` is a supported migration, never a breaking change.",
  "The gate checks every place data lives: " +
    "(1) top-level field values of every entity type's records; " +
    "(2) Group sub-fields, at any depth, inside every group entry; " +
    "(3) custom-object records and their sub-fields; " +
    "(4) a quote's embedded exposures (`exposures`) for exposure fields; " +
    "(5) stored policy version data (each segment's data, including the data a reinstatement restores) for " +
    "policy fields, and its `exposures` for exposure fields; " +
    "(6) relationship links; " +
    '(7) option values with their JSON type (the number `1` and the text `"1"` are different values), in every ' +
    "Select and MultiSelect field using the set, wherever it sits (1-5).",
  "Besides removals and kind changes it counts as breaking: a Select or MultiSelect moved to another option set " +
    "while stored values are not among the new set's options; a relationship whose ends change, or whose " +
    "cardinality narrows (a side becomes limited to one), while links exist; and a relationship key added while " +
    "links of an earlier relationship with that key remain. The gate runs in the company object, serialized with " +
    "every write it guards (entity and custom-object creates and updates, event writes, links, policy " +
    "transactions), so no write that read the old configuration can commit after it counted.",
].join("\n\n");

export const importConfiguration = defineRoute(
  companyRoute(
    "P",
    "company.configuration:import",
    {
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
          expectedContentHash: boundedString(TEXT.key).optional(),
        }),
        body: jsonBody(DocumentInputSchema),
      },
      responses: {
        200: jsonContent(ImportResultSchema, "Imported (or unchanged, `changed: false`)."),
        ...validationErrorResponse,
        ...conflictResponse("`BreakingConfigurationChange`, `ContentHashMismatch` or `CompanyLifecycleRefused`."),
      },
    },
    {
      duringSetup: true,
      bodyLimit: BODY_LIMITS.configurationDocument,
      queryPermission: {
        name: "force",
        equals: "true",
        permission: "company.reset",
        userMessage: "Forcing an import needs the company.reset permission.",
      },
    },
  ),
  async (c) => {
    const { force, expectedContentHash } = c.req.valid("query");
    const request = { body: c.req.valid("json"), force: force === "true", expectedContentHash };
    const ctx = contextOf(c, { batchId: requestBatchId(c) });
    return c.json(await companyObject(ctx).importConfiguration(request), 200);
  },
);
