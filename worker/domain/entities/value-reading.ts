/** What reading a value gives (shared by the readers of each kind). */
import type { OptionSet } from "../configuration/document";

/** One refused value: where it is (`exposures[1].vin`) and what is wrong with it. */
export interface ValueProblem {
  path: string;
  problem: string;
}

export type ValueReading = { ok: true; value: unknown } | { ok: false; problems: ValueProblem[] };

export interface ValueContext {
  optionSets: ReadonlyMap<string, OptionSet>;
  /**
   * Reading stored values (data validation) rather than a write: the legacy spellings a write converts
   * (MultiSelect as comma-separated text) are not what storage should hold, so they are problems.
   */
  stored?: boolean;
  /** When the write arrived: an OFAC `screenedAt` later than 5 minutes after it is refused. */
  now?: Date;
}

/** How far ahead of the request's arrival an OFAC `screenedAt` may be (clock skew; CONTRACT section 4). */
export const SCREENED_AT_TOLERANCE_MS = 5 * 60_000;

/**
 * Bounds of configured values by kind (CONTRACT 8.3): text at most 10,000 characters (a String field's
 * `maxLength` may say less), a Group at most 1,000 entries, an OFAC screening at most 1,000 matches.
 */
export const VALUE_BOUNDS = {
  text: 10_000,
  groupEntries: 1_000,
  screeningMatches: 1_000,
  /** A quote's or policy's embedded exposures, as `PUT X/quotes` has always bounded them. */
  embeddedExposures: 10_000,
} as const;

/** Values listed in a refusal: enough to act on, never the whole of a 10,000-option set. */
export const LISTED_VALUES = 20;

export const ok = (value: unknown): ValueReading => ({ ok: true, value });
export const refuse = (path: string, problem: string): ValueReading => ({ ok: false, problems: [{ path, problem }] });
export const tooLongProblem = (max: number) => `must be at most ${max.toLocaleString("en-US")} characters long`;
