import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../worker/index";

/** The background queue's name in wrangler.toml. */
export const BACKGROUND_QUEUE = "insurance-operations-background";

/** Delivers messages to the worker's queue handler as the queue would, and reports what it acked. */
export async function deliver(messages: Array<{ body: unknown; attempts?: number }>) {
  const delivered = createMessageBatch(
    BACKGROUND_QUEUE,
    messages.map((m, i) => ({
      id: `test-${crypto.randomUUID()}-${i}`,
      timestamp: new Date(),
      attempts: m.attempts ?? 1,
      body: m.body,
    })),
  );
  const ctx = createExecutionContext();
  await worker.queue(delivered as MessageBatch<any>, env);
  return getQueueResult(delivered, ctx);
}
