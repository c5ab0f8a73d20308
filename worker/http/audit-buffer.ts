import type { AuditRowInsert } from "../db/queries/audit-log";

/** How long the first call's rows wait for others' before they are written together. */
export const FLUSH_AFTER_MS = 50;
/** A buffer this full is written at once by the call that filled it. */
export const FLUSH_AT_ROWS = 64;

type Write = (rows: AuditRowInsert[]) => Promise<void>;

/**
 * The audit rows of this isolate's calls, written together (issue 16, lever 2): one D1 batch for the calls of
 * `FLUSH_AFTER_MS` instead of an insert each. The call that finds no write scheduled schedules one and keeps
 * it alive in its own `waitUntil`; later calls only add their rows, which that write takes when its time comes.
 * No call ever awaits a write another call started (Workers forbid a request awaiting another request's I/O),
 * and a row is in the buffer only while a scheduled write will take it.
 */
export class AuditBuffer {
  #rows: AuditRowInsert[] = [];
  #scheduled = false;

  constructor(private readonly wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms))) {}

  /**
   * Adds a call's rows. Returns the write this call must keep alive (hand it to `waitUntil`), or `null` when a
   * write another call scheduled will take them.
   */
  add(rows: readonly AuditRowInsert[], write: Write): Promise<void> | null {
    this.#rows.push(...rows);
    if (this.#rows.length >= FLUSH_AT_ROWS) return write(this.#take());
    if (this.#scheduled) return null;
    this.#scheduled = true;
    return this.wait(FLUSH_AFTER_MS).then(() => {
      this.#scheduled = false;
      const taken = this.#take();
      return taken.length ? write(taken) : undefined;
    });
  }

  get pending(): number {
    return this.#rows.length;
  }

  #take(): AuditRowInsert[] {
    const rows = this.#rows;
    this.#rows = [];
    return rows;
  }
}
