import type { ValidationIssue } from "../domain/configuration/issues";
import { ApiError, type FieldError } from "./api-error";
import { memberSentence } from "./displayable";

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

/** An import body whose `expectedContentHash` member is given but is not text. */
export function expectedContentHashNotText(): ApiError {
  const detail = { field: "expectedContentHash", message: "must be text" };
  return new ApiError({
    code: "VALIDATION_ERROR",
    message: "expectedContentHash must be a string",
    userMessages: [memberSentence(detail.field, detail.message)],
    details: [detail],
  });
}

/** An import whose `expectedContentHash` is not the stored configuration's hash. */
export function contentHashMismatch(storedHash: string, expectedHash: string): ApiError {
  return new ApiError({
    code: "ContentHashMismatch",
    message: `The stored configuration's hash is ${storedHash}, not the expected ${expectedHash}`,
    userMessages: ["The configuration changed since you last exported it. Export it again and retry."],
    details: [{ field: "expectedContentHash", message: `stored hash is ${storedHash}` }],
  });
}

/** An unforced import that would strand stored data; one detail per breaking change (CONTRACT section 2). */
export function breakingConfigurationChange(breaking: FieldError[]): ApiError {
  const count = `${breaking.length} breaking change${breaking.length === 1 ? "" : "s"}`;
  return new ApiError({
    code: "BreakingConfigurationChange",
    message:
      `The import would strand stored data (${count}); ` +
      "retry with ?force=true on a Sandbox company to apply it anyway",
    userMessages: breaking.map((b) => `${b.message}.`),
    details: breaking,
  });
}
