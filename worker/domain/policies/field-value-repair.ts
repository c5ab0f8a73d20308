import { canonicalJson, getAt, isRecord, sameJson, setAt } from "../../lib/json";
import type { OptionSet, SubField } from "../configuration/document";
import { readEmbeddedExposures } from "../entities/embedded-exposures";
import { readFieldValue, type ValueProblem } from "../entities/field-values";
import { revalidateContainers } from "./deltas";
import { POLICY_PATH } from "./policy-path";
import { negativeRollupProblem, negativeRollups } from "./pricing";
import { primaryInsuredOf } from "./primary-insured";
import type { Coverage, Segment } from "./segments";

/**
 * Compare-and-swap of stored values, for the staff repair kind `fieldValues` (`POST P/policies/repair`):
 * pure planning of what the repair changes, from what storage holds.
 */

export interface FieldValueChangeRequest {
  /** When given, must be the current version (the only one a repair changes). */
  version?: number;
  /** When given, only this segment of the current version; otherwise every segment. */
  segmentIndex?: number;
  path: string;
  expected: unknown;
  value: unknown;
}

export interface FieldValueChange {
  /** `segments`: the version's segments; `restore`: the segments a cancelled policy gets back on reinstatement. */
  segments: "segments" | "restore";
  segmentIndex: number;
  startDate: string;
  endDate: string;
  path: string;
  before: unknown;
  after: unknown;
  /** True for a derived value (primary insured) recomputed because of the change. */
  derived: boolean;
}

export interface FieldValueContext {
  policyFields: readonly SubField[];
  exposureFields: readonly SubField[];
  optionSets: readonly OptionSet[];
  now: Date;
}

export type FieldValuePlan =
  | { ok: true; coverage: Coverage; changes: FieldValueChange[] }
  | { ok: false; kind: "invalid" | "stale" | "mismatch"; problems: ValueProblem[] };

const CONTAINERS = new Set(["fullTermPricingInfo", "fullTermPolicyRatingResult", "crossSegmentRatingOutputs"]);
const DERIVED = ["primaryInsuredName", "primaryInsuredId"] as const;
/** Members a value repair never touches, and what to do instead. */
const REFUSED: Record<string, string> = {
  policyNumber: "is the policy's identity and cannot be repaired in place",
  previousPolicy: "is the renewal link; use the joinHistory repair",
  policyStartDate: "shapes the term and its segments; change it with a transaction",
  policyEndDate: "shapes the term and its segments; change it with a transaction",
  primaryInsuredName: "is derived from the policy's exposures",
  primaryInsuredId: "is derived from the policy's exposures",
};

type Location = { segments: "segments" | "restore"; index: number };

const isIndex = (member: string | undefined) => member !== undefined && /^\d+$/.test(member);

/** True when the path can be written: every value on the way is an object, an array (by index), or absent. */
function reachable(data: unknown, members: readonly string[]): boolean {
  let at: unknown = data;
  for (const member of members.slice(0, -1)) {
    if (at === undefined || at === null) return true;
    if (Array.isArray(at)) {
      if (!isIndex(member) || Number(member) > at.length) return false;
      at = at[Number(member)];
    } else if (isRecord(at)) at = at[member];
    else return false;
  }
  const last = members.at(-1);
  return (
    at === undefined || at === null || isRecord(at) || (Array.isArray(at) && isIndex(last) && Number(last) <= at.length)
  );
}

const overlaps = (a: Segment, b: Segment) => a.startDate < b.endDate && b.startDate < a.endDate;
const isPrefix = (a: readonly string[], b: readonly string[]) => a.every((m, i) => b[i] === m);

/**
 * The locations a change applies to: one segment or all of them; while the policy is cancelled, also
 * the restore segments covering the same days (all of them for a change without `segmentIndex`), so a
 * reinstatement does not bring the old value back.
 */
function locationsOf(coverage: Coverage, segmentIndex: number | undefined): Location[] {
  const chosen = segmentIndex === undefined ? coverage.segments.map((_, index) => index) : [segmentIndex];
  const locations: Location[] = chosen.map((index) => ({ segments: "segments", index }));
  const only = segmentIndex === undefined ? undefined : coverage.segments[segmentIndex];
  coverage.cancellation?.restore.forEach((restored, index) => {
    if (!only || overlaps(restored, only)) locations.push({ segments: "restore", index });
  });
  return locations;
}

