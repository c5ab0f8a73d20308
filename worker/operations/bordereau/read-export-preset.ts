import { findPreset } from "../../db/queries/export-presets";
import { presetView } from "../../domain/bordereau/presets";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";
import { presetViewerOf } from "./preset-viewer";

/** `GET P/export-presets/{presetId}`: a preset the caller may not see answers 404 like an unknown id. */
export async function readExportPreset(ctx: OperationContext, presetId: string) {
  const row = await findPreset(ctx.db, ctx.companyId, presetId, presetViewerOf(ctx));
  if (!row) throw notFound();
  return presetView(row);
}
