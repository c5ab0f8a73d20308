import { type ChunkRow, deleteExport, type ExportRow, insertExport } from "../../db/queries/bordereau-exports";
import { findCompany } from "../../db/queries/companies";
import {
  chunkCount,
  chunkDataRows,
  chunkObjectKey,
  chunkSheetRows,
  EXPORT_CHUNK_MESSAGE,
  gridRows,
} from "../../domain/bordereau/export-plan";
import type { ExportRequest } from "../../domain/bordereau/request";
import type { OperationContext } from "../context";
import { bordereauRows } from "./bordereau-rows";
import { prepareExportTarget } from "./prepare-export-target";

/**
 * `POST X/policies/bordereau/export`: computes the rows, prepares the spreadsheet (synchronously, so
 * token and access problems are answered now), stores each chunk's rows in R2,
 * records the export and its chunks in one batch and queues one message per chunk, carrying the caller's
 * token (which is stored nowhere else). An export whose messages could not be queued is removed.
 */
export async function startBordereauExport(ctx: OperationContext, request: ExportRequest): Promise<ExportRow> {
  const { env, db, companyId } = ctx;
  const { columns, rows } = await bordereauRows(ctx, request);
  const company = await findCompany(db, companyId);
  const target = await prepareExportTarget(env, {
    token: request.sheetsOAuthToken,
    spreadsheetId: request.spreadsheetId,
    folderId: request.folderId,
    spreadsheetName: request.spreadsheetName,
    companyShortName: company?.shortName ?? companyId,
    rowCount: gridRows(rows.length),
    columnCount: columns.length,
    now: ctx.now,
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
    createdAt: ctx.now.toISOString(),
    startedAt: null,
    completedAt: null,
    createdBy: ctx.actor.keyId ?? "",
  };
  const chunkRows: ChunkRow[] = Array.from({ length: chunks }, (_, chunkIndex) => ({
    exportId: id,
    chunkIndex,
    companyId,
    rowCount: chunkDataRows(chunkIndex, rows.length),
    status: "pending",
    attempts: 0,
    writtenAt: null,
  }));
  await insertExport(db, row, chunkRows);
  try {
    await env.BACKGROUND.sendBatch(
      chunkRows.map((c) => ({
        body: {
          type: EXPORT_CHUNK_MESSAGE,
          messageId: `${id}:${c.chunkIndex}`,
          companyId,
          // The caller's token rides only in the messages (encrypted at rest by the queue), never in D1.
          payload: { exportId: id, chunkIndex: c.chunkIndex, accessToken: request.sheetsOAuthToken },
        },
      })),
    );
  } catch (err) {
    await deleteExport(db, id);
    throw err;
  }
  return row;
}
