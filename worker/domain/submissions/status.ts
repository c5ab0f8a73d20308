/**
 * The submission status machine (CONTRACT section 5.3). Intake statuses are set by the caller (on create,
 * or by a PATCH from one intake status to another); `quoted` and `bound` are derived from the submission's
 * live quotes; `closed` is reached only through close and left only through reopen.
 */

export const INTAKE_STATUSES = ["draft", "submitted", "under_review", "declined"] as const;
export type IntakeStatus = (typeof INTAKE_STATUSES)[number];
export const SUBMISSION_STATUSES = [...INTAKE_STATUSES, "quoted", "bound", "closed"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const SUBMISSION_TYPES = ["new_business", "renewal", "endorsement"] as const;
export type SubmissionType = (typeof SUBMISSION_TYPES)[number];

/** A submission may have had at most this many quotes (any status): the quote number has two digits. */
export const MAX_QUOTES_PER_SUBMISSION = 99;

export const isIntakeStatus = (value: unknown): value is IntakeStatus =>
  (INTAKE_STATUSES as readonly unknown[]).includes(value);

export const isSubmissionStatus = (value: unknown): value is SubmissionStatus =>
  (SUBMISSION_STATUSES as readonly unknown[]).includes(value);

/** The quote statuses that keep a submission `quoted` (CONTRACT 5.3, R). */
const ACTIVE = new Set(["inProgress", "complete"]);

/**
 * R: a `bound` quote gives `bound`; else an `inProgress` or `complete` quote gives `quoted`; else the last
 * intake status the submission held.
 */
export function recomputedStatus(lastIntake: IntakeStatus, quoteStatuses: readonly unknown[]): SubmissionStatus {
  if (quoteStatuses.includes("bound")) return "bound";
  if (quoteStatuses.some((s) => typeof s === "string" && ACTIVE.has(s))) return "quoted";
  return lastIntake;
}

/** What a generic write does with `submissionStatus` (create when `stored` is null). */
export type StatusWrite =
  | { kind: "keep" }
  | { kind: "set"; status: IntakeStatus }
  | { kind: "guarded" }
  | { kind: "invalid"; problem: string };

/**
 * Create: absent or null gives `draft`, an intake status is kept, any other status is guarded. Update:
 * resending the stored value is accepted; intake to intake is an ordinary change; a change to or from
 * `quoted`, `bound` or `closed` is guarded (409 `GuardedStatusFieldWrite`).
 */
export function statusWrite(stored: SubmissionStatus | null, sent: unknown, present: boolean): StatusWrite {
  if (!present) return stored === null ? { kind: "set", status: "draft" } : { kind: "keep" };
  if (stored !== null && sent === stored) return { kind: "keep" };
  if (sent === null) return stored === null ? { kind: "set", status: "draft" } : { kind: "guarded" };
  if (!isSubmissionStatus(sent))
    return { kind: "invalid", problem: `must be one of: ${SUBMISSION_STATUSES.join(", ")}` };
  if (!isIntakeStatus(sent)) return { kind: "guarded" };
  if (stored !== null && !isIntakeStatus(stored)) return { kind: "guarded" };
  return { kind: "set", status: sent };
}

/** Why a submission cannot take a new quote, or null when it can. */
export function quoteCreationRefusal(status: SubmissionStatus, quotesCreated: number): string | null {
  if (status === "closed" || status === "declined" || status === "bound")
    return `a ${status} submission takes no new quotes`;
  if (quotesCreated >= MAX_QUOTES_PER_SUBMISSION)
    return `the submission has had ${MAX_QUOTES_PER_SUBMISSION} quotes, the most one submission may have`;
  return null;
}

/** `S` + 8 digits from the company counter. */
export const submissionNumberOf = (counter: number) => `S${String(counter).padStart(8, "0")}`;

/** The 8 digits of a submission number (`S00000012` → `00000012`). */
export const submissionDigitsOf = (submissionNumber: unknown) =>
  typeof submissionNumber === "string" ? submissionNumber.replace(/^S/, "").padStart(8, "0").slice(-8) : "00000000";
