import { isRecord, ownValue } from "../../lib/json";
import type { SubField } from "../configuration/document";
import type { ValidationIssue } from "../configuration/issues";
import { isMissingValue, readFieldValue, type ValueContext, type ValueProblem } from "../entities/field-values";
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
export const valueIssue = (problem: ValueProblem): ValidationIssue => ({
  message: `${problem.path} ${problem.problem}`,
  fieldPath: segmentsOf(problem.path),
  severity: "error",
  code: problem.problem === REQUIRED ? ISSUE_CODES.requiredMissing : ISSUE_CODES.invalidValue,
});

/** Fields filled in later by the platform are not missing while absent (as on writes). */
const generatedLater = (kind: string) => kind === "Sequence" || kind === "Calculated";

export function findingOf(
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
  return findingOf(
    target,
    entityId,
    [],
    [{ message: reason, fieldPath: [], severity: "error", code: ISSUE_CODES.unreadableRecord }],
  );
}

/** What stored values hold that the configuration does not allow. */
export interface StoredValueCheck {
  /** Top-level keys that are neither configured fields nor platform members. */
  extraKeys: string[];
  problems: ValueProblem[];
}

type Values = Record<string, unknown>;

/** Values of configured fields, each read as the writes read it (stored spellings only); unknown keys apart. */
function fieldProblems(fields: readonly SubField[], data: Values, context: ValueContext, prefix: string) {
  const byId = new Map(fields.map((f) => [f.referenceId, f]));
  const unknown: string[] = [];
  const problems: ValueProblem[] = [];
  for (const [key, value] of Object.entries(data)) {
    const field = byId.get(key);
    if (!field) unknown.push(key);
    else if (value !== undefined) {
      const reading = readFieldValue(field, value, context, `${prefix}${key}`);
      if (!reading.ok) problems.push(...reading.problems);
    }
  }
  for (const field of fields) {
    if (field.required && isMissingValue(ownValue(data, field.referenceId)) && !generatedLater(field.typeInfo.kind))
      problems.push({ path: `${prefix}${field.referenceId}`, problem: REQUIRED });
  }
  return { unknown, problems };
}

/** Every stored embedded exposure checked against the exposure fields (issue 10, item 4). */
function embeddedExposureProblems(value: unknown, fields: readonly SubField[], context: ValueContext) {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return [{ path: "exposures", problem: "must be a list of exposures" }];
  return value.flatMap((item, index): ValueProblem[] => {
    const at = `exposures[${index}]`;
    if (!isRecord(item)) return [{ path: at, problem: "must be an exposure object" }];
    const { unknown, problems } = fieldProblems(fields, item, context, `${at}.`);
    return [...unknown.map((key) => ({ path: `${at}.${key}`, problem: "is not an exposure field" })), ...problems];
  });
}

/**
 * Checks stored values with the same per-kind readers writes use (stored spellings only: a MultiSelect
 * holds a list), the required rule (a required field absent, null or blank is a problem whatever the
 * record's age), and the embedded exposures of quotes and policy data against the exposure fields.
 */
export function checkStoredValues(target: ValidationTarget, data: Values): StoredValueCheck {
  const context: ValueContext = { optionSets: target.optionSets, stored: true };
  const { unknown, problems } = fieldProblems(target.fields, data, context, "");
  const extraKeys: string[] = [];
  for (const key of unknown) {
    const value = data[key];
    if (key === "exposures" && target.embeddedExposureFields) {
      problems.push(...embeddedExposureProblems(value, target.embeddedExposureFields, context));
    } else if (!target.platformFields.includes(key)) extraKeys.push(key);
    else {
      const reading = readPlatformValue(target.entityType, key, value, key);
      if (reading && !reading.ok) problems.push(...reading.problems);
    }
  }
  return { extraKeys, problems };
}

/** One record's finding: its stored values checked against the current configuration. */
export function validateStoredRecord(target: ValidationTarget, entityId: string, data: unknown): DataValidationFinding {
  if (!isRecord(data))
    return unreadableRecordFinding(target, entityId, "The stored data is not an object of field values");
  const { extraKeys, problems } = checkStoredValues(target, data);
  return findingOf(target, entityId, extraKeys, problems.map(valueIssue));
}
