import { started } from "../../lib/started";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { evaluateQuoteRules, persistedSubject, submissionReadOfQuote } from "./bind-evaluation";
import { invoicingSettings } from "./bind-invoicing";
import { requireQuote } from "./quote-state";

/**
 * `GET P/quotes/{quoteId}/bind-conditions` (CONTRACT 5.6): every bind rule on the persisted quote, failures
 * and advisories apart; a precondition that reads the clock is listed as a failure (it is evaluated when
 * binding). Changes nothing.
 */
export async function readBindConditions(ctx: OperationContext, input: { quoteId: string }) {
  const configuration = (await configurationOf(ctx)).document;
  const settings = started(invoicingSettings(ctx, configuration));
  const quoteRead = started(requireQuote(ctx, input.quoteId));
  // The quote's submission by the quote's id, in the quote's round trip.
  const submissionRead = submissionReadOfQuote(ctx, input.quoteId);
  const quote = await quoteRead();
  const subject = persistedSubject(configuration, quote, await submissionRead(quote));
  const { failures, advisories } = await evaluateQuoteRules(ctx, configuration, subject, {
    mode: "conditions",
    settings: await settings(),
  });
  return { quoteId: quote.row.id, failures, advisories };
}
