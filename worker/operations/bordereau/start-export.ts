import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { findCompany } from "../../db/queries/companies";
import { bordereauExportChunks, bordereauExports } from "../../db/schema";
import {
  chunkCount,
  chunkDataRows,
  chunkSheetRows,
  gridRows,
  spreadsheetUrl,
} from "../../domain/bordereau/export-plan";
import type { ExportRequest } from "../../domain/bordereau/request";
import type { Env } from "../../env";
import { bordereauRows } from "./bordereau-rows";
import { prepareExportTarget } from "./prepare-export-target";

export type ExportRow = typeof bordereauExports.$inferSelect;

/** Queue message type of one chunk of an export (payload `{exportId, chunkIndex}`). */
export const EXPORT_CHUNK_MESSAGE = "bordereau.export-chunk";

/** R2 holds each chunk's sheet rows between the request that computed them and the message that writes them. */
export const chunkObjectKey = (companyId: string, exportId: string, index: number) =>
  `bordereau-exports/${companyId}/${exportId}/${index}.json`;
export const exportObjectPrefix = (companyId: string, exportId: string) =>
  `bordereau-exports/${companyId}/${exportId}/`;

/**
 * Starts an export: computes the rows, prepares the spreadsheet (synchronously, so token and access
 * problems are answered now), stores each chunk's rows in R2, records the export and its chunks in one
 * batch and queues one message per chunk. An export whose messages could not be queued is removed.
 */
export async function startExport(
  env: Env,
  db: Database,
  companyId: string,
  createdBy: string,
  request: ExportRequest,
): Promise<ExportRow> {
  const { columns, rows } = await bordereauRows(db, companyId, request);
  const company = await findCompany(db, companyId);
  const now = new Date();
  const target = await prepareExportTarget(env, {
    token: request.sheetsOAuthToken,
    spreadsheetId: request.spreadsheetId,
    folderId: request.folderId,
    spreadsheetName: request.spreadsheetName,
    companyShortName: company?.shortName ?? companyId,
    rowCount: gridRows(rows.length),
    columnCount: columns.length,
    now,
  });

  const id = crypto.randomUUID();
  const chunks = chunkCount(rows.length);
  const header = columns.map((c) => c.header);
  await Promise.all(
    Array.from({ length: chunks }, (_, index) =>
      env.FILES.put(chunkObjectKey(companyId, id, index), JSON.stringify(chunkSheetRows(index, header, rows))),
    ),
  );

  const row: ExportRow = {
    id,
    companyId,
    status: "queued",
    spreadsheetId: target.spreadsheetId,
    sheetTitle: target.sheetTitle,
    rowCount: rows.length,
    columnCount: columns.length,
    chunksTotal: chunks,
    chunksDone: 0,
    rowsWritten: 0,
    error: null,
    accessToken: request.sheetsOAuthToken,
    createdAt: now.toISOString(),
    startedAt: null,
    completedAt: null,
    createdBy,
  };
  const chunkRows = Array.from({ length: chunks }, (_, chunkIndex) => ({
    exportId: id,
    chunkIndex,
    companyId,
    rowCount: chunkDataRows(chunkIndex, rows.length),
    status: "pending" as const,
    attempts: 0,
    writtenAt: null,
  }));
  await db.batch([db.insert(bordereauExports).values(row), db.insert(bordereauExportChunks).values(chunkRows)]);
  try {
    await env.BACKGROUND.sendBatch(
      chunkRows.map((c) => ({
        body: {
          type: EXPORT_CHUNK_MESSAGE,
          messageId: `${id}:${c.chunkIndex}`,
          companyId,
          payload: { exportId: id, chunkIndex: c.chunkIndex },
        },
      })),
    );
  } catch (err) {
    await db.batch([
      db.delete(bordereauExportChunks).where(eq(bordereauExportChunks.exportId, id)),
      db.delete(bordereauExports).where(eq(bordereauExports.id, id)),
    ]);
    throw err;
  }
  return row;
}

/** An export of the company; another company's export id reads as absent. */
export async function findExport(db: Database, companyId: string, exportId: string): Promise<ExportRow | null> {
  const rows = await db
    .select()
    .from(bordereauExports)
    .where(and(eq(bordereauExports.id, exportId), eq(bordereauExports.companyId, companyId)))
    .limit(1);
  return rows[0] ?? null;
}

/** What the status route shows; the access token never leaves storage. */
export function exportView(row: ExportRow) {
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
