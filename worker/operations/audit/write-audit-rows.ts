import type { AuditRowInsert } from "../../db/queries/audit-log";

/** The background message that carries audit rows whose write failed (worker/queue/handlers/audit-rows.ts). */
export const AUDIT_ROWS_MESSAGE = "audit.rows";
/** Rows per queued retry message (queue messages stay far under their 128 KB bound). */
export const ROWS_PER_MESSAGE = 50;

export interface AuditSink {
  /** Writes rows in one D1 batch (idempotent by row id). */
  write(rows: AuditRowInsert[]): Promise<void>;
  /** Hands rows to the queue, whose consumer writes them again until they land. */
  retryLater(rows: AuditRowInsert[]): Promise<void>;
  /** When even the queue refused them: say so (ids and counts only). */
  lost(rows: AuditRowInsert[], error: unknown): void;
}

/**
 * Writes audit rows in one D1 batch (issue 16, lever 2), never only logging a failure: rows whose write
 * fails go to the background queue, whose handler writes them (idempotently) with the queue's retries.
 */
export async function writeAuditRows(rows: AuditRowInsert[], sink: AuditSink): Promise<void> {
  if (!rows.length) return;
  try {
    await sink.write(rows);
  } catch {
    for (let at = 0; at < rows.length; at += ROWS_PER_MESSAGE) {
      const part = rows.slice(at, at + ROWS_PER_MESSAGE);
      await sink.retryLater(part).catch((error: unknown) => sink.lost(part, error));
    }
  }
}
