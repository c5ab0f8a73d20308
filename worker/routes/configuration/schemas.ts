import { z } from "@hono/zod-openapi";
import { boundedRecord } from "../../lib/bounded";

export const ValidationIssueSchema = z
  .object({
    message: z.string(),
    fieldPath: z
      .array(z.string())
      .openapi({ description: "Ordered path segments; empty when the location is unknown." }),
    severity: z.enum(["error", "warning"]),
    code: z.string().optional(),
    reason: z.string().optional(),
    expected: z.string().optional(),
  })
  .openapi("ConfigurationValidationIssue");

export const CategoryDiffSchema = z
  .object({
    additions: z.number().int(),
    updates: z.number().int(),
    deletes: z.number().int(),
    unchanged: z.number().int(),
  })
  .openapi("CategoryDiff");

export const ConfigurationDiffSchema = z
  .object({
    fieldDefinitions: CategoryDiffSchema,
    optionSets: CategoryDiffSchema,
    customObjects: CategoryDiffSchema,
    cardDefinitions: CategoryDiffSchema,
    cardSections: CategoryDiffSchema,
    fieldLocations: CategoryDiffSchema,
  })
  .openapi("ConfigurationDiff");

/** Documents are read by the configuration reader, which reports every issue with its path. */
export const DocumentInputSchema = boundedRecord({
  maxProperties: 32,
  valuesBoundedBy:
    "the configuration document's bounds (CONTRACT 8.3): at most 2,000 field definitions, 200 option sets, " +
    "10,000 options per set, 1,000 cards, 1,000 folder categories per entity type of at most 1,000 characters " +
    "each, expressions of at most 2,000 characters nested at most 32 deep; keys, referenceIds, page keys and " +
    "every name a request sends back (rating workflow, invoice type, financial category, line item type, line " +
    "label) at most 200 characters, other names, labels and titles 1,000, condition messages 1,000, " +
    "descriptions 10,000, a Sequence prefix 100; every list inside a member at most 1,000 items",
}).openapi("ConfigurationDocumentInput", {
  description:
    "A configuration document (CONTRACT section 2). Every member is optional: a member given replaces the stored " +
    "one whole; a member omitted keeps the stored one. Field types as `typeInfo` or legacy `type` + JSON-string " +
    "`typeArgs` (both must agree when both appear). `contentHash` from an export is accepted and ignored; " +
    "`objectPrimitives` is ignored with a warning; `objectTypes`, `objects` and `optionSetTypes` are refused.",
});
