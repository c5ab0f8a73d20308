import { started } from "../../lib/started";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { evaluateQuoteRules, persistedSubject, quoteWithSubmission } from "./bind-evaluation";
import { invoicingSettings } from "./bind-invoicing";

/**
 * `GET P/quotes/{quoteId}/bind-conditions` (CONTRACT 5.6): every bind rule on the persisted quote, failures
 * and advisories apart; a precondition that reads the clock is listed as a failure (it is evaluated when
 * binding). Changes nothing.
 */
export async function readBindConditions(ctx: OperationContext, input: { quoteId: string }) {
  const configuration = (await configurationOf(ctx)).document;
  const settings = started(invoicingSettings(ctx, configuration));
  const { quote, submission } = await quoteWithSubmission(ctx, input.quoteId);
  const subject = persistedSubject(configuration, quote, submission);
  const { failures, advisories } = await evaluateQuoteRules(ctx, configuration, subject, {
    mode: "conditions",
    settings: await settings(),
  });
  // The answer's failures are {rule, message} (CONTRACT 5.6); user messages belong to a refusal.
  return { quoteId: quote.row.id, failures: failures.map(({ rule, message }) => ({ rule, message })), advisories };
}
