import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Idempotency keys (CONTRACT 8.1): one row per company, caller and key. `fingerprint` is a SHA-256 of the
 * request (method, path, canonical body), never the body. `state`: `running` while the first request runs,
 * `committed` once a D1 write of it committed (set in the write's own batch), `done` with its saved answer.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    companyId: text("company_id").notNull(),
    /** The API key's id, or `staff` for the staff token. */
    callerId: text("caller_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    /** The request id that holds the key; a later holder replaces it only when the mark is lost. */
    holder: text("holder").notNull(),
    state: text("state", { enum: ["running", "committed", "done"] }).notNull(),
    status: integer("status"),
    body: text("body"),
    contentType: text("content_type"),
    /** The saved answer's `Location` (a 202 that started a job names where to follow it). */
    location: text("location"),
    createdAt: text("created_at").notNull(),
    /** When the saved answer stops being replayed: 24 hours after it was saved. */
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.callerId, t.idempotencyKey] }),
    index("idempotency_keys_expiry").on(t.expiresAt),
  ],
);
