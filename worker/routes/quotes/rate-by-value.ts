import { z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonBody, jsonContent } from "../../http/route";
import { fieldValues } from "../../lib/bounded";
import { rateByValue } from "../../operations/quotes/rate-by-value";
import { RATING_RULES } from "./rate-quote";
import { BatchIdMember, errorAnswer, RatingSchema, WorkflowNameMember } from "./schemas";

const RateByValueBody = z
  .strictObject({
    ratingWorkflowName: WorkflowNameMember,
    quote: fieldValues().openapi({
      description: "Quote field values by referenceId, with optional `exposures`; read as a PUT `quote`.",
    }),
    batchId: BatchIdMember,
  })
  .openapi("RateByValueRequest");

const DESCRIPTION = [
  "Rates quote values that are not stored; nothing is written and the answer's `quoteId` is null. `quote` is " +
    "read as a PUT `quote`: an unknown key or a bad value is 400 `InvalidFieldModelV1Data`, a lifecycle field 400 " +
    "`QuoteLifecycleFieldWrite`; required fields are not enforced and, since nothing is written, write groups do " +
    "not apply. As a PUT derives them, calculated fields, and the computed defaults and calculated fields of " +
    "the embedded `exposures` sent, are computed before the rate.",
  RATING_RULES,
].join("\n\n");

export const rateQuoteByValue = defineRoute(
  companyRoute(
    "P",
    "quote.rate",
    {
      method: "post",
      path: "/quotes/rate",
      operationId: "rateQuoteByValue",
      tags: ["Quotes"],
      summary: "Rate quote values without storing them",
      description: DESCRIPTION,
      request: { params: companyParams(), body: jsonBody(RateByValueBody) },
      responses: {
        200: jsonContent(RatingSchema, "The rating (`quoteId: null`)."),
        400: errorAnswer(
          "`VALIDATION_ERROR` (body, workflow name), `InvalidFieldModelV1Data` or `QuoteLifecycleFieldWrite`.",
        ),
        422: errorAnswer("`RatingPreconditionFailed` or `RatingFailed`."),
      },
    },
    { readOnly: true },
  ),
  async (c) => {
    const { ratingWorkflowName, quote } = c.req.valid("json");
    return c.json(await rateByValue(contextOf(c), { ratingWorkflowName, quote }), 200);
  },
);
