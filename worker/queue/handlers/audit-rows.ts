import { database } from "../../db/client";
import { type AuditRowInsert, insertAuditRows } from "../../db/queries/audit-log";
import type { BackgroundMessage, Env } from "../../env";

/** Audit rows whose batch failed in the isolate that made them, written again; idempotent by row id. */
export async function handleAuditRows(message: BackgroundMessage, env: Env): Promise<void> {
  const rows = message.payload.rows as AuditRowInsert[];
  await insertAuditRows(database(env.DB), rows);
}
