import type { JsonObject } from "../../lib/json";
import { runClaimingBatch, withSequenceClaims } from "../company/owned-sequences";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { finishValues } from "../entities/write-pipeline/plan-values";
import { planQuoteCreation, quoteCreationStatements } from "./quote-creation";

/**
 * Serialized in the company object. The generic quote create (`POST P/entities/quote`): an `inProgress`
 * quote numbered within its submission, whose status is recomputed (`quoted`), in one batch, which claims the
 * counters' values (a new submission's number, Sequence fields) where the object knows them.
 */
export function createQuote(ctx: OperationContext, input: { body: JsonObject }): Promise<{ id: string }> {
  return withSequenceClaims(ctx, async (claims) => {
    const configuration = (await configurationOf(ctx)).document;
    const creation = await planQuoteCreation(ctx, configuration, input.body, claims);
    const values = await finishValues(ctx, creation.recordType, creation.values, creation.pending, claims);
    const { row, statements } = await quoteCreationStatements(ctx, creation, { values, status: "inProgress" });
    await runClaimingBatch(ctx, claims, statements);
    return { id: row.id };
  });
}
