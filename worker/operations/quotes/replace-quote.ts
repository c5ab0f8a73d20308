import { entityRecordType } from "../../domain/entities/record-type";
import { emptyRequiredFields } from "../../domain/quotes/bind-rules";
import { afterQuoteEdit } from "../../domain/quotes/lifecycle";
import { lifecycleWriteRefusal, withoutLifecycleFields } from "../../domain/quotes/lifecycle-fields";
import { replacementBody, withoutUnknownMembers } from "../../domain/quotes/replacement";
import { invalidData } from "../../errors/entity-refusals";
import { lifecycleWriteError } from "../../errors/quote-refusals";
import type { JsonObject } from "../../lib/json";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { refuseLockedFields } from "../entities/write-group-check";
import { finishValues, planValues } from "../entities/write-pipeline/plan-values";
import { type QuoteView, quoteView, refuseUnlessEditable, requireQuote, saveQuoteStatement } from "./quote-state";

export interface ReplaceQuoteInput {
  quoteId: string;
  quote: JsonObject;
  exposures: unknown[];
}

/**
 * Serialized in the company object. `PUT X/quotes/{quoteId}` (CONTRACT 5.2): replaces the whole field bag
 * except the lifecycle fields (naming one is 400 `QuoteLifecycleFieldWrite`, whatever its value) and the
 * exposures; required quote fields are enforced; `updatedAt` advances. Answers the Quote.
 */
export async function replaceQuote(ctx: OperationContext, input: ReplaceQuoteInput): Promise<QuoteView> {
  const configuration = (await configurationOf(ctx)).document;
  const recordType = entityRecordType(configuration, "quote");
  const quote = await requireQuote(ctx, input.quoteId);
  refuseUnlessEditable(quote);
  const stored = quote.row.data;
  const lifecycle = lifecycleWriteRefusal(input.quote, stored, true);
  const values = withoutLifecycleFields(input.quote);
  const misplacedExposures = Object.hasOwn(values, "exposures");
  if (lifecycle || misplacedExposures) {
    // 403 first (CONTRACT 5.2), counting the locked fields the replacement would clear.
    const { exposures: _, ...quoteValues } = values;
    const replacement = replacementBody(recordType.fields, stored, quoteValues, input.exposures);
    refuseLockedFields(ctx, recordType, configuration, replacement, stored);
    if (lifecycle) throw lifecycleWriteError(lifecycle);
    throw invalidData([{ path: "quote.exposures", problem: "is not a quote field; send the list as exposures" }]);
  }

  const body = replacementBody(recordType.fields, stored, values, input.exposures);
  const planned = await planValues(ctx, { recordType, configuration, body, existing: stored });
  const finished = withoutUnknownMembers(recordType.fields, await finishValues(ctx, recordType, planned.data, planned));
  const missing = emptyRequiredFields({ values: finished, quoteFields: recordType.fields, exposureFields: [] });
  if (missing.length) throw invalidData(missing.map((path) => ({ path, problem: "is required" })));
  const data = afterQuoteEdit(stored, finished, body);
  const saved = saveQuoteStatement(ctx, quote.row, data, ctx.now.toISOString());
  await saved.statement;
  return quoteView(configuration, { ...quote, row: saved.row });
}
