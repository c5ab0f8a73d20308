import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AuditRowInsert } from "../../../worker/db/queries/audit-log";
import { AuditBuffer, FLUSH_AT_ROWS } from "../../../worker/http/audit-buffer";
import { auditRow } from "../../support/audit-rows";

const row = auditRow;

/** A buffer whose wait ends when the test says so. */
function manualBuffer() {
  const timers: Array<() => void> = [];
  const buffer = new AuditBuffer(() => new Promise<void>((resolve) => timers.push(resolve)));
  const written: string[][] = [];
  const write = async (rows: AuditRowInsert[]) => {
    written.push(rows.map((r) => r.id));
  };
  return { buffer, written, write, fire: () => timers.shift()?.() };
}

describe("the isolate's audit buffer (issue 16, lever 2)", () => {
  it("writes the rows of calls made before its scheduled write in one batch, kept alive by the first call only", async () => {
    const { buffer, written, write, fire } = manualBuffer();
    const first = buffer.add([row(1)], write);
    expect(first).not.toBeNull();
    expect(buffer.add([row(2)], write)).toBeNull();
    expect(buffer.add([row(3), row(4)], write)).toBeNull();
    expect(written).toEqual([]);
    fire();
    await first;
    expect(written).toEqual([["row-1", "row-2", "row-3", "row-4"]]);
    // The next call schedules the next write.
    const next = buffer.add([row(5)], write);
    expect(next).not.toBeNull();
    fire();
    await next;
    expect(written).toEqual([["row-1", "row-2", "row-3", "row-4"], ["row-5"]]);
  });

  it("is written at once by the call that fills it", async () => {
    const { buffer, written, write } = manualBuffer();
    buffer.add([row(0)], write);
    for (let n = 1; n < FLUSH_AT_ROWS - 1; n++) expect(buffer.add([row(n)], write)).toBeNull();
    const full = buffer.add([row(FLUSH_AT_ROWS - 1)], write);
    expect(full).not.toBeNull();
    await full;
    expect(written).toHaveLength(1);
    expect(written[0]).toHaveLength(FLUSH_AT_ROWS);
    expect(buffer.pending).toBe(0);
  });

  it("writes every row exactly once, whatever the order of calls and scheduled writes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constant("fire" as const), fc.integer({ min: 1, max: 3 })), { maxLength: 200 }),
        async (steps) => {
          const { buffer, written, write, fire } = manualBuffer();
          const kept: Promise<void>[] = [];
          let next = 0;
          for (const step of steps) {
            if (step === "fire") fire();
            else {
              const rows = Array.from({ length: step }, () => row(next++));
              const write_ = buffer.add(rows, write);
              if (write_) kept.push(write_);
            }
            await Promise.resolve();
          }
          // Every scheduled write fires eventually (its call's waitUntil keeps it alive).
          for (let i = 0; i < steps.length + 1; i++) fire();
          await Promise.all(kept);
          const ids = written.flat();
          expect(ids).toHaveLength(next);
          expect(new Set(ids).size).toBe(next);
          expect(buffer.pending).toBe(0);
        },
      ),
    );
  });
});
