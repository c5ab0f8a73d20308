import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * One row per external call (kind `request`), plus receipts that a change commits in its own batch
 * (kind `receipt`, for example a Sandbox reset). Never cleared by reset.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id"),
    kind: text("kind", { enum: ["request", "receipt"] }).notNull(),
    requestId: text("request_id").notNull(),
    keyId: text("key_id"),
    actor: text("actor").notNull(),
    action: text("action"),
    method: text("method").notNull(),
    path: text("path").notNull(),
    status: integer("status").notNull(),
    durationMs: integer("duration_ms").notNull(),
    batchId: text("batch_id"),
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("audit_log_company_created_idx").on(t.companyId, t.createdAt),
    index("audit_log_company_batch_idx").on(t.companyId, t.batchId),
  ],
);
