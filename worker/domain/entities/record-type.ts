import type { ConfigurationDocument, CustomObject, SubField } from "../configuration/document";

/** The record type being written or read: one of the six entity types, or a custom object type. */
export interface RecordType {
  kind: "entity" | "customObject";
  /** Entity type or custom object key. */
  type: string;
  fields: readonly SubField[];
  /** Exposure fields when records of this type embed exposures. */
  embeddedExposureFields?: readonly SubField[];
}

/** Entity types whose records embed point-in-time exposure copies in an `exposures` member. */
const EMBEDS_EXPOSURES = new Set(["quote"]);

export function entityRecordType(configuration: ConfigurationDocument, entityType: string): RecordType {
  const fieldsOf = (type: string) => configuration.fieldDefinitions.filter((f) => f.entityType === type);
  return {
    kind: "entity",
    type: entityType,
    fields: fieldsOf(entityType),
    ...(EMBEDS_EXPOSURES.has(entityType) ? { embeddedExposureFields: fieldsOf("exposure") } : {}),
  };
}

export function customObjectRecordType(customObject: CustomObject): RecordType {
  return { kind: "customObject", type: customObject.key, fields: customObject.subFields };
}
