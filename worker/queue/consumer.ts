import { EXPORT_CHUNK_MESSAGE } from "../domain/bordereau/export-plan";
import type { BackgroundMessage, Env } from "../env";
import { logEvent, logFailure } from "../lib/log";
import { AUDIT_ROWS_MESSAGE } from "../operations/audit/write-audit-rows";
import { RUN_STEP_MESSAGE } from "../operations/data-validation/enqueue-run-step";
import { PURGE_OBJECTS_MESSAGE } from "../operations/files/purge-stored-objects";
import { BILL_REVIEW_MESSAGE } from "../operations/financials/bill-review-queue";
import { handleAuditRows } from "./handlers/audit-rows";
import { handleBillReview } from "./handlers/bill-review";
import { handleBordereauExportChunk } from "./handlers/bordereau-export";
import { handleDataValidationRunStep } from "./handlers/data-validation-run-step";
import { handleFileObjectPurge } from "./handlers/file-object-purge";

/** A background job handler. Must be idempotent: queue delivery is at least once. */
export type BackgroundHandler = (message: BackgroundMessage, env: Env) => Promise<void>;

/** Handlers by message `type`; areas that queue work register theirs here. */
export const BACKGROUND_HANDLERS: Record<string, BackgroundHandler> = {
  [RUN_STEP_MESSAGE]: handleDataValidationRunStep,
  [EXPORT_CHUNK_MESSAGE]: handleBordereauExportChunk,
  [PURGE_OBJECTS_MESSAGE]: handleFileObjectPurge,
  [BILL_REVIEW_MESSAGE]: handleBillReview,
  [AUDIT_ROWS_MESSAGE]: handleAuditRows,
};

const RETRY_BASE_SECONDS = 5;

/** Acks or retries each message on its own, with exponential backoff. */
export async function consumeBackground(batch: MessageBatch<BackgroundMessage>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const handler = BACKGROUND_HANDLERS[message.body.type];
    if (!handler) {
      logEvent("unknown-background-message", { type: message.body.type, messageId: message.body.messageId });
      message.ack();
      continue;
    }
    try {
      await handler(message.body, env);
      message.ack();
    } catch (err) {
      logFailure("background-failure", err, { type: message.body.type, messageId: message.body.messageId });
      message.retry({ delaySeconds: RETRY_BASE_SECONDS * 2 ** (message.attempts - 1) });
    }
  }
}
