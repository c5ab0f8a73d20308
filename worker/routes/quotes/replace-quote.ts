import { z } from "@hono/zod-openapi";
import { companyObject } from "../../company-object";
import { VALUE_BOUNDS } from "../../domain/entities/value-reading";
import { defineRoute } from "../../http/registry";
import { companyRoute, contextOf, jsonBody, jsonContent, notFoundResponse } from "../../http/route";
import { fieldValues } from "../../lib/bounded";
import { QUOTE_SHAPE } from "./get-quote";
import { BatchIdMember, errorAnswer, QuoteSchema, quoteParams } from "./schemas";

const ReplaceBody = z
  .strictObject({
    quote: fieldValues().openapi({ description: "Every field value the quote keeps." }),
    exposures: z
      .array(fieldValues())
      .max(VALUE_BOUNDS.embeddedExposures)
      .openapi({ description: "The whole list of embedded exposures." }),
    batchId: BatchIdMember,
  })
  .openapi("QuoteReplacement");

const DESCRIPTION = [
  "Replaces the quote's whole field bag and its exposures: a field absent from `quote` is cleared (the quote " +
    "platform fields included), except Sequence, Calculated and read-only fields, which keep their stored values " +
    "(resending them unchanged is accepted); `exposures` replaces the list whole; required quote fields are " +
    "enforced (400 `InvalidFieldModelV1Data`); `updatedAt` advances. Clearing a field of a write group the key " +
    "lacks refuses the whole write (403 `field-write-permission-required`).",
  "A lifecycle field (`quoteType`, `quoteStatus`, `quoteNumber`, `quoteBindErrors`, `quoteSubmissionId`) in " +
    "`quote`, whatever its value, is 400 `QuoteLifecycleFieldWrite` with one `details` entry per field. A " +
    "`bound` or `cancelled` quote is 409 `QuoteNotEditable`, before any field check. A data change of a " +
    "`complete` quote sets it back to `inProgress`. Serialized per company.",
  QUOTE_SHAPE,
].join("\n\n");

export const replaceQuote = defineRoute(
  companyRoute("X", "quote.edit", {
    method: "put",
    path: "/quotes/{quoteId}",
    operationId: "replaceQuoteX",
    tags: ["Quotes"],
    summary: "Replace a quote's field values and exposures",
    description: DESCRIPTION,
    request: { params: quoteParams, body: jsonBody(ReplaceBody) },
    responses: {
      200: jsonContent(QuoteSchema, "The quote after the replacement."),
      400: errorAnswer(
        "`VALIDATION_ERROR` (body shape), `QuoteLifecycleFieldWrite`, `InvalidFieldModelV1Data`, " +
          "`InvalidEntityShape` or `GeneratedFieldWrite`.",
      ),
      ...notFoundResponse,
      409: errorAnswer("`QuoteNotEditable`: the quote is bound or cancelled."),
    },
  }),
  async (c) => {
    const { quote, exposures } = c.req.valid("json");
    const quoteId = c.req.valid("param").quoteId;
    return c.json(await companyObject(contextOf(c)).replaceQuote({ quoteId, quote, exposures }), 200);
  },
);
