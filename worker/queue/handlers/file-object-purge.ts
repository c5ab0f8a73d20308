import type { Call } from "../../operations/context";
import { operationContext, PLATFORM_ACTOR } from "../../operations/context";
import { purgeStoredObjects, requestObjectPurge } from "../../operations/files/purge-stored-objects";
import type { BackgroundHandler } from "../consumer";

/**
 * Deletes a company's queued stored objects (message type `files.purge-objects`). Idempotent: it works from
 * the queue rows, so a duplicate message finds less or nothing to do; a large backlog continues in a new
 * message.
 */
export const handleFileObjectPurge: BackgroundHandler = async (message, env) => {
  const call: Call = {
    companyId: message.companyId,
    actor: PLATFORM_ACTOR,
    requestId: message.messageId,
    method: "QUEUE",
    path: message.type,
    batchId: null,
  };
  const ctx = operationContext(env, call);
  const { more } = await purgeStoredObjects(ctx);
  if (more) await requestObjectPurge({ ...ctx, requestId: `${message.messageId}+` });
};
