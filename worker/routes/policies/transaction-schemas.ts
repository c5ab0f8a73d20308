import { z } from "@hono/zod-openapi";
import { readFmv1Date } from "../../domain/dates/fmv1-date";
import type { EffectiveDateInput } from "../../domain/policies/transaction-rules";
import { ErrorEnvelopeSchema } from "../../http/errors";
import {
  companyParams,
  conflictResponse,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { batchIdMember, boundedArray, boundedString, fieldValues, TEXT } from "../../lib/bounded";
import { InvoicePlanSchema } from "../financials/schemas";
import { InvoicePlanResultSchema, PolicyIdParam, PolicyVersionSchema } from "./schemas";

/** Bodies and answers the five policy transaction routes share. */

const INVOICE_PLAN =
  "Invoices of the version's policy, committed with the version in one write (CONTRACT 7.7; new business and " +
  "renewals: the new policy, so `voidInvoices` and `keep` name nothing). Needs `invoice.edit` and policy " +
  "financials on (else 403 before any other check). Required (422 `INVOICE_PLAN_REQUIRED`) when an endorsement " +
  "changes a pricing rollup of a policy with active invoices; a cancellation or reinstatement may carry one. The " +
  "plan's refusals (422 `INVOICE_PLAN_INVALID`, 409 `INVOICE_HEAD_STALE`, 422 `INVOICE_PLAN_NOT_CONSERVING` " +
  "against the new version's written pricing) leave neither version nor invoices.";

const base = {
  transactionTimestamp: z.iso
    .datetime({ offset: true })
    .max(TEXT.timestamp)
    .openapi({
      description:
        "The booking time (ISO 8601), recorded on the version; it decides the bordereau period and `bookedAsOf`. " +
        "Not more than 5 minutes in the future, and not earlier than the policy's own new-business or renewal " +
        "transaction (400 `InvalidPolicyData` naming it); concurrent transactions may arrive in any order.",
    }),
  displayAuthor: z.string().trim().min(1).max(200),
  // The plan's rules are in the route descriptions (INVOICE_PLAN): a description here would wrap the reference.
  invoicePlan: InvoicePlanSchema.optional(),
  batchId: batchIdMember(),
};

/** Deltas of one endorsement (CONTRACT 8.3). */
export const MAX_DELTAS = 500;

const START_DATA =
  "Policy field values: `policyStartDate`, `policyEndDate`, pricing containers, `exposures`, configured policy " +
  "fields; `policyNumber` is kept when sent (minted when absent); renewals carry `previousPolicy`. A policy field " +
  "left out takes its computed default (a value sent, null included, is kept) and Calculated policy fields are " +
  "derived from the data (sending one is 400 `InvalidPolicyData`, read-only); a required field is checked once " +
  "the defaults ran. An OFAC `screenedAt` later than 5 minutes after the request (in a policy field, a Group " +
  "entry or an exposure) is 400 `InvalidPolicyData`.";

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
  "(`policy.policyEndDate.year`) is 400 `InvalidDelta`. A delta on the removed container `fullTermPolicyInfo` or " +
  "on `contacts` (unversioned) is accepted and ignored, as in new business data. An OFAC `screenedAt` later than " +
  "5 minutes after the request is 400 `InvalidDelta`.";

/**
 * An endorse or cancel date: an Fmv1Date whose zone, when absent, stays absent here so the transaction
 * takes the policy's zone (a zone naming another is refused by the operation).
 */
const EffectiveDateSchema = z
  .unknown()
  .transform((value, ctx): EffectiveDateInput => {
    const reading = readFmv1Date(value);
    if (!reading.ok) {
      ctx.addIssue({ code: "custom", message: reading.problem });
      return z.NEVER;
    }
    const sent = (value as { timezone?: unknown }).timezone;
    return typeof sent === "string" ? reading.value : { date: reading.value.date };
  })
  .openapi({
    type: "object",
    description:
      'Fmv1Date `{date: "YYYY-MM-DD", timezone?}` in the policy\'s time zone: a date without a zone takes the ' +
      "policy's; one naming another zone is 400 `InvalidPolicyData`. The `{day, month, year}` spelling is refused.",
    properties: {
      date: { type: "string", format: "date", maxLength: 10 },
      timezone: { type: "string", maxLength: 64 },
    },
    required: ["date"],
  });

export const EndorseBody = z
  .object({
    ...base,
    effectiveDate: EffectiveDateSchema,
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
export const CancelBody = z.object({ ...base, effectiveDate: EffectiveDateSchema }).strict();
export const ReinstateBody = z.object(base).strict();

export const SERIALIZED =
  `\n\n**invoicePlan.** ${INVOICE_PLAN}` +
  "\n\nSerialized per company; each transaction commits one new version atomically with a sequential number.";

/** New business and renewal report payload-shape failures as InvalidPolicyData (interface, Errors). */
export const STARTS_POLICY = { validationErrorCode: "InvalidPolicyData" } as const;

const CONFLICTS =
  "The policy is in the wrong state for this transaction (`InvalidPolicyTransition`), the policy number is " +
  "taken (`PolicyNumberTaken`), the renewed policy already has a live renewal (`PolicyAlreadyRenewed`), or an " +
  "`invoicePlan` void cites a stale head (`INVOICE_HEAD_STALE`).";

const PLAN_REFUSALS =
  "The `invoicePlan` is refused (`INVOICE_PLAN_INVALID`, `INVOICE_PLAN_NOT_CONSERVING`), or an endorsement " +
  "restating a policy with active invoices carries none (`INVOICE_PLAN_REQUIRED`).";

/** The new version, with what its invoice plan did when it carried one. */
const TransactionResultSchema = PolicyVersionSchema.extend({
  invoicePlanResult: InvoicePlanResultSchema.optional(),
}).openapi("PolicyTransactionResult");

export const policyParams = companyParams({ policyId: PolicyIdParam });

/** What every transaction route shares: POST, its tag, and its answers. */
export const TRANSACTION = {
  method: "post" as const,
  tags: ["Policies"],
  responses: {
    200: jsonContent(TransactionResultSchema, "The new policy version."),
    ...validationErrorResponse,
    ...notFoundResponse,
    ...conflictResponse(CONFLICTS),
    422: jsonContent(ErrorEnvelopeSchema, PLAN_REFUSALS),
  },
};
