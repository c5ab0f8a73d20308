import { z } from "@hono/zod-openapi";
import { FullTermPricingInfoSchema, RatingResultSchema } from "../../domain/policies/pricing";
import { BIND_RULES } from "../../domain/quotes/bind-rules";
import { ErrorEnvelopeSchema } from "../../http/errors";
import { companyParams, jsonContent } from "../../http/route";
import { batchIdMember } from "../../lib/bounded";

export const QuoteIdParam = z
  .uuid({ message: "must be a UUID" })
  .max(36)
  .openapi({ param: { name: "quoteId", in: "path" }, example: "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f" });

export const quoteParams = companyParams({ quoteId: QuoteIdParam });

/** Passed through to the audit log; not validated (interface, Conventions). */
export const BatchIdMember = batchIdMember();

const FieldValues = z.record(z.string(), z.unknown());

export const QuoteSchema = z
  .object({
    id: z.uuid(),
    companyId: z.uuid(),
    submissionId: z.uuid().nullable(),
    policyId: z.uuid().nullable().openapi({ description: "Null until the quote is bound." }),
    data: FieldValues.openapi({
      description:
        "Field values keyed by referenceId, with the lifecycle fields `quoteType`, `quoteStatus`, `quoteNumber`, " +
        "`quoteBindErrors`, `quoteSubmissionId` (the platform's) and the quote platform fields.",
    }),
    exposures: z.array(FieldValues).openapi({ description: "Embedded exposure copies; `[]` when none." }),
    system: z.object({ ratingWorkflowName: z.string().nullable(), ratedAt: z.string().nullable() }).openapi({
      description: "The workflow and time of the last successful rate by id (or of a bind by value); null until then.",
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
    createdBy: z.string().nullable().openapi({ description: "The creating API key's id." }),
  })
  .openapi("Quote");

export const RatingSchema = z
  .object({
    quoteId: z.uuid().nullable(),
    ratingWorkflowName: z.string(),
    ratedAt: z.string(),
    fullTermPricingInfo: FullTermPricingInfoSchema,
    fullTermPolicyRatingResult: RatingResultSchema,
    outputs: z.record(z.string(), z.unknown()).openapi({ description: "The `rating` object the stages wrote." }),
    diagnostics: z.array(
      z.object({
        severity: z.literal("warning"),
        code: z.literal("rating-workflow-warning"),
        message: z.string(),
        fieldPath: z.array(z.string()),
      }),
    ),
  })
  .openapi("Rating");

export const WorkflowNameMember = z
  .string()
  .min(1)
  .max(200)
  .openapi({ description: "The name of one of the company's rating workflows." });

export const BindFailureSchema = z.object({ rule: z.enum(BIND_RULES), message: z.string() });
export const BindAdvisorySchema = z.object({
  rule: z.literal("billing-precondition"),
  message: z.string(),
  checkScope: z.literal("endorsement-billing"),
});

export const BindConditionsSchema = z
  .object({ quoteId: z.uuid(), failures: z.array(BindFailureSchema), advisories: z.array(BindAdvisorySchema) })
  .openapi("BindConditions");

/** Answers the quote routes share: bad input, unknown quote, and the lifecycle conflicts. */
export const errorAnswer = (description: string) => jsonContent(ErrorEnvelopeSchema, description);
