import { canonicalJson } from "../../lib/json";
import { sha256OfText } from "../../lib/sha256";
import type { Coverage, Segment } from "./segments";

/**
 * Content hashes of a version's segments, for the staff repair kind `segmentHashes` (`POST
 * P/policies/repair`): pure, from what storage holds.
 */

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
    segments.map(async ({ startDate, endDate, data }) => ({
      startDate,
      endDate,
      hash: await sha256OfText(canonicalJson({ startDate, endDate, data })),
    })),
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
