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
});
