import { z } from "@hono/zod-openapi";
import { UuidSchema } from "../../http/route";
import { batchIdMember, boundedArray, boundedInteger, boundedJson, boundedString, TEXT } from "../../lib/bounded";
import { MAX_VERSION } from "./schemas";

/** The body and answer of the staff policy repair (`POST P/policies/repair`). */

/** Any JSON value, null included; only an absent member is refused. */
const JsonValue = (description: string) =>
  boundedJson(MAX_REPAIR_VALUE_JSON_LENGTH)
    .refine((v) => v !== undefined, { message: "is required" })
    .openapi({
      description: `${description} Required; any JSON value, null included (at most 100,000 characters of JSON).`,
    });

/** A repaired value: one field's value (the body is at most 1 MiB anyway). */
const MAX_REPAIR_VALUE_JSON_LENGTH = 100_000;

const common = {
  policyId: UuidSchema.openapi({ description: "The policy to repair; a policy of another company is 404." }),
  dryRun: z.boolean().default(false).openapi({ description: "Answer what would change without writing anything." }),
  batchId: batchIdMember(),
};

const FieldValueChangeSchema = z
  .object({
    version: boundedInteger(1, MAX_VERSION).optional().openapi({
      description: "When given, must be the policy's current version (409 `StalePolicyVersion` otherwise).",
    }),
    segmentIndex: boundedInteger(0, MAX_VERSION)
      .optional()
      .openapi({ description: "Only this segment of the current version; omitted means every segment." }),
    path: boundedString(TEXT.name).openapi({
      description:
        "`policy.<referenceId>`, optionally deeper (`policy.fullTermPricingInfo.pricingComponents`, " +
        "`policy.exposures.0.exposureName`).",
      example: "policy.limit",
    }),
    expected: JsonValue("The value every targeted segment must hold now (an absent value reads as null)."),
    value: JsonValue("The value to store instead, checked as a write would check it."),
  })
  .strict()
  .openapi("PolicyFieldValueChange", { required: ["path", "expected", "value"] });

export const RepairBodySchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("segmentHashes"), ...common }).strict(),
    z.object({ kind: z.literal("joinHistory"), ...common }).strict(),
    z
      .object({ kind: z.literal("fieldValues"), ...common, changes: boundedArray(FieldValueChangeSchema, 100, 1) })
      .strict(),
  ])
  .openapi("PolicyRepairRequest");

const SegmentHashChangeSchema = z
  .object({
    segmentIndex: z.number().int(),
    startDate: z.string(),
    endDate: z.string(),
    recordedHash: z.string().nullable(),
    hash: z
      .string()
      .nullable()
      .openapi({
        description:
          "SHA-256 (hex) of the canonical JSON of the segment's `{startDate, endDate, data}`; " +
          "null for a `dropped` entry.",
      }),
    outcome: z.enum(["recorded", "mismatch", "dropped"]),
  })
  .openapi("SegmentHashChange");

const JoinHistoryChangeSchema = z
  .union([
    z.object({ target: z.literal("previousPolicy"), before: z.string().nullable(), after: z.string().nullable() }),
    z.object({
      target: z.literal("previousPolicyLink"),
      action: z.enum(["remove", "add"]),
      linkId: z.uuid(),
      toId: z.string(),
    }),
  ])
  .openapi("JoinHistoryChange");

const FieldValueChangeResultSchema = z
  .object({
    segments: z
      .enum(["segments", "restore"])
      .openapi({ description: "`restore`: the segments a cancelled policy gets back on reinstatement." }),
    segmentIndex: z.number().int(),
    startDate: z.string(),
    endDate: z.string(),
    path: z.string().openapi({ description: "The top-level member that changed (`policy.<referenceId>`)." }),
    before: z.unknown(),
    after: z.unknown(),
    derived: z
      .boolean()
      .openapi({ description: "True for a derived value (primary insured) recomputed because of the change." }),
  })
  .openapi("FieldValueRepairChange");

export const RepairResultSchema = z
  .object({
    kind: z.enum(["segmentHashes", "joinHistory", "fieldValues"]),
    policyId: z.uuid(),
    dryRun: z.boolean(),
    version: z
      .number()
      .int()
      .openapi({ description: "The current version the repair read and, unless a dry run, changed in place." }),
    receiptId: z.uuid().nullable().openapi({
      description: "The audit receipt committed with the change; null on a dry run or when nothing changed.",
    }),
    changes: z.array(z.union([SegmentHashChangeSchema, JoinHistoryChangeSchema, FieldValueChangeResultSchema])),
  })
  .openapi("PolicyRepairResult");
