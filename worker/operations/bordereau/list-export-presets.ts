import { listPresets, type PresetFilters } from "../../db/queries/export-presets";
import type { PageWindow } from "../../db/queries/page";
import { presetView } from "../../domain/bordereau/presets";
import type { OperationContext } from "../context";
import { presetViewerOf } from "./preset-viewer";

/** `GET P/export-presets`: the presets the caller may see, newest first. */
export async function listExportPresets(ctx: OperationContext, filters: PresetFilters, page: PageWindow) {
  const { items, totalCount } = await listPresets(ctx.db, ctx.companyId, presetViewerOf(ctx), filters, page);
  return { items: items.map(presetView), totalCount };
}
