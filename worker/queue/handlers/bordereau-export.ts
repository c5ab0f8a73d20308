import { z } from "zod";
import { writeExportChunk } from "../../operations/bordereau/write-export-chunk";
import type { BackgroundHandler } from "../consumer";

const PayloadSchema = z.object({ exportId: z.string(), chunkIndex: z.number().int().min(0) });

/** One chunk of a bordereau export to Google Sheets (message type `bordereau.export-chunk`). */
export const handleBordereauExportChunk: BackgroundHandler = async (message, env) => {
  const payload = PayloadSchema.safeParse(message.payload);
  if (!payload.success) {
    // Retrying cannot fix a malformed message.
    console.error(JSON.stringify({ malformedBordereauExportChunk: message.messageId }));
    return;
  }
  await writeExportChunk(env, message.companyId, payload.data.exportId, payload.data.chunkIndex);
};
