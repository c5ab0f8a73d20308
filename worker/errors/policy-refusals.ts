import type { ValueProblem } from "../domain/entities/field-values";
import { humanLabel } from "../domain/issue-messages";
import type { PolicyDataReading } from "../domain/policies/policy-data";
import type { PlanRefusal } from "../domain/policies/transaction-plan";
import type { RenewalRefusal } from "../domain/policies/transaction-rules";
import { ApiError } from "./api-error";
import { invalidData, refusalError } from "./entity-refusals";

/** New business and renewal: a payload-shape failure (interface, Errors: `InvalidPolicyData`). */
export function invalidPolicyData(problems: ValueProblem[]): ApiError {
  const base = invalidData(problems);
  return new ApiError({
    code: "InvalidPolicyData",
    message: base.message.replace(/^Invalid field data/, "Invalid policy data"),
    userMessages: base.userMessages,
    details: base.details,
  });
}

/** The label a person knows for a policy field's reference id, when the configuration gives one. */
export type FieldLabels = (referenceId: string) => string | undefined;

/** `grandTotal` → `grand total`. */
const words = (name: string) => humanLabel([name]).toLowerCase();

/** What a delta rule says, for people: Date forms are named rather than spelled in braces, members in words. */
const DISPLAYABLE_PROBLEMS: ReadonlyArray<[RegExp, (match: RegExpExecArray) => string]> = [
  [/^writes one member of a Date/, () => "changes one part of a date; send the whole date with its timezone"],
  [
    /^uses the retired \{day, month, year\} spelling/,
    () => "uses the retired day, month and year form; send a date with its timezone",
  ],
  [/^must be a Date object/, () => "must be a date with its timezone"],
  [
    /^has undeclared member (.+)$/,
    (m) => `has a member it does not declare (${(m[1] ?? "").split(/,\s*/).map(words).join(", ")})`,
  ],
  // Rules that explain themselves ("the policy number cannot be endorsed") follow the refusal.
  [/^(the .*)$/, (m) => `is refused: ${m[1] ?? ""}`],
];

/** `{a, b, c}` → `a, b and c`. */
const listed = (inner: string) =>
  inner
    .split(/,\s*/)
    .join(", ")
    .replace(/, ([^,]*)$/, " and $1");

/** A problem text as a person reads it: no braces, code marks or field paths (interface, Errors: userMessages). */
function displayableProblem(problem: string): string {
  for (const [pattern, say] of DISPLAYABLE_PROBLEMS) {
    const match = pattern.exec(problem);
    if (match) return say(match);
  }
  return problem
    .replace(/\{([^{}]*)\}/g, (_, inner: string) => listed(inner))
    .replace(/[`<>{}]/g, "")
    .replace(/[A-Za-z_]\w*(?:\.[A-Za-z0-9_]+|\[\d+\])+/g, (path) => humanLabel(membersOf(path)).toLowerCase());
}

/** `exposures[0].exposureName` and `exposures.0.exposureName` → `["exposures", 0, "exposureName"]`. */
const membersOf = (path: string): Array<string | number> =>
  path
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .map((m) => (/^\d+$/.test(m) ? Number(m) : m));

/**
 * The value a delta changed, named for people: the field's label, then the member or list item the
 * problem is about (`policy.exposures[0].exposureName` → `Exposures (item 1, exposure name)`).
 */
function changedValueLabel(path: string, labels: FieldLabels): string | null {
  const [field, ...rest] = membersOf(path.replace(/^policy\./, ""));
  if (!path.startsWith("policy.") || typeof field !== "string") return null;
  const within = rest.map((m) => (typeof m === "number" ? `item ${m + 1}` : words(m)));
  const label = labels(field) ?? humanLabel([field]);
  return within.length ? `${label} (${within.join(", ")})` : label;
}

/**
 * Endorsement deltas refused before or while they apply (interface, Errors: `InvalidDelta`). `details`
 * keep each path and the rule's own words; user messages name the field by its label instead.
 */
export function invalidDelta(problems: ValueProblem[], labels: FieldLabels = () => undefined): ApiError {
  const userMessage = (p: ValueProblem) => {
    const label = changedValueLabel(p.path, labels);
    return label
      ? `The change to ${label} ${displayableProblem(p.problem)}.`
      : "A change does not name a policy field.";
  };
  return new ApiError({
    code: "InvalidDelta",
    message: `Invalid endorsement deltas: ${problems.map((p) => `${p.path} ${p.problem}`).join("; ")}`,
    userMessages: problems.map(userMessage),
    details: problems.map((p) => ({ field: p.path, message: p.problem })),
  });
}

/** The documented error for transaction data that could not be read. */
export function readingError(reading: Exclude<PolicyDataReading, { ok: true }>): ApiError {
  if (reading.kind === "invalid") return invalidPolicyData(reading.problems);
  return refusalError(reading);
}

/**
 * The planner refused a transaction: the policy is in the wrong state (409 InvalidPolicyTransition), a
 * date is out of range (400 InvalidPolicyData naming it), or the deltas cannot apply (400 InvalidDelta).
 */
export function planRefusalError(refusal: PlanRefusal, labels: FieldLabels = () => undefined): ApiError {
  if (refusal.kind === "delta") return invalidDelta(refusal.problems, labels);
  if (refusal.kind === "state") {
    return new ApiError({
      code: "InvalidPolicyTransition",
      message: refusal.message,
      details: [{ field: refusal.field, message: refusal.message }],
    });
  }
  const problem = refusal.message.startsWith(`${refusal.field} `)
    ? refusal.message.slice(refusal.field.length + 1)
    : refusal.message;
  return invalidPolicyData([{ path: refusal.field, problem }]);
}

/** A renewal refused (CONTRACT section 4): its term start (400), a flat-cancelled or already renewed policy (409). */
export function renewalError(refusal: RenewalRefusal): ApiError {
  if (refusal.kind === "data") return invalidPolicyData([refusal.problem]);
  const code = refusal.kind === "renewed" ? "PolicyAlreadyRenewed" : "InvalidPolicyTransition";
  const field = refusal.kind === "renewed" ? "previousPolicy" : refusal.field;
  return new ApiError({ code, message: refusal.message, details: [{ field, message: refusal.message }] });
}

export const policyNumberTaken = (policyNumber: string) =>
  new ApiError({
    code: "PolicyNumberTaken",
    message: `Policy number ${policyNumber} is already in use`,
    details: [{ field: "policyNumber", message: "is already in use" }],
  });

/** List filters that could not be read (400 `VALIDATION_ERROR`, one user message per filter). */
export function invalidFilters(problems: Array<{ field: string; message: string }>): ApiError {
  return new ApiError({
    code: "VALIDATION_ERROR",
    message: `Invalid filters: ${problems.map((p) => `${p.field} ${p.message}`).join("; ")}`,
    userMessages: problems.map((p) => `The ${p.field} filter ${p.message}.`),
    details: problems,
  });
}
