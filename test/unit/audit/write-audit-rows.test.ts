import { describe, expect, it } from "vitest";
import type { AuditRowInsert } from "../../../worker/db/queries/audit-log";
import { type AuditSink, ROWS_PER_MESSAGE, writeAuditRows } from "../../../worker/operations/audit/write-audit-rows";
import { auditRow } from "../../support/audit-rows";

const row = auditRow;

function sink(failWrite: boolean, failQueue = false) {
  const written: AuditRowInsert[][] = [];
  const queued: AuditRowInsert[][] = [];
  const lost: AuditRowInsert[][] = [];
  const target: AuditSink = {
    write: async (rows) => {
      if (failWrite) throw new Error("D1 down");
      written.push(rows);
    },
    retryLater: async (rows) => {
      if (failQueue) throw new Error("queue down");
      queued.push(rows);
    },
    lost: (rows) => lost.push(rows),
  };
  return { target, written, queued, lost };
}

describe("audit rows (issue 16, lever 2)", () => {
  it("writes a call's rows in one batch", async () => {
    const s = sink(false);
    await writeAuditRows([row(1), row(2)], s.target);
    expect(s.written).toEqual([[row(1), row(2)]]);
    expect(s.queued).toEqual([]);
  });

  it("never only logs a failed batch: its rows go to the queue, in messages of a bounded size", async () => {
    const s = sink(true);
    const rows = Array.from({ length: ROWS_PER_MESSAGE + 3 }, (_, n) => row(n));
    await writeAuditRows(rows, s.target);
    expect(s.written).toEqual([]);
    expect(s.queued.map((part) => part.length)).toEqual([ROWS_PER_MESSAGE, 3]);
    expect(s.queued.flat()).toEqual(rows);
    expect(s.lost).toEqual([]);
  });

  it("reports rows lost only when the queue refuses them too", async () => {
    const s = sink(true, true);
    await writeAuditRows([row(1)], s.target);
    expect(s.lost).toEqual([[row(1)]]);
  });
});
