import { spreadsheetUrl } from "./export-plan";

/** Life of a bordereau export: queued → running → succeeded or failed. */
export const EXPORT_STATUSES = ["queued", "running", "succeeded", "failed"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const CHUNK_STATUSES = ["pending", "written", "failed"] as const;

export const isTerminal = (status: ExportStatus) => status === "succeeded" || status === "failed";

/** Failed deliveries of one chunk before the export is marked failed (the queue allows 5 retries). */
export const CHUNK_MAX_ATTEMPTS = 5;

/** An export as stored, in the members its status shows (the access token never leaves storage). */
export interface StoredExport {
  id: string;
  status: ExportStatus;
  spreadsheetId: string;
  sheetTitle: string;
  rowCount: number;
  chunksTotal: number;
  chunksDone: number;
  rowsWritten: number;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
}

/** What the status route shows of an export. */
export function exportView(row: StoredExport) {
  return {
    exportId: row.id,
    status: row.status,
    spreadsheetId: row.spreadsheetId,
    spreadsheetUrl: spreadsheetUrl(row.spreadsheetId),
    sheetTitle: row.sheetTitle,
    rowCount: row.rowCount,
    chunksTotal: row.chunksTotal,
    chunksDone: row.chunksDone,
    rowsWritten: row.rowsWritten,
    error: row.error,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    completedAt: row.completedAt,
  };
}
