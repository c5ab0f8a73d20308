import {
  DEFAULT_SHEETS_API_BASE_URL,
  GoogleSheetsClient,
  isTransientGoogleError,
  type SheetRows,
} from "../../clients/google-sheets";
import {
  type ChunkRow,
  countChunkAttempt,
  type ExportRow,
  findChunk,
  findExport,
  markExportRunning,
  recordChunkWritten,
  recordExportFailed,
} from "../../db/queries/bordereau-exports";
import { chunkFirstSheetRow, chunkObjectKey, chunkRange, exportObjectPrefix } from "../../domain/bordereau/export-plan";
import { CHUNK_MAX_ATTEMPTS, isTerminal } from "../../domain/bordereau/export-progress";
import { ApiError } from "../../errors/api-error";
import { logEvent, logFailure } from "../../lib/log";
import type { OperationContext } from "../context";

/** `rows 5,002 to 10,001`: where in the sheet a chunk goes, for error messages. */
function sheetRowsText(chunk: ChunkRow): string {
  const first = chunkFirstSheetRow(chunk.chunkIndex);
  const last = first + chunk.rowCount + (chunk.chunkIndex === 0 ? 1 : 0) - 1;
  return `sheet rows ${first.toLocaleString("en-US")} to ${Math.max(first, last).toLocaleString("en-US")}`;
}

/** The moment of a progress change: a chunk write can take a while after the message arrived. */
const nowText = () => new Date().toISOString();

/**
 * Queue work (message `bordereau.export-chunk`): writes one chunk of an export to its fixed range.
 * Delivery is at least once: a chunk already written, or an export that has ended (or was wiped by a
 * Sandbox reset), is acknowledged without a call to Google; two deliveries racing write the same cells,
 * and the progress counts are recounted from the chunk rows, so nothing is counted twice. A transient
 * provider failure (5xx, 429, network) is thrown for the queue to retry with backoff, up to
 * `CHUNK_MAX_ATTEMPTS`; a refusal (token expired, access removed, spreadsheet or tab gone) fails the
 * export at once.
 */
export async function writeExportChunk(
  ctx: OperationContext,
  chunkMessage: { exportId: string; chunkIndex: number; accessToken: string },
): Promise<void> {
  const { exportId, chunkIndex, accessToken } = chunkMessage;
  const { env, db, companyId } = ctx;
  const row = await findExport(db, companyId, exportId);
  // Wiped by a Sandbox reset: its stored rows go too.
  if (!row) return await env.FILES.delete(chunkObjectKey(companyId, exportId, chunkIndex));
  if (isTerminal(row.status)) return;
  const chunk = await findChunk(db, exportId, chunkIndex);
  if (chunk?.status !== "pending") return;
  try {
    if (row.status === "queued") await markExportRunning(db, row.id, nowText());
    const object = await env.FILES.get(chunkObjectKey(companyId, exportId, chunkIndex));
    if (!object) {
      // Another delivery wrote the chunk (and removed its rows) since this one looked.
      if ((await findChunk(db, exportId, chunkIndex))?.status !== "pending") return;
      const message = `The rows for ${sheetRowsText(chunk)} are no longer stored; start a new export.`;
      return await failExport(ctx, row, chunk, message);
    }
    const rows = await object.json<SheetRows>();
    const sheets = new GoogleSheetsClient(
      env.SHEETS_API_BASE_URL || DEFAULT_SHEETS_API_BASE_URL,
      accessToken,
      (input, init) => fetch(input, init),
    );
    await sheets.writeRange(
      row.spreadsheetId,
      chunkRange(row.sheetTitle, chunkIndex, rows.length, row.columnCount),
      rows,
    );
  } catch (err) {
    if (err instanceof ApiError && !isTransientGoogleError(err)) {
      const message = `Writing ${sheetRowsText(chunk)} failed: ${err.message}. Start a new export.`;
      return await failExport(ctx, row, chunk, message);
    }
    if (await countFailedAttempt(ctx, row, chunk, err)) return;
    throw err;
  }
  await recordChunkWritten(db, chunk, nowText());
  await env.FILES.delete(chunkObjectKey(companyId, exportId, chunkIndex));
}

/** Ends the export as failed with a message the status route shows; its stored rows are removed. */
async function failExport(ctx: OperationContext, row: ExportRow, chunk: ChunkRow, message: string) {
  logEvent("bordereau-export-failed", { exportId: row.id, chunk: chunk.chunkIndex });
  await recordExportFailed(ctx.db, chunk, message, nowText());
  const stored = await ctx.env.FILES.list({ prefix: exportObjectPrefix(row.companyId, row.id) });
  if (stored.objects.length) await ctx.env.FILES.delete(stored.objects.map((o) => o.key));
}

/**
 * Counts a failed delivery of the chunk; at the limit the export fails (and the message is
 * acknowledged) rather than being left running once the queue gives up. True when the delivery should
 * be acknowledged: the export has failed, or another delivery finished the chunk.
 */
async function countFailedAttempt(
  ctx: OperationContext,
  row: ExportRow,
  chunk: ChunkRow,
  err: unknown,
): Promise<boolean> {
  logFailure("bordereau-chunk-attempt-failed", err, { exportId: row.id, chunk: chunk.chunkIndex });
  const attempts = await countChunkAttempt(ctx.db, chunk);
  // Another delivery already wrote (or failed) the chunk: nothing is left to retry.
  if (attempts === null) return true;
  if (attempts < CHUNK_MAX_ATTEMPTS) return false;
  const reason = err instanceof Error ? err.message : String(err);
  const attemptsText = `failed ${CHUNK_MAX_ATTEMPTS} times (last: ${reason})`;
  const message = `Writing ${sheetRowsText(chunk)} ${attemptsText}. Start a new export.`;
  await failExport(ctx, row, chunk, message);
  return true;
}
