import type { ConfigurationDocument, SubField } from "./document";

/**
 * Where stored values of a configured field live (issue 10, item 1: the breaking-change gate and data
 * validation must see every one of them):
 * - the records of its entity type, or of its custom object type;
 * - inside Group entries: a group's value is a list of entries holding its sub-fields;
 * - for exposure fields, also in the embedded copies of quotes (`exposures`) and of policy version data
 *   (`exposures` of every segment);
 * - for policy fields, in the data of every stored policy version.
 * A path lists the JSON members from a record's values to the value; `EACH` steps into every item of a list.
 */

export const EACH = "*";
export type ValuePath = readonly string[];

/** Where values are stored: records of one type (`entities` rows), or the data of policy versions. */
export type DataPlace =
  | { store: "records"; recordType: string; path: ValuePath }
  | { store: "policyVersions"; path: ValuePath };

/** Whose fields: an entity type's field definitions, or a custom object's sub-fields. */
export type FieldOwner = { kind: "entity"; entityType: string } | { kind: "customObject"; key: string };

/** Every place values of the owner's field at `path` (a referenceId, or group, EACH, sub-field, ...) are stored. */
export function placesOf(owner: FieldOwner, path: ValuePath): DataPlace[] {
  if (owner.kind === "customObject") return [{ store: "records", recordType: owner.key, path }];
  switch (owner.entityType) {
    case "policy":
      return [{ store: "policyVersions", path }];
    case "exposure":
      return [
        { store: "records", recordType: "exposure", path },
        { store: "records", recordType: "quote", path: ["exposures", EACH, ...path] },
        { store: "policyVersions", path: ["exposures", EACH, ...path] },
      ];
    default:
      return [{ store: "records", recordType: owner.entityType, path }];
  }
}

/** A field with the path of its values within its owner's record (group sub-fields inside their entries). */
export interface PlacedField {
  field: SubField;
  path: ValuePath;
  /** Where the field is declared in the document: `fieldDefinitions.exposure.drivers.subFields.age`. */
  documentPath: string;
}

/** Every field of a list, group sub-fields included, with where its values sit and where it is declared. */
export function walkFields(fields: readonly SubField[], path: ValuePath, documentPath: string): PlacedField[] {
  return fields.flatMap((field) => {
    const here: PlacedField = {
      field,
      path: [...path, field.referenceId],
      documentPath: `${documentPath}.${field.referenceId}`,
    };
    const sub = field.typeInfo.kind === "Group" ? (field.typeInfo.subFields ?? []) : [];
    return [here, ...walkFields(sub, [...here.path, EACH], `${here.documentPath}.subFields`)];
  });
}

/** The owners of a document and their top-level fields, with the document path they are declared under. */
export function ownersOf(document: ConfigurationDocument) {
  const entityTypes = [...new Set(document.fieldDefinitions.map((f) => f.entityType))];
  return [
    ...entityTypes.map((entityType) => ({
      owner: { kind: "entity", entityType } as FieldOwner,
      fields: document.fieldDefinitions.filter((f) => f.entityType === entityType) as SubField[],
      documentPath: `fieldDefinitions.${entityType}`,
    })),
    ...document.customObjects.map((object) => ({
      owner: { kind: "customObject", key: object.key } as FieldOwner,
      fields: object.subFields,
      documentPath: `customObjects.${object.key}.subFields`,
    })),
  ];
}

/** Every place, in every owner, where values of a field using `optionSet` are stored. */
export function optionPlaces(document: ConfigurationDocument, optionSet: string): DataPlace[] {
  return ownersOf(document).flatMap(({ owner, fields }) =>
    walkFields(fields, [], "")
      .filter(({ field }) => field.typeInfo.optionSet === optionSet)
      .flatMap(({ path }) => placesOf(owner, path)),
  );
}
