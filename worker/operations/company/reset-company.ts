import { and, eq, exists, getTableName } from "drizzle-orm";
import { APPLICATION_TABLES } from "../../db/application-tables";
import { queueObjectPurgesStatement } from "../../db/queries/files";
import { auditLog, companies } from "../../db/schema";
import type { OperationContext } from "../context";
import { requestObjectPurge } from "../files/purge-stored-objects";
import { requireSandboxCompany } from "./require-company";

export interface ResetReceipt {
  companyId: string;
  lifecycle: "sandbox";
  resetAt: string;
  receiptId: string;
}

/**
 * Serialized in the company object. Clears application data, keeps configuration, access and the audit
 * log, restarts sequence counters, and commits the audit receipt in the same batch (interface, States).
 * The stored objects of the files it removes are queued in that batch and deleted in the background.
 */
export async function resetCompany(ctx: OperationContext): Promise<ResetReceipt> {
  const { db, companyId } = ctx;
  await requireSandboxCompany(ctx, "Reset");
  const resetAt = ctx.now.toISOString();
  const receiptId = crypto.randomUUID();
  // The lifecycle guard repeats inside every statement: a backstop should anything bypass the queue.
  const stillSandbox = exists(
    db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, companyId), eq(companies.lifecycle, "sandbox"))),
  );
  const wipes = APPLICATION_TABLES.map((table) =>
    db.delete(table).where(and(eq(table.companyId, companyId), stillSandbox)),
  );
  const receipt = db.insert(auditLog).values({
    id: receiptId,
    companyId,
    kind: "receipt",
    requestId: ctx.requestId,
    keyId: ctx.actor.keyId,
    actor: ctx.actor.kind,
    action: "resetCompany",
    method: ctx.method,
    path: ctx.path,
    status: 200,
    durationMs: 0,
    batchId: ctx.batchId,
    detail: { tablesCleared: APPLICATION_TABLES.map((table) => getTableName(table)) },
    createdAt: resetAt,
  });
  // R2 cannot join a D1 batch: the files' objects are queued in it, before their rows go, and purged after.
  const queuePurges = queueObjectPurgesStatement(db, companyId, stillSandbox, resetAt);
  await db.batch([receipt, queuePurges, ...wipes]);
  await requestObjectPurge(ctx);
  return { companyId, lifecycle: "sandbox", resetAt, receiptId };
}
