import { listQuotes } from "../../db/queries/quotes";
import type { ConfigurationDocument } from "../../domain/configuration/document";
import { fullLegacyQuote, type LegacySource, lightweightLegacyQuote } from "../../domain/quotes/legacy";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { type Quote, quoteOf, quoteValues, requireQuote } from "./quote-state";

/** The oldest family's objects (CONTRACT 5.7) read from the current quote. */
const sourceOf = (configuration: ConfigurationDocument, quote: Quote): LegacySource => ({
  id: quote.row.id,
  submissionId: quote.submissionId,
  policyId: quote.policyId,
  data: quoteValues(configuration, quote.row),
  createdAt: quote.row.createdAt,
  updatedAt: quote.row.updatedAt,
});

type FullQuote = ReturnType<typeof fullLegacyQuote>;
type QuoteInfo = ReturnType<typeof lightweightLegacyQuote>;
interface ListInput {
  limit: number;
  offset: number;
}

/** `GET O/quotes` (full) and `GET O/quotes-info` (lightweight): a page of quotes, newest first. */
export async function listLegacyQuotes(
  ctx: OperationContext,
  input: ListInput & { shape: "full" },
): Promise<{ items: FullQuote[]; totalCount: number }>;
export async function listLegacyQuotes(
  ctx: OperationContext,
  input: ListInput & { shape: "lightweight" },
): Promise<{ items: QuoteInfo[]; totalCount: number }>;
export async function listLegacyQuotes(ctx: OperationContext, input: ListInput & { shape: "full" | "lightweight" }) {
  const [configuration, page] = await Promise.all([
    configurationOf(ctx),
    listQuotes(ctx.db, ctx.companyId, input.limit, input.offset),
  ]);
  const sources = page.items.map((stored) => sourceOf(configuration.document, quoteOf(stored)));
  const items = input.shape === "full" ? sources.map(fullLegacyQuote) : sources.map(lightweightLegacyQuote);
  return { items, totalCount: page.totalCount };
}

/** `GET O/quotes/{quoteId}`: the legacy full quote. */
export async function readLegacyQuote(ctx: OperationContext, input: { quoteId: string }) {
  const [configuration, quote] = await Promise.all([configurationOf(ctx), requireQuote(ctx, input.quoteId)]);
  return fullLegacyQuote(sourceOf(configuration.document, quote));
}
