import type { OperationContext } from "../context";

/** Queue message type that has the company object judge the company's queued bill review runs. */
export const BILL_REVIEW_MESSAGE = "financials.bill-review";

/**
 * Asks for the company's queued runs to be judged. Delivery is at least once and every delivery judges
 * whatever is still queued, so a message delivered twice judges each run once.
 */
export async function enqueueBillReviews(ctx: OperationContext, reason: string): Promise<void> {
  await ctx.env.BACKGROUND.send({
    type: BILL_REVIEW_MESSAGE,
    messageId: `${ctx.companyId}:${reason}`,
    companyId: ctx.companyId,
    payload: { requestId: ctx.requestId },
  });
}
