import { and, count, desc, eq, isNull, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import { apiKeys, exportPresets } from "../../db/schema";
import type { ExportSurface } from "../../domain/bordereau/presets";
import { isBordereauFieldKey } from "../../domain/bordereau/transpositions";
import { ApiError } from "../../errors/api-error";
import { offsetOf } from "../../http/pagination";

export type PresetRow = typeof exportPresets.$inferSelect;

export interface NewPreset {
  entityType: ExportSurface;
  name: string;
  ownerUserId: string;
  fieldKeys: string[];
}

/** Who may see a preset: its owner, or a member who manages other members' presets. */
export interface PresetViewer {
  keyId: string;
  managesMembersPresets: boolean;
}

const nameKeyOf = (name: string) => name.trim().toLowerCase();

/** A member of the company: until the service has user accounts, members are its live API keys. */
async function isMember(db: Database, companyId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, userId), eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)))
    .limit(1);
  return rows.length > 0;
}

async function assertFieldKeys(db: Database, companyId: string, fieldKeys: readonly string[]) {
  const configuration = (await loadConfiguration(db, companyId)).document;
  const policyFields = configuration.fieldDefinitions.filter((f) => f.entityType === "policy");
  const unknown = fieldKeys
    .map((key, index) => ({ key, index }))
    .filter(({ key }) => !isBordereauFieldKey(key, policyFields));
  if (!unknown.length) return;
  throw new ApiError({
    code: "UnknownExportFieldKey",
    message: `Unknown export field key ${unknown.map((u) => `"${u.key}"`).join(", ")} for the bordereau`,
    userMessages: unknown.map((u) => `"${u.key}" is not a bordereau column or a path that can be transposed into one.`),
    details: unknown.map((u) => ({
      field: `fieldKeys[${u.index}]`,
      message: `"${u.key}" is not a bordereau field key`,
    })),
  });
}

function nameTaken(preset: NewPreset): ApiError {
  return new ApiError({
    code: "ExportPresetNameTaken",
    message: `The owner already has a ${preset.entityType} export preset named "${preset.name}"`,
    userMessages: [
      `This member already has a ${preset.entityType} export preset named "${preset.name}". Choose another name.`,
    ],
    details: [{ field: "name", message: "is already used by the owner for this export" }],
  });
}

/**
 * Creates a private preset owned by `ownerUserId`. Refusals, in order: an owner who is not a member
 * (400), field keys the surface does not have (400 `UnknownExportFieldKey`), a name the owner already
 * uses on the surface, compared without case or surrounding spaces (409 `ExportPresetNameTaken`; the
 * unique index decides between two racing creations).
 */
export async function createPreset(
  db: Database,
  companyId: string,
  createdBy: string,
  preset: NewPreset,
): Promise<PresetRow> {
  if (!(await isMember(db, companyId, preset.ownerUserId))) {
    throw new ApiError({
      code: "VALIDATION_ERROR",
      message: "ownerUserId names no member of this company",
      userMessages: ["The owner is not a member of this company."],
      details: [{ field: "ownerUserId", message: "names no member of this company" }],
    });
  }
  await assertFieldKeys(db, companyId, preset.fieldKeys);
  const row: PresetRow = {
    id: crypto.randomUUID(),
    companyId,
    entityType: preset.entityType,
    name: preset.name,
    nameKey: nameKeyOf(preset.name),
    ownerUserId: preset.ownerUserId,
    fieldKeys: preset.fieldKeys,
    createdAt: new Date().toISOString(),
    createdBy,
  };
  const inserted = await db.insert(exportPresets).values(row).onConflictDoNothing().returning({ id: exportPresets.id });
  if (!inserted.length) throw nameTaken(preset);
  return row;
}

const visibleTo = (viewer: PresetViewer): SQL | undefined =>
  viewer.managesMembersPresets ? undefined : eq(exportPresets.ownerUserId, viewer.keyId);

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

export interface PresetQuery {
  page: number;
  pageSize: number;
  entityType?: ExportSurface;
  ownerUserId?: string;
}

/** Presets the viewer may see, newest first. */
export async function listPresets(
  db: Database,
  companyId: string,
  viewer: PresetViewer,
  query: PresetQuery,
): Promise<{ items: PresetRow[]; totalCount: number }> {
  const where = and(
    eq(exportPresets.companyId, companyId),
    visibleTo(viewer),
    query.entityType ? eq(exportPresets.entityType, query.entityType) : undefined,
    query.ownerUserId ? eq(exportPresets.ownerUserId, query.ownerUserId) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(exportPresets)
      .where(where)
      .orderBy(desc(exportPresets.createdAt), desc(exportPresets.id))
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize)),
    db.select({ n: count() }).from(exportPresets).where(where),
  ]);
  return { items, totalCount: total?.n ?? 0 };
}

export function presetView(row: PresetRow) {
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