const segmentsOf = (coverage: { segments: Segment[]; restore: Segment[] }, at: Location) =>
  at.segments === "segments" ? coverage.segments : coverage.restore;

/** The segment at a location; locations are only ever made from the coverage's own segments. */
function segmentAt(coverage: { segments: Segment[]; restore: Segment[] }, at: Location): Segment {
  const segment = segmentsOf(coverage, at)[at.index];
  if (!segment) throw new Error(`no ${at.segments} segment ${at.index}`);
  return segment;
}

const where = (at: Location, segment: Segment) =>
  `${at.segments === "restore" ? "restore segment" : "segment"} ${at.index} ` +
  `(${segment.startDate} to ${segment.endDate})`;

/** What is wrong with one change on its own, if anything. */
function changeProblem(
  change: FieldValueChangeRequest,
  i: number,
  fields: ReadonlyMap<string, SubField>,
  coverage: Coverage,
): ValueProblem | null {
  const member = POLICY_PATH.exec(change.path)?.[1];
  if (!member) return { path: `changes[${i}].path`, problem: "must be a path like policy.<referenceId>" };
  const field = fields.get(member);
  const refused = REFUSED[member];
  if (refused) return { path: change.path, problem: refused };
  if (!field && !CONTAINERS.has(member) && member !== "exposures") {
    return { path: change.path, problem: "is not a policy field" };
  }
  if (field?.typeInfo.kind === "Calculated")
    return { path: change.path, problem: "is calculated from the policy's data, not repaired" };
  if (change.segmentIndex !== undefined && change.segmentIndex >= coverage.segments.length) {
    return {
      path: `changes[${i}].segmentIndex`,
      problem: `must name a segment of the current version (0 to ${coverage.segments.length - 1})`,
    };
  }
  return null;
}

/** Refusals that depend only on the request and the configuration (400). */
function requestProblems(
  changes: readonly FieldValueChangeRequest[],
  coverage: Coverage,
  context: FieldValueContext,
): ValueProblem[] {
  const fields = new Map(context.policyFields.map((f) => [f.referenceId, f]));
  const problems: ValueProblem[] = [];
  changes.forEach((change, i) => {
    const problem = changeProblem(change, i, fields, coverage);
    if (problem) problems.push(problem);
  });
  if (problems.length) return problems;

  // Two changes to the same value (or one inside the other) in the same place would depend on their order.
  changes.forEach((a, i) => {
    changes.slice(i + 1).forEach((b, k) => {
      const [pa, pb] = [a.path.split("."), b.path.split(".")];
      if (!isPrefix(pa, pb) && !isPrefix(pb, pa)) return;
      const atA = locationsOf(coverage, a.segmentIndex);
      const atB = locationsOf(coverage, b.segmentIndex);
      if (atA.some((x) => atB.some((y) => x.segments === y.segments && x.index === y.index))) {
        problems.push({
          path: `changes[${i + 1 + k}].path`,
          problem: `changes the same value as changes[${i}] (${a.path}) in the same segment`,
        });
      }
    });
  });
  return problems;
}

/** Reads the touched top-level member again as a whole, as a write would, and returns the value to store. */
function revalidated(
  member: string,
  data: Record<string, unknown>,
  previous: Record<string, unknown>,
  context: FieldValueContext,
): { ok: true; data: Record<string, unknown> } | { ok: false; problems: ValueProblem[] } {
  const path = `policy.${member}`;
  if (CONTAINERS.has(member)) {
    const result = revalidateContainers({ [member]: data[member] });
    if (!result.ok) return result;
    // As every write: the five rollups are not negative (CONTRACT 4), a component may be.
    const negative = member === "fullTermPricingInfo" ? negativeRollups(result.data[member]) : [];
    if (negative.length) return { ok: false, problems: negative.map((n) => negativeRollupProblem(path, n)) };
    return { ok: true, data: { ...data, [member]: result.data[member] } };
  }
  if (member === "exposures") {
    const existing = Array.isArray(previous.exposures)
      ? (previous.exposures as Array<Record<string, unknown>>)
      : undefined;
    const reading = readEmbeddedExposures(data.exposures, context.exposureFields, context.optionSets, existing);
    if (reading.ok) return { ok: true, data: { ...data, exposures: reading.exposures } };
    if (reading.kind === "generated")
      return {
        ok: false,
        problems: reading.paths.map((p) => ({
          path: `policy.${p}`,
          problem: "is platform-generated and cannot be changed",
        })),
      };
    const problems = reading.kind === "shape" ? [...reading.missing, ...reading.problems] : reading.problems;
    return { ok: false, problems: problems.map((p) => ({ ...p, path: `policy.${p.path}` })) };
  }
  const field = context.policyFields.find((f) => f.referenceId === member);
  // Members were checked against the configuration before anything was applied.
  if (!field) return { ok: false, problems: [{ path, problem: "is not a policy field" }] };
  const reading = readFieldValue(
    field,
    data[member],
    { optionSets: new Map(context.optionSets.map((s) => [s.key, s])) },
    path,
  );
  return reading.ok ? { ok: true, data: { ...data, [member]: reading.value } } : reading;
}

