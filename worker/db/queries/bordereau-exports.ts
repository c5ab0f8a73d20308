import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../client";
import { bordereauExportChunks, bordereauExports } from "../schema";

export type ExportRow = typeof bordereauExports.$inferSelect;
export type ChunkRow = typeof bordereauExportChunks.$inferSelect;

const exports_ = bordereauExports;
const chunks = bordereauExportChunks;
/** Statuses of an export that still has chunks to write. */
const LIVE = ["queued", "running"] as const;

/** An export of the company; another company's export id reads as absent. */
export async function findExport(db: Database, companyId: string, exportId: string): Promise<ExportRow | null> {
  const rows = await db
    .select()
    .from(exports_)
    .where(and(eq(exports_.id, exportId), eq(exports_.companyId, companyId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findChunk(db: Database, exportId: string, chunkIndex: number): Promise<ChunkRow | null> {
  const rows = await db
    .select()
    .from(chunks)
    .where(and(eq(chunks.exportId, exportId), eq(chunks.chunkIndex, chunkIndex)))
    .limit(1);
  return rows[0] ?? null;
}

/** Records an export and its chunks in one batch. */
export async function insertExport(db: Database, row: ExportRow, chunkRows: ChunkRow[]) {
  await db.batch([db.insert(exports_).values(row), db.insert(chunks).values(chunkRows)]);
}

/** Removes an export and its chunks (one whose messages could not be queued). */
export async function deleteExport(db: Database, exportId: string) {
  await db.batch([
    db.delete(chunks).where(eq(chunks.exportId, exportId)),
    db.delete(exports_).where(eq(exports_.id, exportId)),
  ]);
}

/** A queued export starts running with its first chunk. */
export async function markExportRunning(db: Database, exportId: string, startedAt: string) {
  await db
    .update(exports_)
    .set({ status: "running", startedAt })
    .where(and(eq(exports_.id, exportId), eq(exports_.status, "queued")));
}

const pendingChunk = (chunk: ChunkRow) =>
  and(eq(chunks.exportId, chunk.exportId), eq(chunks.chunkIndex, chunk.chunkIndex), eq(chunks.status, "pending"));

/**
 * Marks the chunk written and recounts the export's progress from its chunks, so a chunk delivered
 * twice is never counted twice; the last one completes the export.
 */
export async function recordChunkWritten(db: Database, chunk: ChunkRow, now: string) {
  const written = and(eq(chunks.exportId, chunk.exportId), eq(chunks.status, "written"));
  const done = sql`(select count(*) from ${chunks} where ${written})`;
  const finished = sql`${done} = ${exports_.chunksTotal}`;
  await db.batch([
    db.update(chunks).set({ status: "written", writtenAt: now }).where(pendingChunk(chunk)),
    db
      .update(exports_)
      .set({
        chunksDone: done,
        rowsWritten: sql`(select coalesce(sum(${chunks.rowCount}), 0) from ${chunks} where ${written})`,
        status: sql`case when ${finished} then 'succeeded' else 'running' end`,
        completedAt: sql`case when ${finished} then ${now} else null end`,
        startedAt: sql`coalesce(${exports_.startedAt}, ${now})`,
      })
      .where(and(eq(exports_.id, chunk.exportId), inArray(exports_.status, LIVE))),
  ]);
}

/** Ends a live export as failed with `message`, its chunk failed. */
export async function recordExportFailed(db: Database, chunk: ChunkRow, message: string, now: string) {
  await db.batch([
    db.update(chunks).set({ status: "failed" }).where(pendingChunk(chunk)),
    db
      .update(exports_)
      .set({ status: "failed", error: message, completedAt: now })
      .where(and(eq(exports_.id, chunk.exportId), inArray(exports_.status, LIVE))),
  ]);
}

/** Counts a failed delivery of a pending chunk; null when the chunk is no longer pending. */
export async function countChunkAttempt(db: Database, chunk: ChunkRow): Promise<number | null> {
  const [counted] = await db
    .update(chunks)
    .set({ attempts: sql`${chunks.attempts} + 1` })
    .where(pendingChunk(chunk))
    .returning({ attempts: chunks.attempts });
  return counted?.attempts ?? null;
}
