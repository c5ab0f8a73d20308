import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { evaluateQuoteRules, persistedSubject } from "./bind-evaluation";
import { requireQuote } from "./quote-state";

/**
 * `GET P/quotes/{quoteId}/bind-conditions` (CONTRACT 5.6): every bind rule on the persisted quote, failures
 * and advisories apart; a precondition that reads the clock is listed as a failure (it is evaluated when
 * binding). Changes nothing.
 */
export async function readBindConditions(ctx: OperationContext, input: { quoteId: string }) {
  const configuration = (await configurationOf(ctx)).document;
  const quote = await requireQuote(ctx, input.quoteId);
  const subject = await persistedSubject(ctx, configuration, quote);
  const { failures, advisories } = await evaluateQuoteRules(ctx, configuration, subject, { mode: "conditions" });
  return { quoteId: quote.row.id, failures, advisories };
}
