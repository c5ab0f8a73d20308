/**
 * The records notes, tasks, folders, files and generated forms attach to (CONTRACT section 6, "Attached
 * records"): the six entity types and policies, named by lowercase type and id (a policy by its policy id).
 */
export const ATTACHABLE_TYPES = [
  "exposure",
  "event",
  "submission",
  "quote",
  "person",
  "organization",
  "policy",
] as const;
export type AttachableType = (typeof ATTACHABLE_TYPES)[number];

export interface RecordRef {
  entityType: AttachableType;
  entityId: string;
}

/** Where something sits: a record, or the company itself (`null`: company folders and files). */
export type Owner = RecordRef | null;

export function ownerOf(row: { entityType: string | null; entityId: string | null }): Owner {
  if (row.entityType === null || row.entityId === null) return null;
  return { entityType: row.entityType as AttachableType, entityId: row.entityId };
}

/** Two owners are the same record, or both the company (company folders count as one record). */
export function sameOwner(a: Owner, b: Owner): boolean {
  if (a === null || b === null) return a === b;
  return a.entityType === b.entityType && a.entityId === b.entityId;
}

/** Columns of an owner, as stored. */
export const ownerColumns = (owner: Owner) => ({
  entityType: owner?.entityType ?? null,
  entityId: owner?.entityId ?? null,
});
