import type { ValueProblem } from "../domain/entities/field-values";
import type { PolicyDataReading } from "../domain/policies/policy-data";
import type { PlanRefusal } from "../domain/policies/transaction-plan";
import type { RenewalRefusal } from "../domain/policies/transaction-rules";
import { ApiError } from "./api-error";
import { displayableProblem, type FieldLabels, fieldLabel, membersOf } from "./displayable";
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

export type { FieldLabels } from "./displayable";

/**
 * The value a delta changed, named for people: the field's label, then the member or list item the
 * problem is about (`policy.exposures[0].exposureName` → `Exposures (item 1, exposure name)`).
 */
export function changedValueLabel(path: string, labels: FieldLabels): string | null {
  const within = path.replace(/^policy\./, "");
  if (!path.startsWith("policy.") || typeof membersOf(within)[0] !== "string") return null;
  return fieldLabel(within, labels);
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
