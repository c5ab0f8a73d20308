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
  return PLATFORM_FIELDS[entityType] ?? [];
}
