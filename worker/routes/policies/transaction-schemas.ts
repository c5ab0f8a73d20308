import { z } from "@hono/zod-openapi";
import { Fmv1DateSchema } from "../../domain/dates/fmv1-date-schema";
import {
  companyParams,
  conflictResponse,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { batchIdMember, boundedArray, boundedString, fieldValues, TEXT } from "../../lib/bounded";
import { PolicyIdParam, PolicyVersionSchema } from "./schemas";

/** Bodies and answers the five policy transaction routes share. */

const base = {
  transactionTimestamp: z.iso
    .datetime({ offset: true })
    .max(TEXT.timestamp)
    .openapi({ description: "When the transaction happened (ISO 8601); recorded on the version." }),
  displayAuthor: z.string().trim().min(1).max(200),
  // Refused by the operation whatever its value, so described as accepting none (`not: {}`).
  invoicePlan: z.unknown().optional().openapi({
    not: {},
    description: "Not available yet: a transaction carrying one is refused 400 naming `invoicePlan`.",
  }),
  batchId: batchIdMember(),
};

/** Deltas of one endorsement (CONTRACT 8.3). */
export const MAX_DELTAS = 500;

const START_DATA =
  "Policy field values: `policyStartDate`, `policyEndDate`, pricing containers, `exposures`, configured policy " +
  "fields; `policyNumber` is kept when sent (minted when absent); renewals carry `previousPolicy`.";

/** New business and renewal. */
export const StartBody = z
  .object({
    ...base,
    data: fieldValues().openapi({ description: START_DATA, required: ["policyStartDate", "policyEndDate"] }),
  })
  .strict();

const DELTAS =
  '`{path: "policy.<referenceId>", value}`; values are stored exactly as sent. A Date value must be the canonical ' +
  "`{date, timezone}` with both members; the retired spelling or a single-member path " +
  "(`policy.policyEndDate.year`) is 400 `InvalidDelta`.";

export const EndorseBody = z
  .object({
    ...base,
    effectiveDate: Fmv1DateSchema,
    deltas: boundedArray(
      z
        .object({
          path: boundedString(TEXT.name),
          value: z.unknown().openapi({ "x-bounded-by": "the field's kind, as in the policy data" }),
        })
        .strict()
        .openapi({ required: ["path", "value"] }),
      MAX_DELTAS,
      1,
    ).openapi({ description: `${DELTAS} At most ${MAX_DELTAS} deltas.` }),
  })
  .strict();
export const CancelBody = z.object({ ...base, effectiveDate: Fmv1DateSchema }).strict();
export const ReinstateBody = z.object(base).strict();

export const SERIALIZED =
  "\n\nSerialized per company; each transaction commits one new version atomically with a sequential number.";

/** New business and renewal report payload-shape failures as InvalidPolicyData (interface, Errors). */
export const STARTS_POLICY = { validationErrorCode: "InvalidPolicyData" } as const;

const CONFLICTS =
  "The policy is in the wrong state for this transaction (`InvalidPolicyTransition`), or the policy number is " +
  "taken (`PolicyNumberTaken`).";

export const policyParams = companyParams({ policyId: PolicyIdParam });

/** What every transaction route shares: POST, its tag, and its answers. */
export const TRANSACTION = {
  method: "post" as const,
  tags: ["Policies"],
  responses: {
    200: jsonContent(PolicyVersionSchema, "The new policy version."),
    ...validationErrorResponse,
    ...notFoundResponse,
    ...conflictResponse(CONFLICTS),
  },
};
