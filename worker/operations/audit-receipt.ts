import type { ReceiptRow } from "../db/queries/audit-log";
import type { OperationContext } from "./context";

/**
 * An audit receipt of the calling request: the row a change commits in its own D1 batch (kind `receipt`),
 * so the log says what changed exactly when it changed (interface, Authentication 12; States: reset).
 * Carries the request's `batchId`, so a client finds it under its batch.
 */
export function auditReceipt(ctx: OperationContext, action: string): ReceiptRow {
  return {
    id: crypto.randomUUID(),
    companyId: ctx.companyId,
    requestId: ctx.requestId,
    keyId: ctx.actor.keyId,
    actor: ctx.actor.kind,
    action,
    method: ctx.method,
    path: ctx.path,
    batchId: ctx.batchId,
    createdAt: ctx.now.toISOString(),
  };
}
