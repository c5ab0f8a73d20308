import { ownEntry } from "../../lib/json";
import { EVENT_LIFECYCLE_DATES } from "../configuration/platform-fields";

/**
 * Status fields a generic update may not change (interface, States: transition rows); each names the
 * endpoint that changes it. Sending the value already held is accepted.
 */
const GUARDED: Record<string, Record<string, string>> = {
  event: {
    eventStatus: "POST /api/v1/companies/{companyId}/events/{eventId}/close or /reopen",
    eventOpenCloseHistory: "PUT /api/v1/companies/{companyId}/events/{eventId}/open-close-history",
  },
  submission: { submissionStatus: "POST /api/v1/companies/{companyId}/submissions/{submissionId}/close or /reopen" },
  quote: {
    quoteStatus:
      "POST /api/v1/companies/{companyId}/quotes/{quoteId}/cancel, /quotes/{quoteId}/complete or /quotes/bind",
  },
};

export function guardedEndpoint(entityType: string, referenceId: string): string | null {
  // Own members only: a field (or a custom object) named `constructor` is not guarded by Object's constructor.
  const guarded = ownEntry(GUARDED, entityType);
  return (guarded && ownEntry(guarded, referenceId)) ?? null;
}

/**
 * Members whose sent value is ignored and the write still succeeds (interface: event `eventName`; the removed
 * container `fullTermPolicyInfo`, "a payload still carrying it is ignored", on a quote as on a policy).
 */
const IGNORED_ON_WRITE: Record<string, readonly string[]> = {
  event: ["eventName", ...EVENT_LIFECYCLE_DATES],
  quote: ["fullTermPolicyInfo"],
};

export function isIgnoredOnWrite(entityType: string, referenceId: string): boolean {
  return ownEntry(IGNORED_ON_WRITE, entityType)?.includes(referenceId) ?? false;
}

/** Quote lifecycle fields: platform-owned, read-only to writers. */
export const QUOTE_LIFECYCLE_FIELDS = [
  "quoteType",
  "quoteStatus",
  "quoteNumber",
  "quoteBindErrors",
  "quoteSubmissionId",
] as const;
