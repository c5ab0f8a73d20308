import { canonicalJson, getAt, isRecord, sameJson, setAt } from "../../lib/json";
import type { OptionSet, SubField } from "../configuration/document";
import { readEmbeddedExposures } from "../entities/embedded-exposures";
import { readFieldValue, type ValueProblem } from "../entities/field-values";
import { revalidateContainers } from "./deltas";
import { POLICY_PATH } from "./policy-path";
import { primaryInsuredOf } from "./primary-insured";
import type { Coverage, Segment } from "./segments";

/**
 * Staff repairs of stored policy data (`POST P/policies/repair`). Pure planning: what a repair would
 * change, from what storage holds; the service reads and writes.
 */

// ---------------------------------------------------------------------------------------------------
// Content hashes of segments (kind `segmentHashes`)

export interface SegmentHash {
  startDate: string;
  endDate: string;
  /** Lowercase hex SHA-256 of the canonical JSON of `{startDate, endDate, data}`. */
  hash: string;
}

/**
 * Hashes recorded by a repair, kept inside the version row's coverage JSON (no extra column). They
 * hold for the version named: transactions copy the coverage forward, so a copy stamped with an
 * earlier version means "not recorded" for the version that carries it.
 */
export interface RecordedSegmentHashes {
  version: number;
  algorithm: "sha256";
  recordedAt: string;
  segments: SegmentHash[];
}

export type HashedCoverage = Coverage & { segmentHashes?: RecordedSegmentHashes };

export async function hashSegments(segments: readonly Segment[]): Promise<SegmentHash[]> {
  return Promise.all(
    segments.map(async ({ startDate, endDate, data }) => {
      const bytes = new TextEncoder().encode(canonicalJson({ startDate, endDate, data }));
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
      return { startDate, endDate, hash: [...digest].map((b) => b.toString(16).padStart(2, "0")).join("") };
    }),
  );
}

export function recordedHashesOf(coverage: HashedCoverage, version: number): RecordedSegmentHashes | null {
  const recorded = coverage.segmentHashes;
  return recorded && recorded.version === version && Array.isArray(recorded.segments) ? recorded : null;
}

export interface SegmentHashChange {
  segmentIndex: number;
  startDate: string;
  endDate: string;
  /** The hash recorded before, or null when none was recorded for this version. */
  recordedHash: string | null;
  /** The hash of the segment as stored now; null for a recorded entry with no segment left. */
  hash: string | null;
  /**
   * `recorded`: no hash yet; `mismatch`: the segment's content or span changed since; `dropped`: no such
   * segment any more.
   */
  outcome: "recorded" | "mismatch" | "dropped";
}

/** Index by index: every place where the recorded hashes differ from the segments' content now. */
export function compareSegmentHashes(
  recorded: RecordedSegmentHashes | null,
  computed: readonly SegmentHash[],
): SegmentHashChange[] {
  const before = recorded?.segments ?? [];
  const changes: SegmentHashChange[] = [];
  computed.forEach((now, segmentIndex) => {
    const then = before[segmentIndex];
    if (!then) changes.push({ segmentIndex, ...now, recordedHash: null, outcome: "recorded" });
    else if (then.hash !== now.hash || then.startDate !== now.startDate || then.endDate !== now.endDate) {
      changes.push({ segmentIndex, ...now, recordedHash: then.hash, outcome: "mismatch" });
    }
  });
  before.slice(computed.length).forEach((then, i) => {
    changes.push({
      segmentIndex: computed.length + i,
      startDate: then.startDate,
      endDate: then.endDate,
      recordedHash: then.hash,
      hash: null,
      outcome: "dropped",
    });
  });
  return changes;
}

// ---------------------------------------------------------------------------------------------------
// The renewal link (kind `joinHistory`)

export interface PreviousPolicyLink {
  id: string;
  toId: string;
}

export type JoinHistoryChange =
  | { target: "previousPolicy"; before: string | null; after: string | null }
  | { target: "previousPolicyLink"; action: "remove" | "add"; linkId: string; toId: string };

export interface JoinHistoryPlan {
  changes: JoinHistoryChange[];
  /** The link that stays (existing or added) to the recorded previous policy; null when there is none to keep. */
  keptLinkId: string | null;
  /** The link to insert, when none to the recorded previous policy exists. */
  added: PreviousPolicyLink | null;
}

/**
 * What makes the head and the `previousPolicy` links agree with the renewal recorded in the version
 * data: exactly one link to `recorded` (the oldest existing one is kept), none when `recorded` is null.
 */
export function planJoinHistory(
  recorded: string | null,
  headPreviousPolicyId: string | null,
  links: readonly PreviousPolicyLink[],
  newLinkId: string,
): JoinHistoryPlan {
  const changes: JoinHistoryChange[] = [];
  if (headPreviousPolicyId !== recorded)
    changes.push({ target: "previousPolicy", before: headPreviousPolicyId, after: recorded });
  const kept = recorded ? (links.find((l) => l.toId === recorded) ?? null) : null;
  for (const link of links) {
    if (link !== kept)
      changes.push({ target: "previousPolicyLink", action: "remove", linkId: link.id, toId: link.toId });
  }
  const added = recorded && !kept ? { id: newLinkId, toId: recorded } : null;
  if (added) changes.push({ target: "previousPolicyLink", action: "add", linkId: added.id, toId: added.toId });
  return { changes, keptLinkId: kept?.id ?? added?.id ?? null, added };
}

// ---------------------------------------------------------------------------------------------------
// Compare-and-swap of stored values (kind `fieldValues`)

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
  if (field?.typeInfo.kind === "Calculated") return { path: change.path, problem: "is calculated, not stored" };
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
    return result.ok ? { ok: true, data: { ...data, [member]: result.data[member] } } : result;
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
