import { nextSequenceValue } from "../../../db/queries/entities";
import type { ConfigurationDocument, SubField } from "../../../domain/configuration/document";
import { type CompletedValues, completeValues, defaultsToApply } from "../../../domain/entities/derived-values";
import { completeEmbeddedExposures } from "../../../domain/entities/embedded-exposure-rules";
import { completeGroupValues } from "../../../domain/entities/entry-lists";
import type { RecordType } from "../../../domain/entities/record-type";
import { sequenceText } from "../../../domain/entities/sequence-text";
import { invalidData, refusalError } from "../../../errors/entity-refusals";
import type { JsonObject } from "../../../lib/json";
import type { SequenceClaims } from "../../company/owned-sequences";
import type { OperationContext } from "../../context";
import { callerWritePlan } from "../write-group-check";
import { geocodeAddressFields } from "./address-geocoding";
import { arbitrateOfacScreenings } from "./ofac-screening";
import type { WriteStep } from "./write-step";

/** Run after validation, in this order; an event's derived values come after them (`writeEvent`). */
const WRITE_STEPS: readonly WriteStep[] = [geocodeAddressFields, arbitrateOfacScreenings];

export interface PlanInput {
  recordType: RecordType;
  configuration: ConfigurationDocument;
  body: JsonObject;
  /** Stored values on update; null on create. */
  existing: JsonObject | null;
}

/** What a save derives once its written values are final (see `finishValues`). */
export interface PendingValues {
  /** Sequence fields a create mints. */
  sequencesToMint: readonly SubField[];
  /** Fields a create fills from their computed default (those the body leaves out). */
  defaults: readonly SubField[];
  /** The write sent a list of embedded exposures: their defaults and calculated fields are derived too. */
  exposuresWritten: boolean;
  /** The members the write names: its Group values are derived entry by entry (`completeGroupValues`). */
  written: readonly string[];
}

export interface PlannedValues extends PendingValues {
  data: JsonObject;
}

/**
 * The first half of every record save: the interface's write rules (`planWrite`: write groups, guarded
 * and generated fields, value checks, refused as the documented ApiError) and then the pipeline steps.
 * Derived values that depend on these (an event's name and lifecycle dates) come next, then `finishValues`.
 */
export async function planValues(ctx: OperationContext, input: PlanInput): Promise<PlannedValues> {
  const { recordType, configuration, existing } = input;
  const result = callerWritePlan(ctx, recordType, configuration, input.body, existing);
  if (!result.ok) throw refusalError(result.refusal);
  let data = result.data;
  for (const step of WRITE_STEPS) data = await step({ ctx, recordType, configuration, data, existing });
  return {
    data,
    sequencesToMint: result.sequencesToMint,
    defaults: defaultsToApply(recordType.fields, input.body, existing),
    exposuresWritten: !!recordType.embeddedExposureFields && "exposures" in input.body,
    written: Object.keys(input.body),
  };
}

/**
 * What a save derives from its written values, sequences apart: the entries of the Group values the write sent
 * (each from its own values), then computed defaults in dependency order, then calculated fields, and the same
 * for the embedded exposures the write sent (issue 10, items 2 and 8).
 * Problems (a required field a default left empty) are answered, not thrown: a bind by value reads its
 * rules and rating off these values before it mints anything (CONTRACT 5.6), a rate by value rates them.
 */
export function derivedValues(
  recordType: RecordType,
  data: JsonObject,
  pending: Omit<PendingValues, "sequencesToMint">,
  now: Date,
): CompletedValues {
  const groups = completeGroupValues(recordType.fields, data, pending.written, now);
  const values = completeValues(recordType.fields, groups.data, pending.defaults, now);
  const completed = { data: values.data, problems: [...groups.problems, ...values.problems] };
  const embeddedFields = recordType.embeddedExposureFields;
  if (!embeddedFields || !pending.exposuresWritten || !Array.isArray(completed.data.exposures)) return completed;
  const embedded = completeEmbeddedExposures(embeddedFields, completed.data.exposures, now);
  return {
    data: { ...completed.data, exposures: embedded.exposures },
    problems: [...completed.problems, ...embedded.problems],
  };
}

/**
 * The last half of every record save, in this order (issue 10, item 8): new sequence numbers, then the
 * derived values (`derivedValues`); a required field a default left empty is refused (400, after the
 * sequences were minted: such a refusal leaves a gap in the sequence, unless `claims` takes them in the
 * write's batch: only where the company object alone takes the record type's counters, see
 * `owned-sequences.ts`).
 */
export async function finishValues(
  ctx: OperationContext,
  recordType: RecordType,
  data: JsonObject,
  pending: PendingValues,
  claims?: SequenceClaims,
): Promise<JsonObject> {
  const minted = { ...data };
  for (const field of pending.sequencesToMint) {
    const name = `${recordType.type}.${field.referenceId}`;
    const value = claims ? await claims.next(name) : await nextSequenceValue(ctx.db, ctx.companyId, name);
    minted[field.referenceId] = sequenceText(field.typeInfo, value);
  }
  const derived = derivedValues(recordType, minted, pending, ctx.now);
  if (derived.problems.length) throw invalidData(derived.problems);
  return derived.data;
}
