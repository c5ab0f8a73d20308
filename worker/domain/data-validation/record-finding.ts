import { isRecord } from "../../lib/json";
import type { ValidationIssue } from "../configuration/issues";
import { isMissingValue, readFieldValue, type ValueProblem } from "../entities/field-values";
import { readPlatformValue } from "../entities/platform-values";
import type { ValidationTarget } from "./validation-target";

/**
 * How one stored record stands against the current configuration (interface, "Data-validation
 * finding"). Issues use the configuration-validation issue shape `{message, fieldPath, severity, code}`
 * so clients read both kinds of validation response the same way.
 */
export interface DataValidationFinding {
  entityType: string;
  entityId: string;
  /** No issues and no extra keys. */
  adheres: boolean;
  /** Stored keys that are neither configured fields nor platform fields of the type. */
  extraKeys: string[];
  issues: ValidationIssue[];
}

export const ISSUE_CODES = {
  invalidValue: "invalid-value",
  requiredMissing: "required-field-missing",
  unreadableRecord: "unreadable-record",
} as const;

/** `drivers[1].name` → `["drivers", "1", "name"]`. */
const segmentsOf = (path: string) => path.match(/[^.[\]]+/g) ?? [];

const REQUIRED = "is required";

/** A value reader's problem as an issue; a required sub-field missing in a group entry counts as missing. */
const valueIssue = (problem: ValueProblem): ValidationIssue => ({
  message: `${problem.path} ${problem.problem}`,
  fieldPath: segmentsOf(problem.path),
  severity: "error",
  code: problem.problem === REQUIRED ? ISSUE_CODES.requiredMissing : ISSUE_CODES.invalidValue,
});

/** Fields filled in later by the platform are not missing while absent (as on writes). */
const generatedLater = (kind: string) => kind === "Sequence" || kind === "Calculated";

function finding(
  target: ValidationTarget,
  entityId: string,
  extraKeys: string[],
  issues: ValidationIssue[],
): DataValidationFinding {
  return {
    entityType: target.entityType,
    entityId,
    adheres: extraKeys.length === 0 && issues.length === 0,
    extraKeys,
    issues,
  };
}

/** A record whose stored data cannot be read as an object of field values. */
export function unreadableRecordFinding(
  target: ValidationTarget,
  entityId: string,
  reason: string,
): DataValidationFinding {
  return finding(
    target,
    entityId,
    [],
    [{ message: reason, fieldPath: [], severity: "error", code: ISSUE_CODES.unreadableRecord }],
  );
}

/**
 * Checks stored values with the same per-kind readers writes use, and the required rule: a required
 * field that is absent or null is an issue whatever the record's age.
 */
export function validateStoredRecord(target: ValidationTarget, entityId: string, data: unknown): DataValidationFinding {
  if (!isRecord(data))
    return unreadableRecordFinding(target, entityId, "The stored data is not an object of field values");
  const fields = new Map(target.fields.map((f) => [f.referenceId, f]));
  const context = { optionSets: target.optionSets };
  const extraKeys: string[] = [];
  const issues: ValidationIssue[] = [];

  for (const [key, value] of Object.entries(data)) {
    const field = fields.get(key);
    if (field) {
      if (value === undefined) continue;
      const reading = readFieldValue(field, value, context, key);
      if (!reading.ok) issues.push(...reading.problems.map(valueIssue));
      continue;
    }
    if (!target.platformFields.includes(key)) {
      extraKeys.push(key);
      continue;
    }
    const reading = readPlatformValue(target.entityType, key, value, key);
    if (reading && !reading.ok) issues.push(...reading.problems.map(valueIssue));
  }

  for (const field of target.fields) {
    const value = data[field.referenceId];
    if (field.required && isMissingValue(value) && !generatedLater(field.typeInfo.kind)) {
      issues.push(valueIssue({ path: field.referenceId, problem: REQUIRED }));
    }
  }
  return finding(target, entityId, extraKeys, issues);
}
