import type { SubField } from "../configuration/document";
import { ROLLUPS } from "../policies/pricing";
import { type Cell, FIXED_COLUMN_KEYS } from "./columns";

/**
 * Paths a bordereau may transpose into a column: a member of a whole-term (FullTerm) container, or a
 * configured policy field, read from the version's root data (the data at the end of its coverage).
 */
const CONTAINER_MEMBERS: Record<string, readonly string[]> = {
  fullTermPricingInfo: ROLLUPS,
  fullTermPolicyRatingResult: ["policyPremium", "policyTaxes", "policyFees", "policyGrandTotal"],
  crossSegmentRatingOutputs: ["ratedAt", "raterVersion"],
};
const RATING_OUTPUT_PREFIX = "crossSegmentRatingOutputs.outputs.";

/** A transposable path as the members to walk from the root data. */
export type TransposedPath = readonly string[];

/**
 * A member that can be spelled inside a quoted SQLite JSON path: no double quote or backslash, and no
 * control character (a NUL would end the path early).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
const isPathMember = (name: string) => name.length > 0 && !/["\\\u0000-\u001f\u007f]/.test(name);

/** The members `path` names, or null when it is not transposable for a company with these policy fields. */
export function resolveTransposablePath(path: string, policyFields: readonly SubField[]): TransposedPath | null {
  if (path.startsWith(RATING_OUTPUT_PREFIX)) {
    const name = path.slice(RATING_OUTPUT_PREFIX.length);
    return isPathMember(name) ? ["crossSegmentRatingOutputs", "outputs", name] : null;
  }
  const [container, member, ...rest] = path.split(".");
  if (container && member && rest.length === 0 && CONTAINER_MEMBERS[container]?.includes(member))
    return [container, member];
  if (container && member === undefined && isPathMember(path) && policyFields.some((f) => f.referenceId === path))
    return [path];
  return null;
}

/** Keys valid for the bordereau surface: its fixed columns and every transposable path. */
export function isBordereauFieldKey(key: string, policyFields: readonly SubField[]): boolean {
  return FIXED_COLUMN_KEYS.includes(key) || resolveTransposablePath(key, policyFields) !== null;
}

/** A documented list of what may be transposed, for error messages and the OpenAPI description. */
export const TRANSPOSABLE_PATHS_TEXT = [
  ...Object.entries(CONTAINER_MEMBERS).flatMap(([container, members]) => members.map((m) => `\`${container}.${m}\``)),
  "`crossSegmentRatingOutputs.outputs.<name>`",
  "`<referenceId>` of a configured policy field",
].join(", ");

const isFmv1Date = (value: object): value is { date: string } =>
  !Array.isArray(value) &&
  typeof (value as { date?: unknown }).date === "string" &&
  Object.keys(value).every((k) => k === "date" || k === "timezone");

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean";

/**
 * A transposed value as a cell: scalars as they are, a Date as its day, a list of scalars (a
 * MultiSelect) as its values joined by commas, anything else as JSON text.
 */
export function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (isScalar(value)) return value;
  if (Array.isArray(value) && value.every(isScalar)) return value.join(",");
  if (typeof value === "object" && isFmv1Date(value)) return value.date;
  return JSON.stringify(value);
}
