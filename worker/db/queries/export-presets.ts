import { and, count, desc, eq, isNull, type SQL } from "drizzle-orm";
import type { ExportSurface } from "../../domain/bordereau/presets";
import type { Database } from "../client";
import { apiKeys, exportPresets } from "../schema";
import type { PageWindow } from "./page";

export type PresetRow = typeof exportPresets.$inferSelect;

/** Who may see a preset: its owner, or a member who manages other members' presets. */
export interface PresetViewer {
  keyId: string;
  managesMembersPresets: boolean;
}

const visibleTo = (viewer: PresetViewer): SQL | undefined =>
  viewer.managesMembersPresets ? undefined : eq(exportPresets.ownerUserId, viewer.keyId);

/** A live API key of the company: until the service has user accounts, the company's members. */
export async function isLiveApiKey(db: Database, companyId: string, keyId: string): Promise<boolean> {
  const rows = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)))
    .limit(1);
  return rows.length > 0;
}

/** Inserts the preset; false when the owner already has one of that name key (the unique index decides). */
export async function insertPreset(db: Database, row: PresetRow): Promise<boolean> {
  const inserted = await db.insert(exportPresets).values(row).onConflictDoNothing().returning({ id: exportPresets.id });
  return inserted.length > 0;
}

/** A preset of the company the viewer may see; anything else reads as absent. */
export async function findPreset(
  db: Database,
  companyId: string,
  presetId: string,
  viewer: PresetViewer,
): Promise<PresetRow | null> {
  const rows = await db
    .select()
    .from(exportPresets)
    .where(and(eq(exportPresets.id, presetId), eq(exportPresets.companyId, companyId), visibleTo(viewer)))
    .limit(1);
  return rows[0] ?? null;
}

export interface PresetFilters {
  entityType?: ExportSurface;
  ownerUserId?: string;
}

/** Presets the viewer may see, newest first. */
export async function listPresets(
  db: Database,
  companyId: string,
  viewer: PresetViewer,
  filters: PresetFilters,
  page: PageWindow,
): Promise<{ items: PresetRow[]; totalCount: number }> {
  const where = and(
    eq(exportPresets.companyId, companyId),
    visibleTo(viewer),
    filters.entityType ? eq(exportPresets.entityType, filters.entityType) : undefined,
    filters.ownerUserId ? eq(exportPresets.ownerUserId, filters.ownerUserId) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(exportPresets)
      .where(where)
      .orderBy(desc(exportPresets.createdAt), desc(exportPresets.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(exportPresets).where(where),
  ]);
  return { items, totalCount: total?.n ?? 0 };
}
