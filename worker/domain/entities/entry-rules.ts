import { isRecord, sameJson } from "../../lib/json";
import type { SubField } from "../configuration/document";
import type { ValueProblem } from "./value-reading";

/**
 * One entry of a list written whole (an item of a quote's embedded `exposures`, an entry of a Group value)
 * against the stored entry at the same position: the rules of read-only fields (interface, "Field schema
 * marks"). A calculated field is read-only too; its value is derived again once the entry is read.
 */

type Entry = Record<string, unknown>;

/** The stored entry at `index` of a stored list, or null. */
export const entryAt = (list: unknown, index: number): Entry | null => {
  const entry = Array.isArray(list) ? list[index] : undefined;
  return isRecord(entry) ? entry : null;
};

/** Values the entry may not set: a read-only value other than the stored one (400 "is read-only"). */
export function readOnlyProblems(
  entry: Entry,
  fields: readonly SubField[],
  stored: Entry | null,
  pathOf: (referenceId: string) => string,
): ValueProblem[] {
  return fields.flatMap((field): ValueProblem[] =>
    field.readOnly &&
    Object.hasOwn(entry, field.referenceId) &&
    !sameJson(entry[field.referenceId], stored?.[field.referenceId])
      ? [{ path: pathOf(field.referenceId), problem: "is read-only" }]
      : [],
  );
}

/** Fields whose sent value is never stored as sent: read-only (kept) and calculated (recomputed). */
export const notTakenAsSent = (field: SubField) => field.readOnly || field.typeInfo.kind === "Calculated";

/** The stored values an entry keeps: read-only values (sent unchanged or left out), Sequence values left out. */
export function keptValues(entry: Entry, fields: readonly SubField[], stored: Entry | null): Entry {
  const kept: Entry = {};
  for (const field of fields) {
    const held = stored?.[field.referenceId];
    const keeps = field.readOnly || (field.typeInfo.kind === "Sequence" && !(field.referenceId in entry));
    if (keeps && held !== undefined) kept[field.referenceId] = held;
  }
  return kept;
}

/**
 * Whether the caller fills the field on a write: not a field the platform fills (Sequence, Calculated, a
 * computed default) nor a read-only one. A required field of these is checked once the entry is complete.
 */
export const callerFills = (field: SubField) =>
  field.typeInfo.kind !== "Sequence" &&
  field.typeInfo.kind !== "Calculated" &&
  !field.computedDefault &&
  !field.readOnly;
