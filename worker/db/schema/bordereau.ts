import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CHUNK_STATUSES, EXPORT_STATUSES } from "../../domain/bordereau/export-progress";
import { EXPORT_SURFACES } from "../../domain/bordereau/presets";

/**
 * Bordereau exports to Google Sheets: one row per export. The rows are computed when the export is
 * requested and written by queued chunks; progress is counted from the chunk rows. The caller's
 * OAuth token is never stored here: it travels only in the chunks' queue messages (issue 11).
 */
export const bordereauExports = sqliteTable(
  "bordereau_exports",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    status: text("status", { enum: EXPORT_STATUSES }).notNull(),
    spreadsheetId: text("spreadsheet_id").notNull(),
    /** The tab the rows are written to. */
    sheetTitle: text("sheet_title").notNull(),
    rowCount: integer("row_count").notNull(),
    columnCount: integer("column_count").notNull(),
    chunksTotal: integer("chunks_total").notNull(),
    chunksDone: integer("chunks_done").notNull(),
    rowsWritten: integer("rows_written").notNull(),
    error: text("error"),
    createdAt: text("created_at").notNull(),
    startedAt: text("started_at"),
    completedAt: text("completed_at"),
    createdBy: text("created_by"),
  },
  (t) => [index("bordereau_exports_company_created_idx").on(t.companyId, t.createdAt)],
);

/**
 * One queued chunk of an export: the sheet rows it covers are fixed by its index, so writing it again
 * (a re-delivered message) writes the same cells. `attempts` counts failed deliveries.
 */
export const bordereauExportChunks = sqliteTable(
  "bordereau_export_chunks",
  {
    exportId: text("export_id").notNull(),
    chunkIndex: integer("chunk_index").notNull(),
    companyId: text("company_id").notNull(),
    /** Data rows in the chunk (the first chunk also writes the header row). */
    rowCount: integer("row_count").notNull(),
    status: text("status", { enum: CHUNK_STATUSES }).notNull(),
    attempts: integer("attempts").notNull(),
    writtenAt: text("written_at"),
  },
  (t) => [
    primaryKey({ columns: [t.exportId, t.chunkIndex] }),
    index("bordereau_export_chunks_company_idx").on(t.companyId),
  ],
);

/**
 * Saved column choices for an export surface, private to their owner. `nameKey` (the trimmed,
 * lower-cased name) makes a name unique per owner and surface.
 */
export const exportPresets = sqliteTable(
  "export_presets",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    entityType: text("entity_type", { enum: EXPORT_SURFACES }).notNull(),
    name: text("name").notNull(),
    nameKey: text("name_key").notNull(),
    ownerUserId: text("owner_user_id").notNull(),
    fieldKeys: text("field_keys", { mode: "json" }).$type<string[]>().notNull(),
    createdAt: text("created_at").notNull(),
    createdBy: text("created_by"),
  },
  (t) => [
    uniqueIndex("export_presets_owner_name_idx").on(t.companyId, t.ownerUserId, t.entityType, t.nameKey),
    index("export_presets_company_created_idx").on(t.companyId, t.createdAt),
  ],
);
