import { companyObject } from "../../company-object";
import { defineRoute } from "../../http/registry";
import {
  companyRoute,
  contextOf,
  jsonContent,
  NoBody,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { errorAnswer, QuoteSchema, quoteParams } from "./schemas";

const DESCRIPTION =
  "Cancels an `inProgress` or `complete` quote; its submission's status is recomputed in the same write " +
  "(`bound` when a quote of it is bound, else `quoted` while an `inProgress` or `complete` quote remains, else " +
  "its last intake status; a closed submission stays closed). A `bound` or `cancelled` quote is 409 " +
  "`InvalidLifecycleTransition`. No body, `{}` or `{batchId}`. Serialized per company.";

export const cancelQuote = defineRoute(
  companyRoute("P", "quote.cancel", {
    method: "post",
    path: "/quotes/{quoteId}/cancel",
    operationId: "cancelQuote",
    tags: ["Quotes"],
    summary: "Cancel a quote",
    description: DESCRIPTION,
    request: { params: quoteParams, body: NoBody },
    responses: {
      200: jsonContent(QuoteSchema, "The quote, now `cancelled`."),
      ...validationErrorResponse,
      ...notFoundResponse,
      409: errorAnswer("`InvalidLifecycleTransition`: the quote is bound or cancelled."),
    },
  }),
  async (c) => c.json(await companyObject(contextOf(c)).cancelQuote({ quoteId: c.req.valid("param").quoteId }), 200),
);
