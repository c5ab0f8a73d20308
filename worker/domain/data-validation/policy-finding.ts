import { canonicalJson, isRecord } from "../../lib/json";
import type { ValueProblem } from "../entities/field-values";
import {
  checkStoredValues,
  type DataValidationFinding,
  findingOf,
  unreadableRecordFinding,
  valueIssue,
} from "./record-finding";
import type { ValidationTarget } from "./validation-target";

/**
 * A policy's finding (issue 10, item 4): the data of every stored version, each segment's (and the
 * segments a reinstatement would restore), checked like a record's values against the policy fields, the
 * policy's platform members and, in `exposures`, the exposure fields. Data carried forward unchanged
 * (the same values in several versions or segments) is checked once, at its first place:
 * `versions[2].segments[0].data.limit`.
 */

/** One stored version as the records query gives it. */
interface StoredVersion {
  version: number;
  coverage: unknown;
}

type Values = Record<string, unknown>;

/** The data objects of a version's coverage, each with where it sits. */
function segmentData(version: StoredVersion): Array<{ at: string; data: unknown }> {
  const coverage = isRecord(version.coverage) ? version.coverage : {};
  const listed = (list: unknown, name: string) =>
    (Array.isArray(list) ? list : []).map((segment, index) => ({
      at: `versions[${version.version}].${name}[${index}].data`,
      data: isRecord(segment) ? segment.data : undefined,
    }));
  const cancellation = isRecord(coverage.cancellation) ? coverage.cancellation : {};
  return [...listed(coverage.segments, "segments"), ...listed(cancellation.restore, "restoredSegments")];
}

export function validatePolicyVersions(
  target: ValidationTarget,
  policyId: string,
  versions: unknown,
  present: (data: Values) => Values,
): DataValidationFinding {
  if (!Array.isArray(versions) || !versions.every((v) => isRecord(v) && typeof v.version === "number"))
    return unreadableRecordFinding(target, policyId, "The stored policy versions cannot be read");
  const extraKeys = new Set<string>();
  const problems: ValueProblem[] = [];
  const seen = new Set<string>();
  for (const version of versions as StoredVersion[]) {
    for (const { at, data } of segmentData(version)) {
      if (!isRecord(data)) {
        problems.push({ path: at, problem: "is not an object of policy field values" });
        continue;
      }
      const identity = canonicalJson(data);
      if (seen.has(identity)) continue;
      seen.add(identity);
      const check = checkStoredValues(target, present(data));
      for (const key of check.extraKeys) extraKeys.add(key);
      problems.push(...check.problems.map((p) => ({ path: `${at}.${p.path}`, problem: p.problem })));
    }
  }
  return findingOf(target, policyId, [...extraKeys], problems.map(valueIssue));
}
