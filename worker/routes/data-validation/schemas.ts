import { z } from "@hono/zod-openapi";
import { BATCH_PAGE_SIZE } from "../../domain/data-validation/limits";
import { RUN_STATUSES } from "../../domain/data-validation/run-progress";
import { MAX_PAGE, pageEnvelope, pageSizeOf } from "../../http/pagination";
import {
  batchIdMember,
  boundedArray,
  boundedInteger,
  boundedString,
  refusedMember,
  TEXT,
  uuidString,
} from "../../lib/bounded";
import { TYPE_LIST } from "../../operations/data-validation/require-targets";
import { ValidationIssueSchema } from "../configuration/schemas";

export const FindingSchema = z
  .object({
    entityType: z.string().openapi({ description: "Entity type, `policy`, or custom object key." }),
    entityId: z.uuid().openapi({ description: "The record's id; for `policy`, the policy's id." }),
    adheres: z.boolean().openapi({
      description: "True when the record has no issues and no extra keys under the current configuration.",
    }),
    extraKeys: z
      .array(z.string())
      .openapi({ description: "Stored keys that are neither configured fields nor platform fields of the type." }),
    issues: z.array(ValidationIssueSchema).openapi({
      description:
        "Problems with stored values, in the configuration-validation issue shape: `fieldPath` locates the value " +
        '(`["drivers", "1", "age"]`; inside a quote\'s embedded exposures `["exposures", "0", "vin"]`; for a policy ' +
        'the version and segment first holding it, `["versions", "2", "segments", "0", "data", "limit"]`, or ' +
        "`restoredSegments` for the data a reinstatement restores), `severity` is `error`, `code` is " +
        "`invalid-value`, `required-field-missing` or `unreadable-record`.",
    }),
  })
  .openapi("DataValidationFinding");

export const FindingsPageSchema = pageEnvelope(FindingSchema).openapi("DataValidationFindingsPage");

/** `offset` was the old way to page; it is refused so a client still sending it notices. */
export const refusedOffset = refusedMember(
  "is not accepted; page through with page (one-based) and pageSize",
  "Not accepted (400): page through with the one-based `page` and `pageSize`.",
);

/** Types one run may name: the seven built-in types and the custom object types (each at most once). */
export const MAX_RUN_TYPES = 256;

export const BatchRequestSchema = z
  .strictObject({
    entityType: boundedString(TEXT.key, 1).openapi({ description: `One of ${TYPE_LIST}.`, example: "exposure" }),
    page: boundedInteger(1, MAX_PAGE).default(1).openapi({ description: "One-based page number.", example: 1 }),
    pageSize: pageSizeOf(z.number(), BATCH_PAGE_SIZE.default, BATCH_PAGE_SIZE.max),
    offset: refusedOffset,
    batchId: batchIdMember(),
  })
  .openapi("DataValidationBatchRequest");

export const StartRunRequestSchema = z
  .strictObject({
    entityTypes: boundedArray(boundedString(TEXT.key, 1), MAX_RUN_TYPES, 1)
      .optional()
      .openapi({
        uniqueItems: true,
        description:
          `Types to validate, each one of ${TYPE_LIST}, each at most once (a type named twice, in any letter ` +
          "case, is 400). Omitted: the six entity types, `policy` and every configured custom object type.",
      }),
    batchId: batchIdMember(),
  })
  .openapi("DataValidationRunRequest");

export const RunSchema = z
  .object({
    runId: z.uuid(),
    status: z.enum(RUN_STATUSES).openapi({ description: "`queued`, then `running`, then `succeeded` or `failed`." }),
    entityTypes: z.array(z.string()),
    totalCount: z.number().int().openapi({
      description: "Records the run covers: an estimate while it is under way, stable once it has completed.",
    }),
    processedCount: z.number().int().openapi({ description: "Records validated so far (findings saved)." }),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    error: z.string().nullable().openapi({ description: "Why the run failed; null otherwise." }),
  })
  .openapi("DataValidationRun");

export const RunIdParam = uuidString().openapi({ param: { name: "runId", in: "path" } });
