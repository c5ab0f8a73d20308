import { z } from "@hono/zod-openapi";
import { CREATE_FOR_MEMBER, EXPORT_SURFACES } from "../../domain/bordereau/presets";
import { POLICY_ACTIONS } from "../../domain/policies/actions";
import { FullTermPricingInfoSchema } from "../../domain/policies/pricing";
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
    status: z.enum(["active", "cancelled"]),
    primaryInsuredName: z.string().nullable(),
    primaryInsuredId: z.string().nullable(),
    previousPolicy: z.string().nullable(),
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
