import { z } from "@hono/zod-openapi";
import { companyObject } from "../../company-object";
import { isCalendarDay } from "../../domain/dates/fmv1-date";
import { SUBMISSION_TYPES } from "../../domain/submissions/status";
import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonBody,
  jsonContent,
  validationErrorResponse,
} from "../../http/route";
import { BatchIdMember, SUBMISSION_LIFECYCLE } from "./schemas";

const POLICY_TYPES = ["C", "N", "T", "O", "P", "S", "Q", "R"] as const;

/** `YYYY-MM-DD`, or an ISO date-time whose civil day (as written) is kept. */
const CivilDay = z
  .string()
  .max(40)
  .transform((text, ctx) => {
    const day = text.slice(0, 10);
    // Any ISO 8601 date-time: with an offset or Z, or local (no zone); with or without seconds.
    const dateTime = z.iso.datetime({ offset: true, local: true }).safeParse(text).success;
    if ((text.length === 10 || dateTime) && isCalendarDay(day)) return day;
    ctx.addIssue({ code: "custom", message: "must be a date YYYY-MM-DD or an ISO 8601 date-time" });
    return z.NEVER;
  })
  .openapi({
    type: "string",
    maxLength: 40,
    description: "`YYYY-MM-DD` or an ISO 8601 date-time (its civil day is kept).",
  });

const LegacySubmissionBody = z
  .strictObject({
    name: z.string().min(1).max(200),
    type: z.enum(SUBMISSION_TYPES),
    policy: z
      .strictObject({
        policyNumber: z.string().min(1).max(64).optional(),
        policyType: z.enum(POLICY_TYPES),
        policyStartDate: CivilDay,
        policyEndDate: CivilDay,
      })
      .refine((p) => p.policyEndDate > p.policyStartDate, {
        path: ["policyEndDate"],
        message: "must be after policyStartDate",
      }),
    batchId: BatchIdMember,
  })
  .openapi("LegacySubmissionRequest");

const LegacySubmissionSchema = z
  .object({
    id: z.uuid(),
    createdAt: z.string(),
    updatedAt: z.string(),
    status: z.literal("draft"),
    type: z.enum(SUBMISSION_TYPES),
    number: z.string(),
    primaryInsuredName: z.null(),
    applicationId: z.uuid(),
    name: z.string(),
  })
  .openapi("LegacySubmission");

const DESCRIPTION = [
  "Creates a submission: the current family's submission with `submissionName` = `name`, `submissionType` = " +
    "`type`, `submissionNumber` = `number` and `submissionPolicy` = `policy` (dates as `YYYY-MM-DD`). " +
    "`policy.policyNumber` is not checked against existing policies; when given, the policy a quote of this " +
    "submission binds into takes it. Configured required submission fields are not enforced (this body cannot " +
    "carry them). `applicationId` is minted with the submission. Any failure is 400 `VALIDATION_ERROR` with " +
    "`details`, and nothing is created. Serialized per company.",
  SUBMISSION_LIFECYCLE,
].join("\n\n");

export const createLegacySubmission = defineRoute(
  companyRoute("O", "submission.create", {
    method: "post",
    path: "/submissions",
    operationId: "createSubmissionLegacy",
    tags: ["Submissions"],
    summary: "Create a submission (oldest family)",
    description: DESCRIPTION,
    request: { params: companyParams(), body: jsonBody(LegacySubmissionBody) },
    responses: { 201: jsonContent(LegacySubmissionSchema, "The submission."), ...validationErrorResponse },
  }),
  async (c) => {
    const { name, type, policy } = c.req.valid("json");
    return c.json(await companyObject(contextOf(c)).createLegacySubmission({ name, type, policy }), 201);
  },
);
