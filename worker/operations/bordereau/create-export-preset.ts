import { insertPreset, isLiveApiKey, type PresetRow } from "../../db/queries/export-presets";
import { type ExportSurface, presetNameKey, presetView } from "../../domain/bordereau/presets";
import { isBordereauFieldKey } from "../../domain/bordereau/transpositions";
import { exportPresetNameTaken, presetOwnerNotMember, unknownExportFieldKeys } from "../../errors/bordereau-refusals";
import type { OperationContext } from "../context";
import { loadPolicyConfiguration } from "../policies/policy-configuration";

export interface NewPreset {
  entityType: ExportSurface;
  name: string;
  ownerUserId: string;
  fieldKeys: string[];
}

/**
 * `POST P/export-presets`: a private preset owned by `ownerUserId`. Refusals, in order: an owner who is
 * not a member (400), field keys the surface does not have (400 `UnknownExportFieldKey`), a name the
 * owner already uses on the surface, compared without case or surrounding spaces (409
 * `ExportPresetNameTaken`; the unique index decides between two racing creations).
 */
export async function createExportPreset(ctx: OperationContext, preset: NewPreset) {
  if (!(await isLiveApiKey(ctx.db, ctx.companyId, preset.ownerUserId))) throw presetOwnerNotMember();
  const { policyFields } = await loadPolicyConfiguration(ctx);
  const unknown = preset.fieldKeys
    .map((key, index) => ({ key, index }))
    .filter(({ key }) => !isBordereauFieldKey(key, policyFields));
  if (unknown.length) throw unknownExportFieldKeys(unknown);
  const row: PresetRow = {
    id: crypto.randomUUID(),
    companyId: ctx.companyId,
    entityType: preset.entityType,
    name: preset.name,
    nameKey: presetNameKey(preset.name),
    ownerUserId: preset.ownerUserId,
    fieldKeys: preset.fieldKeys,
    createdAt: ctx.now.toISOString(),
    createdBy: ctx.actor.keyId ?? "",
  };
  if (!(await insertPreset(ctx.db, row))) throw exportPresetNameTaken(preset);
  return presetView(row);
}
