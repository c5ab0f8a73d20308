import { cardinalityLimits } from "../relationships/cardinality";
import { isPlatformManaged } from "../relationships/ends";
import { type DataPlace, type FieldOwner, optionPlaces, ownersOf, placesOf, type ValuePath } from "./data-places";
import type { ConfigurationDocument, OptionSet, Relationship, SubField } from "./document";
import { isSupportedKindMigration } from "./field-kinds";
import { optionLiteral } from "./option-values";
import { platformFieldIds } from "./platform-fields";

/**
 * The breaking-change gate (CONTRACT section 2): a change that would strand stored data is refused while
 * data uses it. `candidateBreaks` lists every such change between two documents with the stored data
 * that would make it breaking; the import counts that data and refuses the changes some data uses.
 *
 * Changes, and the data each looks for (in every place the field's values live, see data-places.ts):
 * - a field removed, or its kind changed (Address → AddressV2 excepted), at any depth: any value;
 * - a Select or MultiSelect moved to another option set: a value outside the new set;
 * - an option removed, or its value changed (the number `1` and the text `"1"` are different values): a
 *   value holding it, in any field using the set;
 * - a custom object removed: any record of it;
 * - a relationship removed, its ends changed, or its cardinality narrowed (a side limited to one), and a
 *   relationship key added while links of an earlier relationship with that key remain: any link;
 * - a financial category or line item type removed: any ledger account of it (CONTRACT section 7.2).
 */

/** What counts as use of a place's values. */
export type ValueTest =
  | { kind: "value" }
  | { kind: "option"; value: string | number }
  | { kind: "outside"; allowed: ReadonlyArray<string | number> };

/** Stored data that makes a change breaking. */
export type DataUse =
  | { kind: "values"; place: DataPlace; test: ValueTest }
  | { kind: "records"; recordType: string }
  | { kind: "links"; relationshipKey: string }
  | { kind: "accounts"; member: "category" | "lineItemType"; name: string };

export interface CandidateBreak {
  /** Where in the document (`fieldDefinitions.exposure.exposureName`), for the refusal's details. */
  path: string;
  /** The change as the refusal states it, before "while N stored records use it". */
  change: string;
  /** Records (entity records and policy versions), relationship links, or ledger accounts. */
  counts: "records" | "links" | "accounts";
  uses: DataUse[];
  /** A relationship change: a forced import removes the relationship's links with it (item 5). */
  relationshipKey?: string;
}

const values = (places: readonly DataPlace[], test: ValueTest): DataUse[] =>
  places.map((place) => ({ kind: "values", place, test }));

const kindChanged = (before: SubField, after: SubField) =>
  before.typeInfo.kind !== after.typeInfo.kind && !isSupportedKindMigration(before.typeInfo.kind, after.typeInfo.kind);

const isPlatformField = (owner: FieldOwner, referenceId: string) =>
  owner.kind === "entity" && platformFieldIds(owner.entityType).includes(referenceId);

const isOptionKind = (field: SubField) => field.typeInfo.kind === "Select" || field.typeInfo.kind === "MultiSelect";

function fieldLabel(owner: FieldOwner, parents: readonly string[], referenceId: string): string {
  if (!parents.length)
    return owner.kind === "entity"
      ? `The ${owner.entityType} field "${referenceId}"`
      : `Field "${referenceId}" of custom object "${owner.key}"`;
  const group = parents.join(".");
  return owner.kind === "entity"
    ? `Sub-field "${referenceId}" of the ${owner.entityType} field "${group}"`
    : `Sub-field "${referenceId}" of field "${group}" of custom object "${owner.key}"`;
}

interface FieldScope {
  owner: FieldOwner;
  after: ConfigurationDocument;
  /** Groups the fields sit in, by referenceId. */
  parents: string[];
  path: ValuePath;
  documentPath: string;
}

/** Changes of one list of fields (and, through groups, of their sub-fields). */
function fieldBreaks(before: readonly SubField[], after: readonly SubField[], scope: FieldScope): CandidateBreak[] {
  const next = new Map(after.map((f) => [f.referenceId, f]));
  return before.flatMap((field): CandidateBreak[] => {
    const now = next.get(field.referenceId);
    const path = [...scope.path, field.referenceId];
    const documentPath = `${scope.documentPath}.${field.referenceId}`;
    const label = fieldLabel(scope.owner, scope.parents, field.referenceId);
    const places = placesOf(scope.owner, path);
    // A platform field still exists when its declaration is removed (CONTRACT 4): its values strand nothing.
    const stillPlatform = !now && !scope.parents.length && isPlatformField(scope.owner, field.referenceId);
    if (stillPlatform) return [];
    if (!now || kindChanged(field, now)) {
      const change = `${label} is ${now ? "changed to another type" : "removed"}`;
      return [{ path: documentPath, change, counts: "records", uses: values(places, { kind: "value" }) }];
    }
    if (isOptionKind(field) && field.typeInfo.optionSet !== now.typeInfo.optionSet) {
      const target = scope.after.optionSets.find((s) => s.key === now.typeInfo.optionSet);
      const allowed = target?.options.map((o) => o.value) ?? [];
      const change =
        `${label} is moved from option set "${field.typeInfo.optionSet}" to "${now.typeInfo.optionSet}" ` +
        "and stored values are not among its options";
      return [{ path: documentPath, change, counts: "records", uses: values(places, { kind: "outside", allowed }) }];
    }
    if (field.typeInfo.kind !== "Group") return [];
    return fieldBreaks(field.typeInfo.subFields ?? [], now.typeInfo.subFields ?? [], {
      ...scope,
      parents: [...scope.parents, field.referenceId],
      path: [...path, "*"],
      documentPath: `${documentPath}.subFields`,
    });
  });
}

