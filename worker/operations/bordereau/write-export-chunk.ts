import { and, eq, inArray, sql } from "drizzle-orm";
import {
  DEFAULT_SHEETS_API_BASE_URL,
  GoogleSheetsClient,
  isTransientGoogleError,
  type SheetRows,
} from "../../clients/google-sheets";
import { type Database, database } from "../../db/client";
import { bordereauExportChunks, bordereauExports } from "../../db/schema";
import { chunkFirstSheetRow, chunkRange } from "../../domain/bordereau/export-plan";
import { CHUNK_MAX_ATTEMPTS, isTerminal } from "../../domain/bordereau/export-progress";
import type { Env } from "../../env";
import { ApiError } from "../../errors/api-error";
import { chunkObjectKey, type ExportRow, exportObjectPrefix, findExport } from "./start-export";

type ChunkRow = typeof bordereauExportChunks.$inferSelect;

const exports_ = bordereauExports;
const chunks = bordereauExportChunks;
const LIVE = ["queued", "running"] as const;

async function findChunk(db: Database, exportId: string, chunkIndex: number): Promise<ChunkRow | null> {
  const rows = await db
    .select()
    .from(chunks)
    .where(and(eq(chunks.exportId, exportId), eq(chunks.chunkIndex, chunkIndex)))
    .limit(1);
  return rows[0] ?? null;
}

/** `rows 5,002 to 10,001`: where in the sheet a chunk goes, for error messages. */
function sheetRowsText(chunk: ChunkRow): string {
  const first = chunkFirstSheetRow(chunk.chunkIndex);
  const last = first + chunk.rowCount + (chunk.chunkIndex === 0 ? 1 : 0) - 1;
  return `sheet rows ${first.toLocaleString("en-US")} to ${Math.max(first, last).toLocaleString("en-US")}`;
}

/**
 * Writes one chunk of an export to its fixed range. Delivery is at least once: a chunk already
 * written, or an export that has ended (or was wiped by a Sandbox reset), is acknowledged without a
 * call to Google; two deliveries racing write the same cells, and the progress counts are recounted
 * from the chunk rows, so nothing is counted twice. A transient provider failure (5xx, 429, network)
 * is thrown for the queue to retry with backoff, up to `CHUNK_MAX_ATTEMPTS`; a refusal (token
 * expired, access removed, spreadsheet or tab gone) fails the export at once.
 */
export async function writeExportChunk(
  env: Env,
  companyId: string,
  exportId: string,
  chunkIndex: number,
): Promise<void> {
  const db = database(env.DB);
  const row = await findExport(db, companyId, exportId);
  // Wiped by a Sandbox reset: its stored rows go too.
  if (!row) return await env.FILES.delete(chunkObjectKey(companyId, exportId, chunkIndex));
  if (isTerminal(row.status) || !row.accessToken) return;
  const chunk = await findChunk(db, exportId, chunkIndex);
  if (!chunk || chunk.status !== "pending") return;
  try {
    if (row.status === "queued") {
      await db
        .update(exports_)
        .set({ status: "running", startedAt: new Date().toISOString() })
        .where(and(eq(exports_.id, row.id), eq(exports_.status, "queued")));
    }
    const object = await env.FILES.get(chunkObjectKey(companyId, exportId, chunkIndex));
    if (!object) {
      // Another delivery wrote the chunk (and removed its rows) since this one looked.
      if ((await findChunk(db, exportId, chunkIndex))?.status !== "pending") return;
      return await failExport(
        env,
        db,
        row,
        chunk,
        `The rows for ${sheetRowsText(chunk)} are no longer stored; start a new export.`,
      );
    }
    const rows = await object.json<SheetRows>();
    const sheets = new GoogleSheetsClient(
      env.SHEETS_API_BASE_URL || DEFAULT_SHEETS_API_BASE_URL,
      row.accessToken,
      (input, init) => fetch(input, init),
    );
    await sheets.writeRange(
      row.spreadsheetId,
      chunkRange(row.sheetTitle, chunkIndex, rows.length, row.columnCount),
      rows,
    );
  } catch (err) {
    if (err instanceof ApiError && !isTransientGoogleError(err)) {
      return await failExport(
        env,
        db,
        row,
        chunk,
        `Writing ${sheetRowsText(chunk)} failed: ${err.message}. Start a new export.`,
      );
    }
    if (await countFailedAttempt(env, db, row, chunk, err)) return;
    throw err;
  }
  await recordWritten(db, row, chunk);
  await env.FILES.delete(chunkObjectKey(companyId, exportId, chunkIndex));
}

