import { isRecord, ownValue, sameJson } from "../../lib/json";
import type { SubField } from "../configuration/document";
import { completeValues } from "./derived-values";
import { entryAt } from "./entry-rules";
import { isMissingValue, type ValueProblem } from "./field-values";
import { VALUE_BOUNDS } from "./value-reading";

/**
 * Lists written whole whose entries carry configured fields: a quote's embedded `exposures` (a policy's
 * `data.exposures`) and every Group value, whose entries carry its sub-fields, at any depth. Each entry is
 * matched with the stored entry at the same position (`embedded-exposure-rules.ts` states the rules):
 * write groups here (403), read-only values in `entry-rules.ts` (400), computed defaults and calculated
 * values here (derived entry by entry, each entry's own values as the expression's data).
 */

type Values = Record<string, unknown>;
export type LockedField = { referenceId: string; group: string };
/** Whether the caller holds the write group of the fields' owner (`<entity>.field-<group>`). */
type Holds = (group: string) => boolean;

const isGroup = (field: SubField) => field.typeInfo.kind === "Group";

/**
 * Locked fields the entries of a written list change: an entry may not change, set or clear a locked
 * field's value unless the caller holds its group (resending the stored value is accepted); inside the
 * fields it may write, its Group values are checked the same way. `at` names the list (`exposures`).
 */
export function lockedEntryFields(
  value: unknown,
  fields: readonly SubField[],
  stored: unknown,
  holds: Holds,
  at: string,
): LockedField[] {
  // A list over every list bound is refused by its reading (400) before anything is written; walking it here
  // could take minutes (a member path such as `drivers.4294967294.name` makes a sparse list that long).
  if (Array.isArray(value) && value.length > VALUE_BOUNDS.embeddedExposures) return [];
  const sent = Array.isArray(value) ? value : [];
  const storedEntries = Array.isArray(stored) ? stored : [];
  // The entries a write drops (a shorter list, or none) clear their values, the locked ones included.
  const dropped = storedEntries.slice(sent.length).map(() => clearingEntry(fields, holds));
  return [...sent, ...dropped].flatMap((entry, index) => {
    if (!isRecord(entry)) return [];
    const held = entryAt(stored, index);
    const locked = fields.flatMap((field) => {
      const group = field.writePermission;
      if (!group || holds(group)) return [];
      const sent = ownValue(entry, field.referenceId);
      const before = ownValue(held, field.referenceId);
      const changes = Object.hasOwn(entry, field.referenceId) ? !sameJson(sent, before) : !isMissingValue(before);
      return changes ? [{ referenceId: `${at}[${index}].${field.referenceId}`, group }] : [];
    });
    return [...locked, ...lockedGroupFields(fields, entry, held, holds, `${at}[${index}].`)];
  });
}

/** What a dropped entry writes: nothing kept, and its Group values the caller may write emptied (judged in turn). */
const clearingEntry = (fields: readonly SubField[], holds: Holds): Values =>
  Object.fromEntries(
    fields
      .filter((f) => isGroup(f) && !(f.writePermission && !holds(f.writePermission)))
      .map((f) => [f.referenceId, []]),
  );

/**
 * Locked sub-fields inside the Group values a record's write names (its Group fields the caller may write;
 * a Group field locked itself is refused by its owner's rule), compared with the stored record's.
 */
export function lockedGroupFields(
  fields: readonly SubField[],
  written: Values,
  stored: Values | null | undefined,
  holds: Holds,
  prefix = "",
): LockedField[] {
  return fields.flatMap((field) => {
    const lockedWhole = field.writePermission && !holds(field.writePermission);
    if (!isGroup(field) || lockedWhole || !Object.hasOwn(written, field.referenceId)) return [];
    const value = written[field.referenceId];
    const path = `${prefix}${field.referenceId}`;
    return lockedEntryFields(value, field.typeInfo.subFields ?? [], ownValue(stored, field.referenceId), holds, path);
  });
}

/**
 * The derived values of a written list's entries, entry by entry: its Group values first (the same way),
 * then computed defaults for the fields it leaves out (dependency order), then calculated fields; a
 * required field a default left empty is a problem naming the entry path (`exposures[1].vin`).
 */
export function completeEntries(
  fields: readonly SubField[],
  entries: readonly unknown[],
  now: Date,
  at: string,
): { entries: unknown[]; problems: ValueProblem[] } {
  const problems: ValueProblem[] = [];
  const completed = entries.map((entry, index) => {
    if (!isRecord(entry)) return entry;
    const prefix = `${at}[${index}].`;
    const groups = completeGroupValues(fields, entry, Object.keys(entry), now, prefix);
    const defaults = fields.filter((f) => f.computedDefault && !(f.referenceId in entry));
    const done = completeValues(fields, groups.data, defaults, now, (referenceId) => `${prefix}${referenceId}`);
    problems.push(...groups.problems, ...done.problems);
    return done.data;
  });
  return { entries: completed, problems };
}

/** The Group values a write names (`written`), each completed entry by entry (`completeEntries`). */
export function completeGroupValues(
  fields: readonly SubField[],
  data: Values,
  written: readonly string[],
  now: Date,
  prefix = "",
): { data: Values; problems: ValueProblem[] } {
  const out = { ...data };
  const problems: ValueProblem[] = [];
  for (const field of fields) {
    const value = ownValue(data, field.referenceId);
    if (!isGroup(field) || !written.includes(field.referenceId) || !Array.isArray(value)) continue;
    const done = completeEntries(field.typeInfo.subFields ?? [], value, now, `${prefix}${field.referenceId}`);
    out[field.referenceId] = done.entries;
    problems.push(...done.problems);
  }
  return { data: out, problems };
}