function optionBreaks(before: ConfigurationDocument, after: ConfigurationDocument): CandidateBreak[] {
  const kept = new Map(after.optionSets.map((s) => [s.key, new Set(s.options.map((o) => optionLiteral(o.value)))]));
  return before.optionSets.flatMap((set: OptionSet) => {
    const keeps = kept.get(set.key) ?? new Set<string>();
    const removed = set.options.filter((o) => !keeps.has(optionLiteral(o.value)));
    if (!removed.length) return [];
    const places = optionPlaces(after, set.key);
    return removed.map(({ value }) => ({
      path: `optionSets.${set.key}.${String(value)}`,
      change: `Option ${optionLiteral(value)} of option set "${set.key}" is removed`,
      counts: "records" as const,
      uses: values(places, { kind: "option", value }),
    }));
  });
}

/** A cardinality that limits a side the earlier one did not: existing links may no longer fit. */
function narrows(before: Relationship, after: Relationship): boolean {
  const [was, now] = [cardinalityLimits(before.cardinality), cardinalityLimits(after.cardinality)];
  return (now.onePerFrom && !was.onePerFrom) || (now.onePerTo && !was.onePerTo);
}

/**
 * A platform-managed relationship (`previousPolicy`) stands as the platform defines it whether or not a
 * configuration declares it (and a declaration must match it), so declaring or dropping it changes nothing its
 * links depend on: never a break, and a forced import never removes its links.
 */
const configurable = (relationships: readonly Relationship[]) => relationships.filter((r) => !isPlatformManaged(r.key));

function relationshipBreaks(before: ConfigurationDocument, after: ConfigurationDocument): CandidateBreak[] {
  const was = new Map(configurable(before.relationships).map((r) => [r.key, r]));
  const next = new Map(configurable(after.relationships).map((r) => [r.key, r]));
  const breaks: Array<{ key: string; change: string }> = [];
  for (const relationship of was.values()) {
    const now = next.get(relationship.key);
    const name = `Relationship "${relationship.key}"`;
    if (!now) breaks.push({ key: relationship.key, change: `${name} is removed` });
    else if (now.from !== relationship.from || now.to !== relationship.to)
      breaks.push({
        key: relationship.key,
        change: `${name} changes its ends from ${relationship.from} → ${relationship.to} to ${now.from} → ${now.to}`,
      });
    else if (narrows(relationship, now))
      breaks.push({
        key: relationship.key,
        change: `${name} narrows its cardinality from ${relationship.cardinality} to ${now.cardinality}`,
      });
  }
  for (const relationship of next.values()) {
    if (!was.has(relationship.key))
      breaks.push({
        key: relationship.key,
        change: `Relationship "${relationship.key}" is added while links of an earlier relationship with that key remain`,
      });
  }
  return breaks.map(({ key, change }) => ({
    path: `relationships.${key}`,
    change,
    counts: "links",
    uses: [{ kind: "links", relationshipKey: key }],
    relationshipKey: key,
  }));
}

/** Every change from `before` to `after` that would be breaking if stored data uses it. */
export function candidateBreaks(before: ConfigurationDocument, after: ConfigurationDocument): CandidateBreak[] {
  const afterOwners = new Map(ownersOf(after).map((o) => [o.documentPath, o]));
  const fields = ownersOf(before).flatMap(({ owner, fields: beforeFields, documentPath }) => {
    // A removed custom object is one change of its own (below), not one per sub-field.
    if (owner.kind === "customObject" && !afterOwners.has(documentPath)) return [];
    const afterFields = afterOwners.get(documentPath)?.fields ?? [];
    return fieldBreaks(beforeFields, afterFields, { owner, after, parents: [], path: [], documentPath });
  });
  const keptObjects = new Set(after.customObjects.map((o) => o.key));
  const objects = before.customObjects
    .filter((o) => !keptObjects.has(o.key))
    .map((o) => ({
      path: `customObjects.${o.key}`,
      change: `Custom object "${o.key}" is removed`,
      counts: "records" as const,
      uses: [{ kind: "records" as const, recordType: o.key }],
    }));
  return [
    ...fields,
    ...optionBreaks(before, after),
    ...objects,
    ...relationshipBreaks(before, after),
    ...financialBreaks(before, after),
  ];
}

/** A category or line item type removed while journal entries have posted to its accounts. */
function financialBreaks(before: ConfigurationDocument, after: ConfigurationDocument): CandidateBreak[] {
  const categories = new Set(after.financials.categories.map((c) => c.name));
  const types = new Set(after.financials.policyFinancials.lineItemTypes.map((t) => t.name));
  return [
    ...before.financials.categories
      .filter((c) => !categories.has(c.name))
      .map((c) => ({
        path: `financials.categories.${c.name}`,
        change: `Category "${c.name}" is removed`,
        counts: "accounts" as const,
        uses: [{ kind: "accounts" as const, member: "category" as const, name: c.name }],
      })),
    ...before.financials.policyFinancials.lineItemTypes
      .filter((t) => !types.has(t.name))
      .map((t) => ({
        path: `financials.policyFinancials.lineItemTypes.${t.name}`,
        change: `Line item type "${t.name}" is removed`,
        counts: "accounts" as const,
        uses: [{ kind: "accounts" as const, member: "lineItemType" as const, name: t.name }],
      })),
  ];
}

export function describeBreak(change: CandidateBreak, count: number): string {
  const noun = { records: "record", links: "link", accounts: "ledger account" }[change.counts];
  return `${change.change} while ${count} stored ${noun}${count === 1 ? "" : "s"} use it`;
}
