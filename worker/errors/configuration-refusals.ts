import type { ValidationIssue } from "../domain/configuration/issues";
import { ApiError } from "./api-error";

/** Paths in details are dotted (`fieldDefinitions.3.typeInfo`); user messages never carry them. */
export function invalidConfiguration(issues: ValidationIssue[]): ApiError {
  const errors = issues.filter((i) => i.severity === "error");
  return new ApiError({
    code: "InvalidConfiguration",
    message: `The configuration document is invalid: ${errors.length} error${errors.length === 1 ? "" : "s"}`,
    userMessages: errors.map((i) => (/[.!?]$/.test(i.message) ? i.message : `${i.message}.`)),
    details: errors.map((i) => ({ field: i.fieldPath.join("."), message: i.message })),
  });
}
