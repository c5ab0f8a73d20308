import { z } from "@hono/zod-openapi";
import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, jsonContent, notFoundResponse, validationErrorResponse } from "../../http/route";
import { EntitySchema } from "../entities/schemas";
import { BatchIdMember, errorAnswer, SUBMISSION_LIFECYCLE, submissionParams } from "./schemas";

const CloseBody = z
  .strictObject({
    reason: z.string().min(1).max(100).optional(),
    explanation: z.string().min(1).max(2000).optional(),
    batchId: BatchIdMember,
  })
  .openapi("CloseSubmissionRequest");

const DESCRIPTION = [
  "Closes a submission that is not closed (`bound` included). In one atomic write every `inProgress` or " +
    "`complete` quote of it becomes `cancelled` (bound quotes and their policies are untouched), its status " +
    "becomes `closed`, and `submissionCloseReason`, `submissionCloseExplanation` (each null when not given) and " +
    "`submissionClosedAt` are stamped. A closed submission is 409 `InvalidLifecycleTransition`. `reason` is 1 to " +
    "100 characters, `explanation` 1 to 2000; anything else is 400 `VALIDATION_ERROR` and nothing changes. The " +
    "body may be omitted. Serialized per company.",
  SUBMISSION_LIFECYCLE,
].join("\n\n");

export const closeSubmission = defineRoute(
  companyRoute("P", "submission.close", {
    method: "post",
    path: "/submissions/{submissionId}/close",
    operationId: "closeSubmission",
    tags: ["Submissions"],
    summary: "Close a submission",
    description: DESCRIPTION,
    request: {
      params: submissionParams,
      body: { required: false, content: { "application/json": { schema: CloseBody } } },
    },
    responses: {
      200: jsonContent(EntitySchema, "The submission, in the entity read shape."),
      ...validationErrorResponse,
      ...notFoundResponse,
      409: errorAnswer("`InvalidLifecycleTransition`: the submission is already closed."),
    },
  }),
  async (c) => {
    const { reason, explanation } = c.req.valid("json") ?? {};
    const submissionId = c.req.valid("param").submissionId;
    const input = { submissionId, ...(reason ? { reason } : {}), ...(explanation ? { explanation } : {}) };
    return c.json(await companyObject(contextOf(c)).closeSubmission(input), 200);
  },
);
