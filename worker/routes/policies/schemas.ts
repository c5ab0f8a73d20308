import { z } from "@hono/zod-openapi";
import { CREATE_FOR_MEMBER, EXPORT_SURFACES } from "../../domain/bordereau/presets";
import { POLICY_ACTIONS } from "../../domain/policies/actions";
import { FullTermPricingInfoSchema } from "../../domain/policies/pricing";
import { POLICY_STATUSES } from "../../domain/policies/version-view";

const STATUS =
  "As of today (the UTC day): `cancelled` from the cancellation's effective date, `expired` from the term end, " +
  "`active` otherwise (also while a cancellation is pending).";

import { uuidString } from "../../lib/bounded";

export const PolicyIdParam = uuidString().openapi({ param: { name: "policyId", in: "path" } });

/** The highest policy version number a request may name. */
export const MAX_VERSION = 1_000_000;

const DateObject = z.object({ date: z.string(), timezone: z.string() }).openapi("Fmv1Date");

export const PolicySummarySchema = z
  .object({
    policyNumber: z.string(),
    policyStartDate: DateObject,
    policyEndDate: DateObject,
    startDate: z.string().openapi({ description: "First day the version covers (ISO date)." }),
    endDate: z.string().openapi({ description: "Day coverage ends (exclusive, ISO date); shrinks on cancellation." }),
    status: z.enum(POLICY_STATUSES).openapi({ description: STATUS }),
    pendingCancellation: z
      .object({ effectiveDate: z.string() })
      .nullable()
      .openapi({ description: "A cancellation effective after today: the policy stays `active` until that day." }),
    primaryInsuredName: z.string().nullable(),
    primaryInsuredId: z.string().nullable().openapi({
      description: "The primary exposure's `id` (an exposure of the company), when its embedded copy carries one.",
    }),
    previousPolicy: z.string().nullable(),
    previousPolicyStatus: z
      .enum(POLICY_STATUSES)
      .nullable()
      .optional()
      .openapi({
        description:
          "A renewal's previous policy's status today (cancelling a policy does not cancel its renewal): on " +
          "every answer and read of a renewal, list items included; absent on a policy that renews none.",
      }),
  })
  .openapi("PolicySummary");

const versionMembers = {
  policyId: z.uuid(),
  version: z.number().int(),
  action: z.enum(POLICY_ACTIONS),
  transactionTimestamp: z.string(),
  displayAuthor: z.string(),
  effectiveDate: z.string(),
  createdAt: z.string(),
  fullTermPricingInfo: FullTermPricingInfoSchema,
  fullTermPolicyRatingResult: z.record(z.string(), z.number()).nullable(),
};

export const PolicyVersionSummarySchema = PolicySummarySchema.extend(versionMembers).openapi("PolicyVersionSummary");

export const SegmentSchema = z
  .object({
    startDate: z.string(),
    endDate: z.string(),
    data: z.record(z.string(), z.unknown()).openapi({
      description: "The policy field data in force during the segment (no wrapper), with its resolved primary insured.",
    }),
  })
  .openapi("PolicySegment");

export const PolicyVersionSchema = PolicyVersionSummarySchema.extend({
  crossSegmentRatingOutputs: z.record(z.string(), z.unknown()).nullable(),
  segments: z.array(SegmentSchema),
}).openapi("PolicyVersion");

/** What a transaction's or a bind's `invoicePlan` did (CONTRACT 7.7): present only when one was carried. */
export const InvoicePlanResultSchema = z
  .object({ voided: z.array(z.uuid()), created: z.array(z.uuid()) })
  .openapi("TransactionInvoicePlanResult", {
    description: "Invoices the plan voided and created (ids); present when the request carried an `invoicePlan`.",
  });

export const VersionListItemSchema = z
  .object({
    policyId: z.uuid(),
    version: z.number().int(),
    action: z.string(),
    transactionTimestamp: z.string(),
    effectiveDate: z.string(),
    createdAt: z.string(),
    summary: PolicySummarySchema,
  })
  .openapi("PolicyVersionListItem");

export const ContactSchema = z
  .object({
    personId: z.uuid(),
    displayName: z
      .string()
      .openapi({ description: "The person's `name`; else its `email`; else `Person <first 8 characters of its id>`." }),
  })
  .openapi("PolicyContact");

/**
 * Linking and unlinking a contact need the same permissions (interface, Policies: contacts): the policy
 * changes, and the person must be visible. All are checked before anything is looked up.
 */
export const CONTACT_WRITE_PERMISSIONS = ["policy.endorse", "policy.view", "person.view"] as const;

/** Contacts of a policy (interface, Policies; CONTRACT section 4 "Contacts"). */
export const CONTACTS_UNVERSIONED =
  "Contacts are unversioned: no policy version is written, and a `contacts` value inside transaction data is " +
  "ignored.";

/** An export preset as every preset route answers it. */
export const PresetSchema = z
  .object({
    id: z.uuid(),
    entityType: z.enum(EXPORT_SURFACES),
    name: z.string(),
    ownerUserId: z.string(),
    visibility: z.literal("private"),
    fieldKeys: z.array(z.string()),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
  })
  .openapi("ExportPreset");

export const PRESET_PRIVACY =
  `A preset is private: it is seen by its owner, and by members holding \`${CREATE_FOR_MEMBER}\` (who manage ` +
  "members' presets); to anyone else it does not exist.";
