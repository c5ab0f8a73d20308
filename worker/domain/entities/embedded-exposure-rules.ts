import { isRecord, ownValue, sameJson } from "../../lib/json";
import type { OptionSet, SubField } from "../configuration/document";
import { completeValues } from "./derived-values";
import { type EmbeddedReading, readEmbeddedExposures } from "./embedded-exposures";
import { isMissingValue, type ValueProblem } from "./field-values";

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
 */

type Item = Record<string, unknown>;

const itemAt = (list: readonly unknown[] | undefined, index: number): Item | null => {
  const item = list?.[index];
  return isRecord(item) ? item : null;
};

const pathOf = (index: number, referenceId: string) => `exposures[${index}].${referenceId}`;

/** Locked fields an item names with a changed value, or drops while the stored item holds one. */
export function lockedEmbeddedFields(
  value: unknown,
  exposureFields: readonly SubField[],
  existing: readonly unknown[] | undefined,
  holdsWriteGroup: (group: string) => boolean,
): Array<{ referenceId: string; group: string }> {
  if (!Array.isArray(value)) return [];
  const locked = exposureFields.filter((f) => f.writePermission && !holdsWriteGroup(f.writePermission));
  return value.flatMap((item, index) => {
    if (!isRecord(item)) return [];
    const stored = itemAt(existing, index);
    return locked.flatMap((field) => {
      const sent = ownValue(item, field.referenceId);
      const held = ownValue(stored, field.referenceId);
      const changes = Object.hasOwn(item, field.referenceId) ? !sameJson(sent, held) : !isMissingValue(held);
      return changes ? [{ referenceId: pathOf(index, field.referenceId), group: field.writePermission ?? "" }] : [];
    });
  });
}

/** Values the item may not set: a read-only value other than the stored one. */
function readOnlyProblems(item: Item, fields: readonly SubField[], stored: Item | null, index: number) {
  return fields.flatMap((field): ValueProblem[] =>
    field.readOnly && field.referenceId in item && !sameJson(item[field.referenceId], stored?.[field.referenceId])
      ? [{ path: pathOf(index, field.referenceId), problem: "is read-only" }]
      : [],
  );
}

/** Fields whose sent value is never stored as sent: read-only (kept) and calculated (recomputed). */
const notTakenAsSent = (field: SubField) => field.readOnly || field.typeInfo.kind === "Calculated";

/** The stored values an item keeps when it leaves them out: read-only and Sequence fields. */
function keptValues(item: Item, fields: readonly SubField[], stored: Item | null): Item {
  const kept: Item = {};
  for (const field of fields) {
    const keeps = field.readOnly || field.typeInfo.kind === "Sequence";
    const held = stored?.[field.referenceId];
    if (keeps && !(field.referenceId in item) && held !== undefined) kept[field.referenceId] = held;
    else if (field.readOnly && field.referenceId in item && held !== undefined) kept[field.referenceId] = held;
  }
  return kept;
}

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
    readOnly.push(...readOnlyProblems(item, exposureFields, itemAt(existing, index), index));
    const takenAsSent = ([key]: [string, unknown]) => {
      const field = byId.get(key);
      return !field || !notTakenAsSent(field);
    };
    return Object.fromEntries(Object.entries(item).filter(takenAsSent));
  });
  const storedItems = value.map((_, index) => itemAt(existing, index) ?? {});
  const reading = readEmbeddedExposures(sent, exposureFields, optionSets, storedItems, now);
  if (!reading.ok && reading.kind === "generated") return reading;
  if (!reading.ok) return { ...reading, problems: [...readOnly, ...reading.problems] };
  if (readOnly.length) return { ok: false, kind: "invalid", problems: readOnly };
  const exposures = reading.exposures.map((item, index) => {
    const original = value[index];
    return { ...item, ...keptValues(isRecord(original) ? original : {}, exposureFields, itemAt(existing, index)) };
  });
  return { ok: true, exposures };
}

/**
 * The derived values of written embedded exposures, item by item: computed defaults for the fields an
 * item leaves out (dependency order), then calculated fields; a required field a default left empty is
 * a problem naming the item path.
 */
export function completeEmbeddedExposures(
  exposureFields: readonly SubField[],
  exposures: readonly unknown[],
  now: Date,
): { exposures: unknown[]; problems: ValueProblem[] } {
  const problems: ValueProblem[] = [];
  const completed = exposures.map((item, index) => {
    if (!isRecord(item)) return item;
    const defaults = exposureFields.filter((f) => f.computedDefault && !(f.referenceId in item));
    const done = completeValues(exposureFields, item, defaults, now, (referenceId) => pathOf(index, referenceId));
    problems.push(...done.problems);
    return done.data;
  });
  return { exposures: completed, problems };
}
