import type { AuditRowInsert } from "../../db/queries/audit-log";

/** The background message that carries audit rows whose batch failed (worker/queue/handlers/audit-rows.ts). */
export const AUDIT_ROWS_MESSAGE = "audit.rows";

/** How long the first row waits for others before the buffer is written (one batch for all of them). */
export const FLUSH_AFTER_MS = 25;
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
 * The audit rows of this isolate's calls, written together (issue 16, lever 2): the first row schedules a
 * flush `FLUSH_AFTER_MS` later and every call's `waitUntil` holds that flush, so the rows of concurrent calls
 * share one D1 batch instead of an insert each. A batch that fails is not only logged: its rows go to the
 * background queue, whose handler writes them (idempotently) with the queue's retries.
 */
export class AuditBuffer {
  #rows: AuditRowInsert[] = [];
  #flush: Promise<void> | null = null;

  constructor(private readonly wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms))) {}

  /** Adds rows; the promise settles once they are written or handed to the queue (give it to `waitUntil`). */
  add(rows: AuditRowInsert[], sink: AuditSink): Promise<void> {
    this.#rows.push(...rows);
    this.#flush ??= this.wait(FLUSH_AFTER_MS).then(() => this.#drain(sink));
    return this.#flush;
  }

  async #drain(sink: AuditSink): Promise<void> {
    const rows = this.#rows;
    this.#rows = [];
    this.#flush = null;
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
}
