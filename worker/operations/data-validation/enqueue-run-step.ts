import type { OperationContext } from "../context";

/** Queue message type of one step of a run (payload `{runId, step, requestId}`). */
export const RUN_STEP_MESSAGE = "data-validation.run-step";

/** The producer-generated message id: one per run step, so a re-sent step is recognisably the same. */
const runStepMessageId = (runId: string, step: number) => `${runId}:${step}`;

/**
 * Queues step `step` of a run. The message carries what the step's call needs: the company, and the
 * request that started the run (every step of a run keeps it, so its log lines can be followed).
 */
export async function enqueueRunStep(ctx: OperationContext, runId: string, step: number): Promise<void> {
  await ctx.env.BACKGROUND.send({
    type: RUN_STEP_MESSAGE,
    messageId: runStepMessageId(runId, step),
    companyId: ctx.companyId,
    payload: { runId, step, requestId: ctx.requestId },
  });
}
