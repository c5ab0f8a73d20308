import { ApiError } from "../../errors/api-error";
import { ownEntry } from "../../lib/json";
import type { OperationContext } from "../context";
import { createSubmission } from "./create-submission";

/** The oldest family's `policy` of a submission create, its dates already read as `YYYY-MM-DD`. */
export interface LegacySubmissionPolicy {
  policyNumber?: string;
  policyType: string;
  policyStartDate: string;
  policyEndDate: string;
}

export interface LegacySubmissionInput {
  name: string;
  type: "new_business" | "renewal" | "endorsement";
  policy: LegacySubmissionPolicy;
}

/**
 * Serialized in the company object. `POST O/submissions` (CONTRACT 5.7): the P submission with
 * `submissionName` = name, `submissionType` = type, `submissionPolicy` = policy (its `policyNumber`, when
 * given, becomes the bound policy's number); configured required fields are not enforced (this body cannot
 * carry them). Answers the legacy Submission.
 */
export async function createLegacySubmission(ctx: OperationContext, input: LegacySubmissionInput) {
  const { row, record } = await createSubmission(ctx, {
    body: { submissionName: input.name, submissionType: input.type },
    submissionPolicy: { ...input.policy, policyNumber: input.policy.policyNumber ?? null },
    relaxRequired: true,
  }).catch((error: unknown) => {
    throw asLegacyRefusal(error);
  });
  return {
    id: row.id,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    status: "draft" as const,
    type: input.type,
    number: String(row.data.submissionNumber),
    primaryInsuredName: null,
    applicationId: record.applicationId,
    name: input.name,
  };
}

const LEGACY_MEMBERS: Readonly<Record<string, string>> = { submissionName: "name", submissionType: "type" };

/**
 * A configuration may declare `submissionName` with its own rules (CONTRACT 5.3); the oldest family answers
 * every refusal of its body as 400 `VALIDATION_ERROR` naming its own members (5.7). Other errors pass.
 */
function asLegacyRefusal(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.code !== "InvalidFieldModelV1Data") return error;
  return new ApiError({
    code: "VALIDATION_ERROR",
    message: error.message,
    userMessages: error.userMessages,
    details: error.details.map((d) => ({ ...d, field: ownEntry(LEGACY_MEMBERS, d.field) ?? d.field })),
  });
}
