import { entityRecordType } from "../../domain/entities/record-type";
import { afterQuoteEdit } from "../../domain/quotes/lifecycle";
import { lifecycleWriteRefusal, withoutLifecycleFields } from "../../domain/quotes/lifecycle-fields";
import { lifecycleWriteError } from "../../errors/quote-refusals";
import type { JsonObject } from "../../lib/json";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { type EntityView, entityView } from "../entities/entity-view";
import { refuseLockedFields } from "../entities/write-group-check";
import { finishValues, planValues } from "../entities/write-pipeline/plan-values";
import { refuseUnlessEditable, requireQuote, saveQuoteStatement } from "./quote-state";

export interface UpdateQuoteInput {
  quoteId: string;
  body: JsonObject;
}

/**
 * Serialized in the company object. The generic quote PATCH (CONTRACT 5.2): a bound or cancelled quote is
 * 409 `QuoteNotEditable` before anything else; lifecycle fields may only be resent; then the record write
 * rules. A data change of a `complete` quote sets it back to `inProgress`; a pricing change without a
 * rating result clears the stored one. Answers the entity read shape.
 */
export async function updateQuote(ctx: OperationContext, input: UpdateQuoteInput): Promise<EntityView> {
  const configuration = (await configurationOf(ctx)).document;
  const recordType = entityRecordType(configuration, "quote");
  const quote = await requireQuote(ctx, input.quoteId);
  refuseUnlessEditable(quote);
  const stored = quote.row.data;
  const lifecycle = lifecycleWriteRefusal(input.body, stored);
  const body = withoutLifecycleFields(input.body);
  if (lifecycle) {
    refuseLockedFields(ctx, recordType, configuration, body, stored);
    throw lifecycleWriteError(lifecycle);
  }
  const planned = await planValues(ctx, { recordType, configuration, body, existing: stored });
  const data = afterQuoteEdit(stored, await finishValues(ctx, recordType, planned.data, planned), body);
  const saved = saveQuoteStatement(ctx, quote.row, data, ctx.now.toISOString());
  await saved.statement;
  return entityView(configuration, recordType, saved.row);
}
