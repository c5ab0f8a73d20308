import { runBatch } from "../../db/queries/batch";
import type { JsonObject } from "../../lib/json";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { finishValues } from "../entities/write-pipeline/plan-values";
import { planQuoteCreation, quoteCreationStatements } from "./quote-creation";

/**
 * Serialized in the company object. The generic quote create (`POST P/entities/quote`): an `inProgress`
 * quote numbered within its submission, whose status is recomputed (`quoted`), in one batch.
 */
export async function createQuote(ctx: OperationContext, input: { body: JsonObject }): Promise<{ id: string }> {
  const configuration = (await configurationOf(ctx)).document;
  const creation = await planQuoteCreation(ctx, configuration, input.body);
  const values = await finishValues(ctx, creation.recordType, creation.values, creation.pending);
  const { row, statements } = await quoteCreationStatements(ctx, creation, { values, status: "inProgress" });
  await runBatch(ctx.db, statements);
  return { id: row.id };
}
