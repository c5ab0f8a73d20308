import { fieldWriteGroupPermission } from "../../../domain/access/permissions";
import type { ConfigurationDocument, SubField } from "../../../domain/configuration/document";
import {
  completeEmbeddedExposures,
  lockedEmbeddedFields,
  planEmbeddedExposures,
} from "../../../domain/entities/embedded-exposure-rules";
import type { ValueProblem } from "../../../domain/entities/field-values";
import type { ApiError } from "../../../errors/api-error";
import { invalidData, refusalError } from "../../../errors/entity-refusals";
import { holds, type OperationContext } from "../../context";
import { geocodeExposures } from "./address-geocoding";
import { screenExposures } from "./ofac-screening";

export interface EmbeddedExposures {
  /** The configured exposure fields. */
  exposureFields: readonly SubField[];
  /** The exposures being written (items that are not objects pass through unchanged). */
  exposures: readonly unknown[];
  /** The stored exposures, matched by position; empty when nothing is stored. */
  stored: readonly unknown[];
}

/**
 * The write pipeline's steps for a list of embedded exposures, in the order a record's save runs them:
 * AddressV2 geocoding, then OFAC screening arbitration (when the company's feature is on). For every
 * write that embeds exposures (a quote's `exposures`, a policy transaction's `data.exposures`).
 */
export async function enrichEmbeddedExposures(ctx: OperationContext, input: EmbeddedExposures): Promise<unknown[]> {
  const geocoded = await geocodeExposures(ctx, input.exposureFields, input.exposures, input.stored);
  return screenExposures(ctx, input.exposureFields, geocoded, input.stored);
}

export interface EmbeddedExposureWrite {
  /** The configured exposure fields. */
  exposureFields: readonly SubField[];
  optionSets: ConfigurationDocument["optionSets"];
  /** The list as sent (`exposures` of a quote, `data.exposures` of a policy transaction). */
  exposures: unknown;
  /** The stored list the write replaces, matched by position; empty or absent when nothing is stored. */
  stored?: readonly unknown[] | undefined;
  /** The write's own error for a value problem (new business's `InvalidPolicyData`); `invalidData` if absent. */
  invalid?: (problems: ValueProblem[]) => ApiError;
}

/**
 * Every rule of the configured exposure fields, for a list of embedded exposures written whole (issue 10,
 * item 2), as the entity write pipeline applies them to a quote's `exposures`: write groups
 * (`exposure.field-<group>`, 403), generated and read-only values, value checks and required fields
 * (400), AddressV2 geocoding and OFAC arbitration, then computed defaults and calculated fields.
 * Answers the list to store, or throws the documented ApiError. For the policy transactions'
 * `data.exposures`.
 */
export async function prepareEmbeddedExposures(
  ctx: OperationContext,
  write: EmbeddedExposureWrite,
): Promise<unknown[]> {
  const { exposureFields } = write;
  const invalid = write.invalid ?? invalidData;
  const holdsGroup = (group: string) => holds(ctx.actor, fieldWriteGroupPermission("exposure", group));
  const locked = lockedEmbeddedFields(write.exposures, exposureFields, write.stored, holdsGroup);
  if (locked.length) throw refusalError({ kind: "write-group", fields: locked });
  const reading = planEmbeddedExposures(write.exposures, exposureFields, write.optionSets, write.stored, ctx.now);
  if (!reading.ok && reading.kind === "generated")
    throw refusalError({ kind: "generated", referenceIds: reading.paths });
  if (!reading.ok && reading.kind === "shape")
    throw refusalError({ kind: "shape", missing: reading.missing, problems: reading.problems });
  if (!reading.ok) throw invalid(reading.problems);
  const stored = write.stored ?? [];
  const enriched = await enrichEmbeddedExposures(ctx, { exposureFields, exposures: reading.exposures, stored });
  const completed = completeEmbeddedExposures(exposureFields, enriched, ctx.now);
  if (completed.problems.length) throw invalid(completed.problems);
  return completed.exposures;
}
