import { isRecord } from "../../lib/json";
import type { OptionSet, SubField } from "../configuration/document";
import { type EmbeddedReading, readEmbeddedExposures } from "./embedded-exposures";
import { completeEntries, lockedEntryFields } from "./entry-lists";
import { entryAt, keptValues, notTakenAsSent, readOnlyProblems } from "./entry-rules";
import type { ValueProblem } from "./field-values";

/**
 * Every rule of a configured exposure field applies wherever the field is written (issue 10, item 2):
 * on the exposure itself and inside the `exposures` a quote embeds (or a policy's `data.exposures`).
 * The list is written whole and each item is matched with the stored item at the same position:
 * - write groups (Authentication 7): an item may not change, set or clear a locked field's value
 *   unless the caller holds `exposure.field-<group>`; resending the stored value unchanged is accepted,
 *   so a caller without the group can still rewrite the list around it (403);
 * - read-only fields: a value other than the stored one is refused (400); left out, the stored value
 *   stays; Sequence values likewise stay when left out (originating one is refused, as before);
 * - calculated fields: a sent value is ignored and recomputed, after the computed defaults, which fill
 *   the fields an item leaves out (`completeEmbeddedExposures`).
 * An item's Group values follow the same rules, entry by entry against the stored item's entries, with the
 * exposure write groups (`entry-lists.ts`, `entry-rules.ts`).
 */

const pathOf = (index: number) => (referenceId: string) => `exposures[${index}].${referenceId}`;

/** Locked fields an item names with a changed value, or drops while the stored item holds one. */
export const lockedEmbeddedFields = (
  value: unknown,
  exposureFields: readonly SubField[],
  existing: readonly unknown[] | undefined,
  holdsWriteGroup: (group: string) => boolean,
) => lockedEntryFields(value, exposureFields, existing, holdsWriteGroup, "exposures");

/**
 * Reads a written list of embedded exposures under the exposure fields' rules (all but write groups,
 * which `lockedEmbeddedFields` checks in the 403 phase): generated values, read-only values, value
 * checks and caller-required fields. The items hold the values to store, before derived values.
 */
export function planEmbeddedExposures(
  value: unknown,
  exposureFields: readonly SubField[],
  optionSets: readonly OptionSet[],
  existing: readonly unknown[] | undefined,
  now?: Date,
): EmbeddedReading {
  if (!Array.isArray(value)) return readEmbeddedExposures(value, exposureFields, optionSets, undefined, now);
  const byId = new Map(exposureFields.map((f) => [f.referenceId, f]));
  const readOnly: ValueProblem[] = [];
  const sent = value.map((item, index) => {
    if (!isRecord(item)) return item;
    readOnly.push(...readOnlyProblems(item, exposureFields, entryAt(existing, index), pathOf(index)));
    const takenAsSent = ([key]: [string, unknown]) => {
      const field = byId.get(key);
      return !field || !notTakenAsSent(field);
    };
    return Object.fromEntries(Object.entries(item).filter(takenAsSent));
  });
  const storedItems = value.map((_, index) => entryAt(existing, index) ?? {});
  const reading = readEmbeddedExposures(sent, exposureFields, optionSets, storedItems, now);
  if (!reading.ok && reading.kind === "generated") return reading;
  if (!reading.ok) return { ...reading, problems: [...readOnly, ...reading.problems] };
  if (readOnly.length) return { ok: false, kind: "invalid", problems: readOnly };
  const exposures = reading.exposures.map((item, index) => {
    const original = value[index];
    return { ...item, ...keptValues(isRecord(original) ? original : {}, exposureFields, entryAt(existing, index)) };
  });
  return { ok: true, exposures };
}

/**
 * The derived values of written embedded exposures, item by item (`completeEntries`): computed defaults for
 * the fields an item leaves out, then calculated fields; a required field a default left empty is a problem
 * naming the item path.
 */
export function completeEmbeddedExposures(
  exposureFields: readonly SubField[],
  exposures: readonly unknown[],
  now: Date,
): { exposures: unknown[]; problems: ValueProblem[] } {
  const completed = completeEntries(exposureFields, exposures, now, "exposures");
  return { exposures: completed.entries, problems: completed.problems };
}
