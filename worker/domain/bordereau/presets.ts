/** Export surfaces an export preset can belong to. */
export const EXPORT_SURFACES = ["bordereau"] as const;
export type ExportSurface = (typeof EXPORT_SURFACES)[number];
