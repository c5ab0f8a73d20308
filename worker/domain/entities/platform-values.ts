import { readFmv1Date } from "../dates/fmv1-date";
import { MAX_EVENT_NAME_LENGTH } from "../events/event-name";
import { normalizePricing, PricingInputSchema, RatingResultSchema } from "../policies/pricing";
import { SUBMISSION_STATUSES, SUBMISSION_TYPES } from "../submissions/status";
import { VALUE_BOUNDS, type ValueReading } from "./value-reading";

export const EVENT_STATUSES = ["open", "closed"] as const;
export { SUBMISSION_STATUSES };

/**
 * Quote platform fields (CONTRACT 5.2): writable like configured fields, no configuration needed. The
 * quote's lifecycle fields are not among them: the quote operations own those.
 */
export const QUOTE_PLATFORM_FIELDS = [
  "policyStartDate",
  "policyEndDate",
  "fullTermPricingInfo",
  "fullTermPolicyRatingResult",
] as const;

/** Submission members the platform sets (CONTRACT 5.3): resending the stored value is accepted, a change is 400. */
export const SUBMISSION_PLATFORM_STAMPS = [
  "submissionNumber",
  "submissionPolicy",
  "submissionCloseReason",
  "submissionCloseExplanation",
  "submissionClosedAt",
] as const;

const refuse = (path: string, problem: string): ValueReading => ({ ok: false, problems: [{ path, problem }] });

/** Entries an event's open/close history may hold (written whole through an update or the history route). */
export const MAX_HISTORY_ENTRIES = 1_000;

/** An open/close history entry: `{action: "open" | "close", effectiveOnDate: Fmv1Date}`. */
export function readHistory(value: unknown, path: string): ValueReading {
  if (!Array.isArray(value)) return refuse(path, "must be a list of {action, effectiveOnDate} entries");
  if (value.length > MAX_HISTORY_ENTRIES) return refuse(path, `must have at most ${MAX_HISTORY_ENTRIES} entries`);
  const entries = [];
  for (const [index, entry] of value.entries()) {
    const at = `${path}[${index}]`;
    if (!entry || typeof entry !== "object") return refuse(at, "must be an {action, effectiveOnDate} entry");
    const { action, effectiveOnDate, ...rest } = entry as Record<string, unknown>;
    if (Object.keys(rest).length) return refuse(`${at}.${Object.keys(rest)[0]}`, "is not a member of a history entry");
    if (action !== "open" && action !== "close") return refuse(`${at}.action`, "must be open or close");
    const date = readFmv1Date(effectiveOnDate);
    if (!date.ok) return refuse(`${at}.effectiveOnDate`, date.problem);
    entries.push({ action, effectiveOnDate: date.value });
  }
  return { ok: true, value: entries };
}

/**
 * Values of platform fields that exist without configuration (CONTRACT section 4), or null when the
 * field is not a platform field of this entity type.
 */
export function readPlatformValue(
  entityType: string,
  referenceId: string,
  value: unknown,
  path: string,
): ValueReading | null {
  const oneOf = (allowed: readonly string[]) =>
    value === null || allowed.includes(value as string)
      ? { ok: true as const, value }
      : refuse(path, `must be one of: ${allowed.join(", ")}`);
  const text = (max: number) =>
    value !== null && typeof value !== "string"
      ? refuse(path, "must be text")
      : typeof value === "string" && value.length > max
        ? refuse(path, `must be at most ${max.toLocaleString("en-US")} characters long`)
        : { ok: true as const, value };
  if (entityType === "event") {
    if (referenceId === "eventStatus") return oneOf(EVENT_STATUSES);
    if (referenceId === "eventName" || referenceId === "userSetEventName") return text(MAX_EVENT_NAME_LENGTH);
    if (referenceId === "eventOpenCloseHistory") return readHistory(value, path);
  }
  if (entityType === "submission") {
    if (referenceId === "submissionStatus") return oneOf(SUBMISSION_STATUSES);
    if (referenceId === "submissionType") return oneOf(SUBMISSION_TYPES);
    if (referenceId === "submissionName") return text(VALUE_BOUNDS.text);
  }
  if (entityType === "quote") return readQuotePlatformValue(referenceId, value, path);
  return null;
}

const memberPath = (path: string, members: ReadonlyArray<PropertyKey>) =>
  members.reduce<string>((at, m) => (typeof m === "number" ? `${at}[${m}]` : `${at}.${String(m)}`), path);

/** The quote's term dates and pricing containers; the pricing rollups are recomputed from the components. */
function readQuotePlatformValue(referenceId: string, value: unknown, path: string): ValueReading | null {
  if (referenceId === "policyStartDate" || referenceId === "policyEndDate") {
    if (value === null) return { ok: true, value };
    const date = readFmv1Date(value);
    return date.ok ? { ok: true, value: date.value } : refuse(path, date.problem);
  }
  const schema =
    referenceId === "fullTermPricingInfo"
      ? PricingInputSchema
      : referenceId === "fullTermPolicyRatingResult"
        ? RatingResultSchema
        : null;
  if (!schema) return null;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({
      path: memberPath(path, issue.path),
      problem:
        issue.code === "unrecognized_keys"
          ? `has undeclared member ${issue.keys.map((k) => `"${k}"`).join(", ")}`
          : issue.message,
    }));
    return { ok: false, problems };
  }
  const read = referenceId === "fullTermPricingInfo" ? normalizePricing(parsed.data as never) : parsed.data;
  return { ok: true, value: read };
}
