import { z } from "@hono/zod-openapi";
import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, jsonContent, notFoundResponse, validationErrorResponse } from "../../http/route";
import { EntitySchema } from "../entities/schemas";
import { BatchIdMember, errorAnswer, SUBMISSION_LIFECYCLE, submissionParams } from "./schemas";

const DESCRIPTION = [
  "Reopens a closed submission: its status is recomputed from its live quotes (`bound` when one is bound, else " +
    "`quoted` while one is `inProgress` or `complete`, else the last intake status it held) and the close stamps " +
    "are cleared; quotes the close cancelled stay cancelled. A submission that is not closed is 409 " +
    "`InvalidLifecycleTransition`. No body, `{}` or `{batchId}`. Serialized per company.",
  SUBMISSION_LIFECYCLE,
].join("\n\n");

export const reopenSubmission = defineRoute(
  companyRoute("P", "submission.reopen", {
    method: "post",
    path: "/submissions/{submissionId}/reopen",
    operationId: "reopenSubmission",
    tags: ["Submissions"],
    summary: "Reopen a closed submission",
    description: DESCRIPTION,
    request: {
      params: submissionParams,
      body: {
        required: false,
        content: { "application/json": { schema: z.strictObject({ batchId: BatchIdMember }) } },
      },
    },
    responses: {
      200: jsonContent(EntitySchema, "The submission, in the entity read shape."),
      ...validationErrorResponse,
      ...notFoundResponse,
      409: errorAnswer("`InvalidLifecycleTransition`: the submission is not closed."),
    },
  }),
  async (c) => {
    const submissionId = c.req.valid("param").submissionId;
    return c.json(await companyObject(contextOf(c)).reopenSubmission({ submissionId }), 200);
  },
);
