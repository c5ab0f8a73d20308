import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { type QuoteView, quoteView, requireQuote } from "./quote-state";

/** `GET P/quotes/{quoteId}`: the Quote resource (CONTRACT 5.2); an unknown id, or another company's, is 404. */
export async function readQuote(ctx: OperationContext, input: { quoteId: string }): Promise<QuoteView> {
  const [configuration, quote] = await Promise.all([configurationOf(ctx), requireQuote(ctx, input.quoteId)]);
  return quoteView(configuration.document, quote);
}
