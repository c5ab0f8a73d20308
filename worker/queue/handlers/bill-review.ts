import { companyObject } from "../../company-object";
import { type Call, operationContext, PLATFORM_ACTOR } from "../../operations/context";
import type { BackgroundHandler } from "../consumer";

/**
 * Bill review runs of a company (message type `financials.bill-review`): the company object judges
 * whatever is queued, so a message delivered twice, or one per run, still gives one result per run.
 */
export const handleBillReview: BackgroundHandler = async (message, env) => {
  const requestId = typeof message.payload.requestId === "string" ? message.payload.requestId : message.messageId;
  const call: Call = {
    companyId: message.companyId,
    actor: PLATFORM_ACTOR,
    requestId,
    method: "QUEUE",
    path: message.type,
    batchId: null,
  };
  await companyObject(operationContext(env, call)).judgeBillReviews();
};
