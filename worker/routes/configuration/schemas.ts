import { z } from "@hono/zod-openapi";

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
export const DocumentInputSchema = z.record(z.string(), z.unknown()).openapi("ConfigurationDocumentInput", {
  description:
    "A configuration document (CONTRACT section 2). Every member is optional: a member given replaces the stored " +
    "one whole; a member omitted keeps the stored one. Field types as `typeInfo` or legacy `type` + JSON-string " +
    "`typeArgs` (both must agree when both appear). `contentHash` from an export is accepted and ignored; " +
    "`objectPrimitives` is ignored with a warning; `objectTypes`, `objects` and `optionSetTypes` are refused.",
});
