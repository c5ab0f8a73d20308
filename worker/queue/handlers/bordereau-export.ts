import { z } from "zod";
import { logEvent } from "../../lib/log";
import { writeExportChunk } from "../../operations/bordereau/write-export-chunk";
import { operationContext, PLATFORM_ACTOR } from "../../operations/context";
import type { BackgroundHandler } from "../consumer";

/** The caller's OAuth token travels in the message only (it is stored nowhere). */
const PayloadSchema = z.object({ exportId: z.string(), chunkIndex: z.number().int().min(0), accessToken: z.string() });

/** One chunk of a bordereau export to Google Sheets (message type `bordereau.export-chunk`). */
export const handleBordereauExportChunk: BackgroundHandler = async (message, env) => {
  const payload = PayloadSchema.safeParse(message.payload);
  if (!payload.success) {
    // Retrying cannot fix a malformed message.
    logEvent("malformed-bordereau-export-chunk", { messageId: message.messageId });
    return;
  }
  const ctx = operationContext(env, {
    companyId: message.companyId,
    actor: PLATFORM_ACTOR,
    requestId: message.messageId,
    method: "QUEUE",
    path: message.type,
    batchId: null,
  });
  await writeExportChunk(ctx, payload.data);
};
