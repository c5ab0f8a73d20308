/** Export surfaces an export preset can belong to. */
export const EXPORT_SURFACES = ["bordereau"] as const;
export type ExportSurface = (typeof EXPORT_SURFACES)[number];

/** Members holding this permission manage other members' presets: they create them and see them all. */
export const CREATE_FOR_MEMBER = "export-preset.create-for-member";

/** A preset as stored, in the members the routes answer. */
export interface StoredPreset {
  id: string;
  entityType: ExportSurface;
  name: string;
  ownerUserId: string;
  fieldKeys: string[];
  createdAt: string;
  createdBy: string | null;
}

/** A preset is private: seen by its owner and by members who manage members' presets. */
export function presetView(row: StoredPreset) {
  return {
    id: row.id,
    entityType: row.entityType,
    name: row.name,
    ownerUserId: row.ownerUserId,
    visibility: "private" as const,
    fieldKeys: row.fieldKeys,
    createdAt: row.createdAt,
    createdBy: row.createdBy,
  };
}

/** Preset names are unique per owner and surface, compared without case or surrounding spaces. */
export const presetNameKey = (name: string) => name.trim().toLowerCase();
