import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AUDIT_ROWS_MESSAGE } from "../../worker/operations/audit/write-audit-rows";
import { deliver } from "../support/queue";

describe("audit rows handed to the queue (issue 16, lever 2)", () => {
  it("are written by the background handler, once, however often the message is delivered", async () => {
    const id = crypto.randomUUID();
    const rows = [
      {
        id,
        companyId: null,
        kind: "request",
        requestId: "retried-request",
        keyId: null,
        actor: "anonymous",
        action: null,
        method: "GET",
        path: "/api/v1/companies/x/lifecycle",
        status: 401,
        durationMs: 3,
        batchId: null,
        detail: null,
        createdAt: new Date().toISOString(),
      },
    ];
    const message = { type: AUDIT_ROWS_MESSAGE, messageId: id, companyId: "", payload: { rows } };
    for (let delivery = 0; delivery < 2; delivery++) {
      const result = await deliver([{ body: message }]);
      expect(result.explicitAcks).toHaveLength(1);
    }
    const stored = await env.DB.prepare("SELECT count(*) AS n, max(status) AS status FROM audit_log WHERE id = ?")
      .bind(id)
      .first<{ n: number; status: number }>();
    expect(stored).toEqual({ n: 1, status: 401 });
  });

  it("writes any number of rows in one statement, each column as given (JSON detail, nulls, integers)", async () => {
    const companyId = crypto.randomUUID();
    const rows = Array.from({ length: 120 }, (_, n) => ({
      id: crypto.randomUUID(),
      companyId,
      kind: "request",
      requestId: `bulk-${n}`,
      keyId: n % 2 ? "key-1" : null,
      actor: "api-key",
      action: n % 3 ? "getLifecycle" : null,
      method: "GET",
      path: `/api/v1/companies/${companyId}/lifecycle`,
      status: 200 + (n % 5),
      durationMs: n,
      batchId: n === 7 ? "batch-7" : null,
      detail: n === 7 ? { query: "force=true", nested: { list: [1, "two", null] } } : null,
      createdAt: new Date(Date.UTC(2026, 10, 27, 0, 0, n)).toISOString(),
    }));
    const message = { type: AUDIT_ROWS_MESSAGE, messageId: rows[0]?.id, companyId, payload: { rows } };
    expect((await deliver([{ body: message }])).explicitAcks).toHaveLength(1);
    const { results } = await env.DB.prepare(
      "SELECT request_id, key_id, action, status, duration_ms, batch_id, detail, created_at, typeof(status) AS t " +
        "FROM audit_log WHERE company_id = ? ORDER BY duration_ms",
    )
      .bind(companyId)
      .all<any>();
    expect(results).toHaveLength(120);
    expect(results[7]).toEqual({
      request_id: "bulk-7",
      key_id: "key-1",
      action: "getLifecycle",
      status: 202,
      duration_ms: 7,
      batch_id: "batch-7",
      detail: JSON.stringify({ query: "force=true", nested: { list: [1, "two", null] } }),
      created_at: "2026-11-27T00:00:07.000Z",
      t: "integer",
    });
    expect(results[0]).toMatchObject({ key_id: null, action: null, batch_id: null, detail: null, status: 200 });
  });
});
