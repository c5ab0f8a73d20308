import type { Relationship } from "../configuration/document";
import { RELATIONSHIP_ENTITY_NAMES } from "../configuration/field-kinds";
import type { EntityType } from "../entities/entity-types";

/**
 * What one end of a configured relationship names: one of the six entity types, the policy, or a
 * custom object type (configuration `relationships[].from` / `.to`: `Exposure`, `Policy`, `vehicle`).
 */
export type RelationshipEnd =
  | { kind: "entity"; name: string; entityType: EntityType }
  | { kind: "policy"; name: string }
  | { kind: "customObject"; name: string; key: string };

export function resolveEnd(name: string): RelationshipEnd {
  const type = Object.hasOwn(RELATIONSHIP_ENTITY_NAMES, name) ? RELATIONSHIP_ENTITY_NAMES[name] : undefined;
  if (type === "policy") return { kind: "policy", name };
  if (type) return { kind: "entity", name, entityType: type };
  return { kind: "customObject", name, key: name };
}

export function endsOf(relationship: Relationship): { from: RelationshipEnd; to: RelationshipEnd } {
  return { from: resolveEnd(relationship.from), to: resolveEnd(relationship.to) };
}

/** The resource whose `resource.verb` permissions guard records of an end (`exposure`, `policy`, `custom-object`). */
export function permissionResource(end: RelationshipEnd): string {
  switch (end.kind) {
    case "entity":
      return end.entityType;
    case "policy":
      return "policy";
    case "customObject":
      return "custom-object";
  }
}

/**
 * Who may do what with a relationship's links. Linking and unlinking change the `from` record (the
 * relationship is one of its fields) and reveal whether the `to` record exists; listing reveals both.
 */
export function linkPermissions(relationship: Relationship, action: "link" | "list"): string[] {
  const { from, to } = endsOf(relationship);
  const fromVerb = action === "link" ? "edit" : "view";
  return [...new Set([`${permissionResource(from)}.${fromVerb}`, `${permissionResource(to)}.view`])];
}

/** True when the end names the given event type, so links to it feed the event's derived name. */
export const isEventEnd = (end: RelationshipEnd) => end.kind === "entity" && end.entityType === "event";

/** Every resource whose permissions can guard a relationship end. */
const END_RESOURCES = [...new Set(Object.values(RELATIONSHIP_ENTITY_NAMES)), "custom-object"];

/**
 * The permissions of which a key must hold at least one for any relationship to let it act: some
 * `<resource>.edit` to link or unlink, some `<resource>.view` to read links. Checked before the
 * relationship is looked up, so a key that could act on none is refused whether or not it exists.
 */
export const anyLinkPermissions = (action: "link" | "list") =>
  END_RESOURCES.map((resource) => `${resource}.${action === "link" ? "edit" : "view"}`);

/**
 * Relationships only the platform writes (CONTRACT section 4, "Platform-managed links"): renew writes
 * `previousPolicy` in every company, whatever its configuration names. Direct link writes on them are refused
 * 409 `PlatformManagedRelationship`; where the configuration does not define them, they stand as defined here, so
 * their links can be read and a direct write is still 409, not 404.
 */
const PLATFORM_RELATIONSHIPS: readonly Relationship[] = [
  { key: "previousPolicy", from: "Policy", to: "Policy", cardinality: "N:1" },
];

/** The platform's own definition of a platform-managed relationship; undefined for any other key. */
export const platformRelationship = (relationshipKey: string) =>
  PLATFORM_RELATIONSHIPS.find((r) => r.key === relationshipKey);

export const isPlatformManaged = (relationshipKey: string) => platformRelationship(relationshipKey) !== undefined;

/** The relationship `key` as the configuration defines it, else as the platform does; undefined when neither. */
export function relationshipNamed(configured: readonly Relationship[], key: string): Relationship | undefined {
  return configured.find((r) => r.key === key) ?? platformRelationship(key);
}
