/** Field kinds of Field Model V1 (CONTRACT section 2, `typeInfo.kind`). */
export const FIELD_KINDS = [
  "String",
  "Number",
  "Integer",
  "Boolean",
  "Date",
  "Select",
  "MultiSelect",
  "Currency",
  "Percent",
  "Email",
  "Phone",
  "Object: Address",
  "Object: AddressV2",
  "Object: OfacScreening",
  "Group",
  "Sequence",
  "Calculated",
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** Older configuration type names (oldest family's field types) and the kinds they mean. */
export const LEGACY_KIND_NAMES: Record<string, FieldKind> = {
  InputField: "String",
  DateField: "Date",
  SelectField: "Select",
  RadioSelect: "Select",
  MultiSelectField: "MultiSelect",
  GroupField: "Group",
  Address: "Object: Address",
  AddressV2: "Object: AddressV2",
  OfacScreening: "Object: OfacScreening",
};

export function isFieldKind(value: string): value is FieldKind {
  return (FIELD_KINDS as readonly string[]).includes(value);
}

/** Entity types a field definition may belong to. */
export const CONFIGURABLE_ENTITY_TYPES = [
  "exposure",
  "event",
  "quote",
  "submission",
  "person",
  "organization",
  "policy",
] as const;
export type ConfigurableEntityType = (typeof CONFIGURABLE_ENTITY_TYPES)[number];

/** Relationship ends name entity types capitalised (`Policy`) or a custom object key. */
export const RELATIONSHIP_ENTITY_NAMES: Record<string, ConfigurableEntityType> = {
  Exposure: "exposure",
  Event: "event",
  Quote: "quote",
  Submission: "submission",
  Person: "person",
  Organization: "organization",
  Policy: "policy",
};

export const CARDINALITIES = ["1:1", "1:N", "N:1", "N:N"] as const;

/** A change between these two kinds keeps the data meaningful (interface, Versioning). */
export function isSupportedKindMigration(from: FieldKind, to: FieldKind): boolean {
  return from === "Object: Address" && to === "Object: AddressV2";
}