/**
 * Plans a compare-and-swap repair of the current version's stored data: every targeted location must
 * hold `expected` (an absent value reads as null) or nothing changes. New values are checked as a write
 * would check them; containers get their rollups recomputed and the primary insured is derived again.
 */
export function planFieldValueRepair(
  coverage: Coverage,
  currentVersion: number,
  changes: readonly FieldValueChangeRequest[],
  context: FieldValueContext,
): FieldValuePlan {
  const stale = changes.flatMap((c, i) =>
    c.version !== undefined && c.version !== currentVersion
      ? [{ path: `changes[${i}].version`, problem: `is ${c.version}, but the current version is ${currentVersion}` }]
      : [],
  );
  if (stale.length) return { ok: false, kind: "stale", problems: stale };
  const invalid = requestProblems(changes, coverage, context);
  if (invalid.length) return { ok: false, kind: "invalid", problems: invalid };

  const mismatches: ValueProblem[] = [];
  const unreachable: ValueProblem[] = [];
  const touched = new Map<string, { at: Location; members: Set<string> }>();
  const stored = { segments: coverage.segments, restore: coverage.cancellation?.restore ?? [] };
  const next = {
    segments: coverage.segments.map((s) => ({ ...s })),
    restore: coverage.cancellation?.restore.map((s) => ({ ...s })) ?? [],
  };

  for (const change of changes) {
    const members = change.path.split(".").slice(1);
    for (const at of locationsOf(coverage, change.segmentIndex)) {
      const segment = segmentAt(stored, at);
      const current = getAt(segment.data, members);
      if (!sameJson(current, change.expected)) {
        const expected = canonicalJson(change.expected ?? null);
        mismatches.push({
          path: change.path,
          problem: `${where(at, segment)} holds ${canonicalJson(current ?? null)}, not the expected ${expected}`,
        });
        continue;
      }
      if (!reachable(segment.data, members)) {
        unreachable.push({
          path: change.path,
          problem: `cannot be set in ${where(at, segment)}: a value on the way is not an object`,
        });
        continue;
      }
      const target = segmentAt(next, at);
      target.data = setAt(target.data, members, change.value) as Record<string, unknown>;
      const key = `${at.segments}:${at.index}`;
      const entry = touched.get(key) ?? { at, members: new Set<string>() };
      // A valid policy path always names a top-level member.
      entry.members.add(members[0] ?? "");
      touched.set(key, entry);
    }
  }
  if (mismatches.length) return { ok: false, kind: "mismatch", problems: mismatches };
  if (unreachable.length) return { ok: false, kind: "invalid", problems: unreachable };

  const problems: ValueProblem[] = [];
  const out: FieldValueChange[] = [];
  for (const { at, members } of touched.values()) {
    const before = segmentAt(stored, at);
    const target = segmentAt(next, at);
    let data = target.data;
    for (const member of members) {
      const result = revalidated(member, data, before.data, context);
      if (result.ok) data = result.data;
      else problems.push(...result.problems);
    }
    data = { ...data, ...primaryInsuredOf(data, context.policyFields, context.now) };
    target.data = data;
    const reported = [...members, ...DERIVED.filter((d) => !members.has(d))];
    for (const member of reported) {
      if (sameJson(before.data[member], data[member])) continue;
      out.push({
        segments: at.segments,
        segmentIndex: at.index,
        startDate: before.startDate,
        endDate: before.endDate,
        path: `policy.${member}`,
        before: before.data[member] ?? null,
        after: data[member] ?? null,
        derived: !members.has(member),
      });
    }
  }
  if (problems.length) return { ok: false, kind: "invalid", problems };

  const repaired: Coverage = {
    ...coverage,
    segments: next.segments,
    cancellation: coverage.cancellation ? { ...coverage.cancellation, restore: next.restore } : null,
  };
  return { ok: true, coverage: repaired, changes: out };
}
