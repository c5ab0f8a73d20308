import { sameJson } from "../../lib/json";
import { maxDay, minDay } from "./civil-days";

/**
 * A policy's coverage over its term as contiguous segments `[startDate, endDate)` (civil days), each
 * carrying the policy data in force during it (interface, "Policy version and segment shape").
 */
export interface Segment {
  startDate: string;
  endDate: string;
  data: Record<string, unknown>;
}

export interface Coverage {
  termStart: string;
  termEnd: string;
  /** Segments in order; they end at `termEnd`, or at the cancellation date while cancelled. */
  segments: Segment[];
  /** While cancelled: the date coverage ended and the segments to restore on reinstatement. */
  cancellation: { effectiveDate: string; restore: Segment[] } | null;
  /**
   * The fully-earned charges written by the versions before this one, kept when later pricing omits the
   * component (CONTRACT section 4). Absent on new business and renewal, and on versions stored before
   * charges were carried (those read their own segments alone, as they always did).
   */
  charged?: FullyEarnedCharge[];
}

/** What a fully-earned component has written from a day on: its whole level in cents, not the rise. */
export interface FullyEarnedCharge {
  kind: string;
  group: string;
  label: string;
  date: string;
  cents: number;
}

/** The span the version covers: from term start to term end, or to the cancellation date. */
export function coveredSpan(coverage: Coverage) {
  return { startDate: coverage.termStart, endDate: coverage.cancellation?.effectiveDate ?? coverage.termEnd };
}

/** The segments of the whole term, as if no cancellation were in force (what a reinstatement restores). */
export function termSegments(coverage: Coverage): readonly Segment[] {
  return coverage.cancellation?.restore ?? coverage.segments;
}

/** Splits the segment containing `day` so that a segment starts exactly there. */
export function splitAt(segments: readonly Segment[], day: string): Segment[] {
  return segments.flatMap((s) =>
    s.startDate < day && day < s.endDate
      ? [
          { ...s, endDate: day },
          { ...s, startDate: day },
        ]
      : [s],
  );
}

/** Cuts or stretches the coverage so it ends at `end`: a stretch carries the last segment's data on. */
export function endAt(segments: readonly Segment[], end: string): Segment[] {
  const kept = splitAt(segments, end).filter((s) => s.startDate < end);
  const last = kept.at(-1);
  if (last && last.endDate < end) kept[kept.length - 1] = { ...last, endDate: end };
  return kept;
}

/** The segments that remain in force when coverage ends at `day`. */
export function endedAt(segments: readonly Segment[], day: string): Segment[] {
  return splitAt(segments, day).filter((s) => s.endDate <= day);
}

/** Neighbouring segments with the same data read as one. */
export function mergeEqualNeighbours(segments: readonly Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const segment of segments) {
    const last = out.at(-1);
    if (last && last.endDate === segment.startDate && sameJson(last.data, segment.data))
      out[out.length - 1] = { ...last, endDate: segment.endDate };
    else out.push(segment);
  }
  return out;
}

/** The segment in force on a day, or the last one when the day is past the coverage. */
export function segmentOn(segments: readonly Segment[], day: string): Segment | undefined {
  return segments.find((s) => s.startDate <= day && day < s.endDate) ?? segments.at(-1);
}

/** Days of `[from, to)` that fall inside a segment. */
export function overlapDays(
  segment: Segment,
  from: string,
  to: string,
  count: (a: string, b: string) => number,
): number {
  const start = maxDay(segment.startDate, from);
  const end = minDay(segment.endDate, to);
  return end > start ? count(start, end) : 0;
}
