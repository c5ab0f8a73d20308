import type { AuditRowInsert } from "../../worker/db/queries/audit-log";

/** The `n`-th request row of a unit test's audit writes. */
export const auditRow = (n: number): AuditRowInsert => ({
  id: `row-${n}`,
  companyId: "c",
  kind: "request",
  requestId: `r${n}`,
  actor: "api-key",
  method: "GET",
  path: "/x",
  status: 200,
  durationMs: 1,
  createdAt: "2026-11-27T00:00:00Z",
});
