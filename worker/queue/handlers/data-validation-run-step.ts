import { z } from "zod";
import { logEvent } from "../../lib/log";
import { type Call, operationContext, PLATFORM_ACTOR } from "../../operations/context";
import { runDataValidationStep } from "../../operations/data-validation/run-step";
import type { BackgroundHandler } from "../consumer";

const PayloadSchema = z.object({
  runId: z.string(),
  step: z.number().int().min(0),
  // Messages queued before steps carried it have none; their message id stands in.
  requestId: z.string().optional(),
});

/** A step delivered before the previous one committed; throwing makes the queue deliver it again later. */
class RunStepNotReady extends Error {}

/** One step of a background data-validation run (message type `data-validation.run-step`). */
export const handleDataValidationRunStep: BackgroundHandler = async (message, env) => {
  const payload = PayloadSchema.safeParse(message.payload);
  if (!payload.success) {
    // Retrying cannot fix a malformed message.
    logEvent("malformed-data-validation-step", { messageId: message.messageId });
    return;
  }
  const { runId, step, requestId } = payload.data;
  // The platform does the work for the company; the call keeps the id of the request that started the run.
  const call: Call = {
    companyId: message.companyId,
    actor: PLATFORM_ACTOR,
    requestId: requestId ?? message.messageId,
    method: "QUEUE",
    path: message.type,
    batchId: null,
  };
  const outcome = await runDataValidationStep(operationContext(env, call), { runId, step });
  if (outcome.status === "not-ready") {
    throw new RunStepNotReady(
      `Step ${step} of data-validation run ${runId} arrived before step ${outcome.currentStep} committed`,
    );
  }
};
