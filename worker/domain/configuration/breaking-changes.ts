import type { ConfigurationDocument, SubField } from "./document";
import { isSupportedKindMigration } from "./field-kinds";

/**
 * A change that could strand stored data (CONTRACT section 2): a field, option, custom object or
 * relationship removed, or a field's kind changed. It is breaking only while data uses the thing.
 */
export type CandidateBreak =
  | { what: "field"; entityType: string; referenceId: string; change: "removed" | "kind-changed"; path: string }
  | {
      what: "option";
      optionSet: string;
      value: string | number;
      fields: Array<{ entityType: string; referenceId: string; multi: boolean }>;
      path: string;
    }
  | { what: "customObject"; key: string; path: string }
  | { what: "customObjectField"; key: string; referenceId: string; change: "removed" | "kind-changed"; path: string }
  | { what: "relationship"; key: string; path: string };

function kindChanged(before: SubField, after: SubField): boolean {
  return (
    before.typeInfo.kind !== after.typeInfo.kind && !isSupportedKindMigration(before.typeInfo.kind, after.typeInfo.kind)
  );
}

type FieldChange = { referenceId: string; change: "removed" | "kind-changed" };

function fieldChanges(before: readonly SubField[], after: readonly SubField[]): FieldChange[] {
  const next = new Map(after.map((f) => [f.referenceId, f]));
  return before.flatMap((field): FieldChange[] => {
    const now = next.get(field.referenceId);
    if (!now) return [{ referenceId: field.referenceId, change: "removed" as const }];
    return kindChanged(field, now) ? [{ referenceId: field.referenceId, change: "kind-changed" as const }] : [];
  });
}

/** Every change from `before` to `after` that would be breaking if data uses it. */
export function candidateBreaks(before: ConfigurationDocument, after: ConfigurationDocument): CandidateBreak[] {
  const breaks: CandidateBreak[] = [];
  const entityTypes = new Set([...before.fieldDefinitions, ...after.fieldDefinitions].map((f) => f.entityType));
  for (const entityType of entityTypes) {
    const of = (doc: ConfigurationDocument) => doc.fieldDefinitions.filter((f) => f.entityType === entityType);
    for (const { referenceId, change } of fieldChanges(of(before), of(after))) {
      breaks.push({
        what: "field",
        entityType,
        referenceId,
        change,
        path: `fieldDefinitions.${entityType}.${referenceId}`,
      });
    }
  }

  const afterSets = new Map(after.optionSets.map((s) => [s.key, new Set(s.options.map((o) => String(o.value)))]));
  for (const set of before.optionSets) {
    const kept = afterSets.get(set.key) ?? new Set<string>();
    const fields = after.fieldDefinitions
      .filter((f) => f.typeInfo.optionSet === set.key)
      .map((f) => ({ entityType: f.entityType, referenceId: f.referenceId, multi: f.typeInfo.kind === "MultiSelect" }));
    for (const option of set.options) {
      if (!kept.has(String(option.value)))
        breaks.push({
          what: "option",
          optionSet: set.key,
          value: option.value,
          fields,
          path: `optionSets.${set.key}.${String(option.value)}`,
        });
    }
  }

  const afterObjects = new Map(after.customObjects.map((o) => [o.key, o]));
  for (const object of before.customObjects) {
    const now = afterObjects.get(object.key);
    if (!now) {
      breaks.push({ what: "customObject", key: object.key, path: `customObjects.${object.key}` });
      continue;
    }
    for (const { referenceId, change } of fieldChanges(object.subFields, now.subFields)) {
      breaks.push({
        what: "customObjectField",
        key: object.key,
        referenceId,
        change,
        path: `customObjects.${object.key}.subFields.${referenceId}`,
      });
    }
  }

  const afterRelationships = new Set(after.relationships.map((r) => r.key));
  for (const relationship of before.relationships) {
    if (!afterRelationships.has(relationship.key))
      breaks.push({ what: "relationship", key: relationship.key, path: `relationships.${relationship.key}` });
  }
  return breaks;
}

const fieldChange = (change: "removed" | "kind-changed") =>
  change === "removed" ? "removed" : "changed to another type";

export function describeBreak(change: CandidateBreak, records: number): string {
  const held = `${records} stored record${records === 1 ? "" : "s"} use it`;
  switch (change.what) {
    case "field":
      return `The ${change.entityType} field "${change.referenceId}" is ${fieldChange(change.change)} while ${held}`;
    case "option":
      return `Option "${String(change.value)}" of option set "${change.optionSet}" is removed while ${held}`;
    case "customObject":
      return `Custom object "${change.key}" is removed while ${held}`;
    case "customObjectField": {
      const object = `custom object "${change.key}"`;
      return `Field "${change.referenceId}" of ${object} is ${fieldChange(change.change)} while ${held}`;
    }
    case "relationship":
      return `Relationship "${change.key}" is removed while ${held}`;
  }
}