/** Marks the chunk written and recounts the export's progress from its chunks; the last one completes it. */
async function recordWritten(db: Database, row: ExportRow, chunk: ChunkRow) {
  const now = new Date().toISOString();
  const written = and(eq(chunks.exportId, row.id), eq(chunks.status, "written"));
  const done = sql`(select count(*) from ${chunks} where ${written})`;
  const finished = sql`${done} = ${exports_.chunksTotal}`;
  await db.batch([
    db
      .update(chunks)
      .set({ status: "written", writtenAt: now })
      .where(and(eq(chunks.exportId, row.id), eq(chunks.chunkIndex, chunk.chunkIndex), eq(chunks.status, "pending"))),
    db
      .update(exports_)
      .set({
        chunksDone: done,
        rowsWritten: sql`(select coalesce(sum(${chunks.rowCount}), 0) from ${chunks} where ${written})`,
        status: sql`case when ${finished} then 'succeeded' else 'running' end`,
        completedAt: sql`case when ${finished} then ${now} else null end`,
        // The caller's token is not kept once nothing is left to write.
        accessToken: sql`case when ${finished} then null else ${exports_.accessToken} end`,
        startedAt: sql`coalesce(${exports_.startedAt}, ${now})`,
      })
      .where(and(eq(exports_.id, row.id), inArray(exports_.status, LIVE))),
  ]);
}

/** Ends the export as failed with a message the status route shows; its stored rows are removed. */
async function failExport(env: Env, db: Database, row: ExportRow, chunk: ChunkRow, message: string) {
  console.error(JSON.stringify({ bordereauExportFailed: row.id, chunk: chunk.chunkIndex, error: message }));
  const now = new Date().toISOString();
  await db.batch([
    db
      .update(chunks)
      .set({ status: "failed" })
      .where(and(eq(chunks.exportId, row.id), eq(chunks.chunkIndex, chunk.chunkIndex), eq(chunks.status, "pending"))),
    db
      .update(exports_)
      .set({ status: "failed", error: message, completedAt: now, accessToken: null })
      .where(and(eq(exports_.id, row.id), inArray(exports_.status, LIVE))),
  ]);
  const stored = await env.FILES.list({ prefix: exportObjectPrefix(row.companyId, row.id) });
  if (stored.objects.length) await env.FILES.delete(stored.objects.map((o) => o.key));
}

/**
 * Counts a failed delivery of the chunk; at the limit the export fails (and the message is
 * acknowledged) rather than being left running once the queue gives up. True when the delivery should
 * be acknowledged: the export has failed, or another delivery finished the chunk.
 */
async function countFailedAttempt(
  env: Env,
  db: Database,
  row: ExportRow,
  chunk: ChunkRow,
  err: unknown,
): Promise<boolean> {
  console.error(JSON.stringify({ bordereauChunkAttemptFailed: row.id, chunk: chunk.chunkIndex, error: String(err) }));
  const [counted] = await db
    .update(chunks)
    .set({ attempts: sql`${chunks.attempts} + 1` })
    .where(and(eq(chunks.exportId, row.id), eq(chunks.chunkIndex, chunk.chunkIndex), eq(chunks.status, "pending")))
    .returning({ attempts: chunks.attempts });
  // Another delivery already wrote (or failed) the chunk: nothing is left to retry.
  if (!counted) return true;
  if (counted.attempts < CHUNK_MAX_ATTEMPTS) return false;
  const reason = err instanceof Error ? err.message : String(err);
  await failExport(
    env,
    db,
    row,
    chunk,
    `Writing ${sheetRowsText(chunk)} failed ${CHUNK_MAX_ATTEMPTS} times (last: ${reason}). Start a new export.`,
  );
  return true;
}
