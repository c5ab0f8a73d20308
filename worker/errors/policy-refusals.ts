import type { ValueProblem } from "../domain/entities/field-values";
import type { PolicyDataReading } from "../domain/policies/policy-data";
import type { CoverageError } from "../domain/policies/segments";
import { ApiError, type ErrorCode } from "./api-error";
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

/** Endorsement deltas refused before or while they apply (interface, Errors: `InvalidDelta`). */
export function invalidDelta(problems: ValueProblem[]): ApiError {
  return new ApiError({
    code: "InvalidDelta",
    message: `Invalid endorsement deltas: ${problems.map((p) => `${p.path} ${p.problem}`).join("; ")}`,
    userMessages: problems.map((p) => `The change to ${p.path.replace(/^policy\./, "")} ${p.problem}.`),
    details: problems.map((p) => ({ field: p.path, message: p.problem })),
  });
}

/** The documented error for transaction data that could not be read. */
export function readingError(reading: Exclude<PolicyDataReading, { ok: true }>): ApiError {
  if (reading.kind === "invalid") return invalidPolicyData(reading.problems);
  return refusalError(reading);
}

/** A segment rule refused: the policy is in the wrong state (409), or a date is out of range (400). */
export function coverageError(error: CoverageError): ApiError {
  if (error.kind === "state") {
    return new ApiError({
      code: "InvalidPolicyTransition",
      message: error.message,
      details: [{ field: error.field, message: error.message }],
    });
  }
  return invalidPolicyData([{ path: error.field, problem: error.message.replace(new RegExp(`^${error.field} `), "") }]);
}

export const policyNumberTaken = (policyNumber: string) =>
  new ApiError({
    code: "PolicyNumberTaken",
    message: `Policy number ${policyNumber} is already in use`,
    details: [{ field: "policyNumber", message: "is already in use" }],
  });

/** Policy invoicing belongs to the financials surface, which is not served yet. */
export const invoicePlanUnavailable = (code: ErrorCode) =>
  new ApiError({
    code,
    message: "invoicePlan is not available yet: policy invoicing is part of the financials surface",
    userMessages: ["Invoice plans cannot be attached to policy transactions yet."],
    details: [{ field: "invoicePlan", message: "is not supported yet" }],
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
