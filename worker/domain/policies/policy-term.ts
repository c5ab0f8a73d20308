import { isRecord } from "../../lib/json";
import { DEFAULT_TIMEZONE } from "../dates/fmv1-date";
import { type Coverage, mergeEqualNeighbours, type Segment, termSegments } from "./segments";

/** The policy's time zone: its term start's (CONTRACT section 4: the term dates share one zone). */
export function policyTimezone(coverage: Coverage): string | null {
  const start = termSegments(coverage)[0]?.data.policyStartDate;
  return isRecord(start) && typeof start.timezone === "string" ? start.timezone : null;
}

/**
 * Every segment (and every segment to restore) states the policy's current term end: the term is one
 * for the whole policy, and every segment prorates over it (CONTRACT section 4, premium accounting).
 */
export function withTermEnd(coverage: Coverage): Coverage {
  const zone = policyTimezone(coverage) ?? DEFAULT_TIMEZONE;
  const policyEndDate = { date: coverage.termEnd, timezone: zone };
  // Segments that differed only in the end they stated read as one.
  const stated = (segments: readonly Segment[]) =>
    mergeEqualNeighbours(segments.map((s) => ({ ...s, data: { ...s.data, policyEndDate } })));
  return {
    ...coverage,
    segments: stated(coverage.segments),
    cancellation: coverage.cancellation
      ? { ...coverage.cancellation, restore: stated(coverage.cancellation.restore) }
      : null,
  };
}
