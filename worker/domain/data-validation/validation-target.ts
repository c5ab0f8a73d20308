import type { ConfigurationDocument, OptionSet, SubField } from "../configuration/document";
import { platformMemberIds } from "../configuration/platform-fields";
import { ENTITY_TYPES } from "../entities/entity-types";

/** What stored records of one type are checked against under the current configuration. */
export interface ValidationTarget {
  /** `policy`: the data of every stored version of each policy (issue 10, item 4). */
  kind: "entity" | "customObject" | "policy";
  /** Entity type, `policy`, or custom object key. */
  entityType: string;
  fields: readonly SubField[];
  /** Members the platform defines or derives without configuration (event status and dates, quote lifecycle...). */
  platformFields: readonly string[];
  optionSets: ReadonlyMap<string, OptionSet>;
  /** Exposure fields, for records that embed exposure copies in `exposures` (quotes, policy data). */
  embeddedExposureFields?: readonly SubField[];
}

/** Types whose values embed exposure copies in an `exposures` member. */
const EMBEDS_EXPOSURES = new Set(["quote", "policy"]);

/** The six entity types, then policies, then the configured custom object types. */
export function validatableTypes(configuration: ConfigurationDocument): string[] {
  return [...ENTITY_TYPES, "policy", ...configuration.customObjects.map((o) => o.key)];
}

function entityTarget(
  configuration: ConfigurationDocument,
  entityType: string,
  optionSets: ValidationTarget["optionSets"],
) {
  const fieldsOf = (type: string) => configuration.fieldDefinitions.filter((f) => f.entityType === type);
  const target: ValidationTarget = {
    kind: entityType === "policy" ? "policy" : "entity",
    entityType,
    fields: fieldsOf(entityType),
    platformFields: platformMemberIds(entityType),
    optionSets,
  };
  return EMBEDS_EXPOSURES.has(entityType) ? { ...target, embeddedExposureFields: fieldsOf("exposure") } : target;
}

/**
 * The target for an entity type or `policy` (any letter case, like the entity routes) or a configured
 * custom object key; null for anything else.
 */
export function validationTarget(configuration: ConfigurationDocument, requested: string): ValidationTarget | null {
  const optionSets = new Map(configuration.optionSets.map((s) => [s.key, s]));
  const entityType = [...ENTITY_TYPES, "policy"].find((t) => t === requested.toLowerCase());
  if (entityType) return entityTarget(configuration, entityType, optionSets);
  const customObject = configuration.customObjects.find((o) => o.key === requested);
  if (customObject)
    return {
      kind: "customObject",
      entityType: customObject.key,
      fields: customObject.subFields,
      platformFields: [],
      optionSets,
    };
  return null;
}

/**
 * A custom object type removed from the configuration while a run was under way: nothing is
 * configured for it any more, so every stored key is extra.
 */
export function unconfiguredTarget(entityType: string): ValidationTarget {
  return { kind: "customObject", entityType, fields: [], platformFields: [], optionSets: new Map() };
}

/** What kind of type a run's stored type name is: a built-in type, or a custom object (even one since removed). */
export function runTypeOf(entityType: string): Pick<ValidationTarget, "kind" | "entityType"> {
  if (entityType === "policy") return { kind: "policy", entityType };
  if ((ENTITY_TYPES as readonly string[]).includes(entityType)) return { kind: "entity", entityType };
  return { kind: "customObject", entityType };
}
