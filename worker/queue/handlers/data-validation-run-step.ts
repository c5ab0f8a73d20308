import { z } from "zod";
import { processRunStep } from "../../operations/data-validation/run-step";
import type { BackgroundHandler } from "../consumer";

const PayloadSchema = z.object({ runId: z.string(), step: z.number().int().min(0) });

/** One step of a background data-validation run (message type `data-validation.run-step`). */
export const handleDataValidationRunStep: BackgroundHandler = async (message, env) => {
  const payload = PayloadSchema.safeParse(message.payload);
  if (!payload.success) {
    // Retrying cannot fix a malformed message.
    console.error(JSON.stringify({ malformedDataValidationStep: message.messageId }));
    return;
  }
  await processRunStep(env, message.companyId, payload.data.runId, payload.data.step);
};
