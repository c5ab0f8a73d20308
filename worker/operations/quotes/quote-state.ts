import { type EntityRow, updateEntityStatement } from "../../db/queries/entities";
import { findQuote, type StoredQuote } from "../../db/queries/quotes";
import type { ConfigurationDocument } from "../../domain/configuration/document";
import { presentRecord } from "../../domain/entities/present-record";
import type { RecordType } from "../../domain/entities/record-type";
import { entityRecordType } from "../../domain/entities/record-type";
import { sequenceText } from "../../domain/entities/sequence-text";
import { type QuoteStatus, quoteStatusOf } from "../../domain/quotes/lifecycle";
import { notFound } from "../../errors/api-error";
import { quoteNotEditable } from "../../errors/quote-refusals";
import type { JsonObject } from "../../lib/json";
import type { SequenceClaims } from "../company/owned-sequences";
import type { OperationContext } from "../context";

/** A stored quote as the lifecycle reads it. */
export interface Quote {
  row: EntityRow;
  status: QuoteStatus;
  /** Null only for quotes written before the lifecycle existed. */
  submissionId: string | null;
  policyId: string | null;
  system: { ratingWorkflowName: string | null; ratedAt: string | null };
}

export function quoteOf(stored: StoredQuote): Quote {
  const { row } = stored;
  const linked = typeof row.data.quoteSubmissionId === "string" ? row.data.quoteSubmissionId : null;
  return {
    row,
    status: quoteStatusOf(row.data),
    submissionId: stored.record?.submissionId ?? linked,
    policyId: stored.binding?.policyId ?? null,
    system: {
      ratingWorkflowName: stored.record?.ratingWorkflowName ?? null,
      ratedAt: stored.record?.ratedAt ?? null,
    },
  };
}

/** The quote, or 404 (another company's id included). */
export async function requireQuote(ctx: OperationContext, quoteId: string): Promise<Quote> {
  const stored = await findQuote(ctx.db, ctx.companyId, quoteId);
  if (!stored) throw notFound();
  return quoteOf(stored);
}

/** PATCH, PUT and rate by id of a `bound` or `cancelled` quote are 409 `QuoteNotEditable` (CONTRACT 5.2). */
export function refuseUnlessEditable(quote: Quote) {
  if (quote.status === "bound" || quote.status === "cancelled") throw quoteNotEditable(quote.status, quote.policyId);
}

/** The quote's values as reads show them, `exposures` included (the rating record and the bind rules read these). */
export const quoteValues = (configuration: ConfigurationDocument, row: EntityRow): JsonObject =>
  presentRecord(configuration, entityRecordType(configuration, "quote"), row.data);

/** The Quote resource (CONTRACT 5.2): `exposures` hoisted out of `data`, the platform's `system` beside it. */
export function quoteView(configuration: ConfigurationDocument, quote: Quote) {
  const { exposures, ...data } = quoteValues(configuration, quote.row);
  return {
    id: quote.row.id,
    companyId: quote.row.companyId,
    submissionId: quote.submissionId,
    policyId: quote.policyId,
    data,
    exposures: Array.isArray(exposures) ? exposures : [],
    system: quote.system,
    createdAt: quote.row.createdAt,
    updatedAt: quote.row.updatedAt,
    createdBy: quote.row.createdBy,
  };
}
export type QuoteView = ReturnType<typeof quoteView>;

/** The statement that saves a quote's values under its row's version guard, and the row it leaves. */
export function saveQuoteStatement(ctx: OperationContext, row: EntityRow, data: JsonObject, updatedAt: string) {
  return {
    row: { ...row, data, updatedAt, version: row.version + 1 },
    statement: updateEntityStatement(ctx.db, { id: row.id, companyId: row.companyId, data, updatedAt }, row.version),
  };
}

/**
 * Each quote Sequence field generated at bind takes its next value (company counter per field; CONTRACT 5.6),
 * claimed in the bind's batch where the company object knows where the counter stands.
 */
export async function mintBindSequences(claims: SequenceClaims, recordType: RecordType, data: JsonObject) {
  const out = { ...data };
  for (const field of recordType.fields) {
    if (field.typeInfo.kind !== "Sequence" || field.generatedAt !== "bind" || out[field.referenceId] != null) continue;
    const value = await claims.next(`quote.${field.referenceId}`);
    out[field.referenceId] = sequenceText(field.typeInfo, value);
  }
  return out;
}
