import { type JsonObject, sameJson } from "../../lib/json";
import { type SubmissionType, submissionDigitsOf } from "../submissions/status";

/**
 * The quote status machine (CONTRACT section 5.3) and the lifecycle fields the platform keeps in every
 * quote's `data` (5.2).
 */

export const QUOTE_STATUSES = ["inProgress", "complete", "bound", "cancelled"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_TYPES = ["newBusiness", "renewal", "endorsement"] as const;
export type QuoteType = (typeof QUOTE_TYPES)[number];

/** A quote's type follows its submission's at create and never changes. */
export const QUOTE_TYPE_OF: Record<SubmissionType, QuoteType> = {
  new_business: "newBusiness",
  renewal: "renewal",
  endorsement: "endorsement",
};

/** Statuses a quote can still be cancelled, bound or closed from. */
export const ACTIVE_QUOTE_STATUSES: readonly QuoteStatus[] = ["inProgress", "complete"];

export const isActiveQuoteStatus = (status: unknown) => status === "inProgress" || status === "complete";

/** Stored quotes written before the lifecycle existed read as `inProgress`. */
export const quoteStatusOf = (data: Record<string, unknown>): QuoteStatus =>
  (QUOTE_STATUSES as readonly unknown[]).includes(data.quoteStatus) ? (data.quoteStatus as QuoteStatus) : "inProgress";

export type QuoteTrigger = "complete" | "cancel" | "bind" | "close";

const ALLOWED_FROM: Record<QuoteTrigger, readonly QuoteStatus[]> = {
  complete: ["inProgress"],
  cancel: ACTIVE_QUOTE_STATUSES,
  bind: ACTIVE_QUOTE_STATUSES,
  close: ACTIVE_QUOTE_STATUSES,
};

const TARGET: Record<QuoteTrigger, QuoteStatus> = {
  complete: "complete",
  cancel: "cancelled",
  bind: "bound",
  close: "cancelled",
};

/** The status a trigger leads to from `from`, or null when the machine does not allow it. */
export function quoteTransition(from: QuoteStatus, trigger: QuoteTrigger): QuoteStatus | null {
  return ALLOWED_FROM[trigger].includes(from) ? TARGET[trigger] : null;
}

/** `Q` + the submission's 8 digits + `-` + the quote's two-digit ordinal: `Q00000012-01`. */
export const quoteNumberOf = (submissionNumber: unknown, ordinal: number) =>
  `Q${submissionDigitsOf(submissionNumber)}-${String(ordinal).padStart(2, "0")}`;

/** The lifecycle members a new quote starts with. */
export function initialLifecycle(input: {
  submissionId: string;
  submissionType: SubmissionType;
  submissionNumber: unknown;
  ordinal: number;
}) {
  return {
    quoteType: QUOTE_TYPE_OF[input.submissionType],
    quoteStatus: "inProgress" as QuoteStatus,
    quoteNumber: quoteNumberOf(input.submissionNumber, input.ordinal),
    quoteBindErrors: [] as string[],
    quoteSubmissionId: input.submissionId,
  };
}

/**
 * What an accepted PATCH or PUT implies beyond its values (CONTRACT 5.2, 5.3): a change of
 * `fullTermPricingInfo` without `fullTermPolicyRatingResult` clears the stored rating result (no stale
 * result survives a pricing change), and a data change of a `complete` quote sets it back to `inProgress`.
 */
export function afterQuoteEdit(stored: JsonObject, next: JsonObject, body: JsonObject): JsonObject {
  const out = { ...next };
  const pricingChanged = !sameJson(stored.fullTermPricingInfo, out.fullTermPricingInfo);
  if (pricingChanged && !Object.hasOwn(body, "fullTermPolicyRatingResult")) out.fullTermPolicyRatingResult = null;
  if (quoteStatusOf(stored) === "complete" && !sameJson(asRead(stored), asRead(out))) out.quoteStatus = "inProgress";
  return out;
}

/**
 * The values as a read shows them: a member left out and one set to null read the same, and so do no
 * `exposures` and an empty list (the quote reads `exposures: []`). A write changing neither is no data change.
 */
function asRead(values: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([member, value]) => value !== null && !(member === "exposures" && Array.isArray(value) && value.length === 0),
    ),
  );
}
