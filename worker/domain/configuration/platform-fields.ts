import { ownEntry } from "../../lib/json";
/**
 * Fields the platform defines on every company without configuration (interface, "Entity fields named
 * in the interface"; CONTRACT section 4, event platform fields). A configuration may still declare them.
 */
/** Dates derived from an event's open/close history (stored with every history change). */
export const EVENT_LIFECYCLE_DATES = [
  "eventOpenedOn",
  "eventClosedOn",
  "eventReopenedOn",
  "eventPreviouslyClosedOn",
] as const;

const PLATFORM_FIELDS: Record<string, readonly string[]> = {
  event: ["eventStatus", "eventName", "userSetEventName", "eventOpenCloseHistory", ...EVENT_LIFECYCLE_DATES],
  quote: [
    "quoteType",
    "quoteStatus",
    "quoteNumber",
    "quoteBindErrors",
    "quoteSubmissionId",
    "policyStartDate",
    "policyEndDate",
    "fullTermPricingInfo",
    "fullTermPolicyRatingResult",
  ],
  submission: [
    "submissionStatus",
    "submissionType",
    "submissionName",
    "submissionNumber",
    "submissionPolicy",
    "submissionCloseReason",
    "submissionCloseExplanation",
    "submissionClosedAt",
  ],
  policy: [
    "policyNumber",
    "policyStartDate",
    "policyEndDate",
    "primaryInsuredName",
    "primaryInsuredId",
    "previousPolicy",
  ],
};

export function platformFieldIds(entityType: string): readonly string[] {
  return ownEntry(PLATFORM_FIELDS, entityType) ?? [];
}

/**
 * Members a record's values hold beyond its configured fields, which expressions may read: the platform
 * fields above plus the writable platform members of quotes (CONTRACT 5.2), submissions (5.3) and
 * policies (their data: dates, pricing containers, exposures).
 */
const RECORD_MEMBERS: Record<string, readonly string[]> = {
  quote: ["policyStartDate", "policyEndDate", "fullTermPricingInfo", "fullTermPolicyRatingResult", "exposures"],
  submission: [
    "submissionType",
    "submissionName",
    "submissionNumber",
    "submissionPolicy",
    "submissionCloseReason",
    "submissionCloseExplanation",
    "submissionClosedAt",
  ],
  // `primaryExposure`: the first exposure, in scope of the policy's calculated `primaryInsuredName`.
  policy: [
    "fullTermPricingInfo",
    "fullTermPolicyRatingResult",
    "crossSegmentRatingOutputs",
    "exposures",
    "primaryExposure",
  ],
};

/** Every member an entity type's stored values may hold without configuration. */
export function platformMemberIds(entityType: string): readonly string[] {
  return [...platformFieldIds(entityType), ...(ownEntry(RECORD_MEMBERS, entityType) ?? [])];
}
