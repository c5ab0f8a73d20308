import { quoteTransition } from "../../domain/quotes/lifecycle";
import { bindConditionsFailed, invalidLifecycleTransition } from "../../errors/quote-refusals";
import { started } from "../../lib/started";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { evaluateQuoteRules, persistedSubject, quoteWithSubmission } from "./bind-evaluation";
import { invoicingSettings } from "./bind-invoicing";
import { type QuoteView, quoteView, saveQuoteStatement } from "./quote-state";

/**
 * Serialized in the company object. Completes an `inProgress` quote (CONTRACT 5.3) when the bind rules
 * pass, `policy-data` excepted (clock-reading preconditions are evaluated now); a failing rule is 409
 * `BindConditionsFailed` and leaves `quoteBindErrors` as it was.
 */
export async function completeQuote(ctx: OperationContext, input: { quoteId: string }): Promise<QuoteView> {
  const configuration = (await configurationOf(ctx)).document;
  const settings = started(invoicingSettings(ctx, configuration));
  const { quote, submission } = await quoteWithSubmission(ctx, input.quoteId);
  const to = quoteTransition(quote.status, "complete");
  if (!to) throw invalidLifecycleTransition("quote", quote.status, "complete");
  const subject = persistedSubject(configuration, quote, submission);
  const { failures } = await evaluateQuoteRules(ctx, configuration, subject, {
    mode: "complete",
    settings: await settings(),
  });
  if (failures.length) throw bindConditionsFailed(failures, "complete");
  const saved = saveQuoteStatement(ctx, quote.row, { ...quote.row.data, quoteStatus: to }, ctx.now.toISOString());
  await saved.statement;
  return quoteView(configuration, { ...quote, row: saved.row, status: to });
}
