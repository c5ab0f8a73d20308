import type { ConfigurationDocument, OptionSet, SubField } from "../configuration/document";
import { platformFieldIds } from "../configuration/platform-fields";
import { ENTITY_TYPES } from "../entities/entity-types";

/** What stored records of one type are checked against under the current configuration. */
export interface ValidationTarget {
  kind: "entity" | "customObject";
  /** Entity type, or custom object key. */
  entityType: string;
  fields: readonly SubField[];
  /** Fields the platform defines or derives without configuration (event status and dates, quote lifecycle...). */
  platformFields: readonly string[];
  optionSets: ReadonlyMap<string, OptionSet>;
}

const platformMembers = (entityType: string) => platformFieldIds(entityType);

/** The six entity types, then the configured custom object types. */
export function validatableTypes(configuration: ConfigurationDocument): string[] {
  return [...ENTITY_TYPES, ...configuration.customObjects.map((o) => o.key)];
}

/**
 * The target for an entity type (any letter case, like the entity routes) or a configured custom
 * object key; null for anything else.
 */
export function validationTarget(configuration: ConfigurationDocument, requested: string): ValidationTarget | null {
  const optionSets = new Map(configuration.optionSets.map((s) => [s.key, s]));
  const entityType = ENTITY_TYPES.find((t) => t === requested.toLowerCase());
  if (entityType) {
    const fields = configuration.fieldDefinitions.filter((f) => f.entityType === entityType);
    return { kind: "entity", entityType, fields, platformFields: platformMembers(entityType), optionSets };
  }
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
