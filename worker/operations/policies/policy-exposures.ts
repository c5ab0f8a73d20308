import { fieldWriteGroupPermission } from "../../domain/access/permissions";
import type { SubField } from "../../domain/configuration/document";
import { lockedEmbeddedFields } from "../../domain/entities/embedded-exposure-rules";
import type { LockedField } from "../../domain/entities/entry-lists";
import { completeGroupValues } from "../../domain/entities/entry-lists";
import { readFieldValue, type ValueProblem } from "../../domain/entities/field-values";
import type { Delta } from "../../domain/policies/deltas";
import { setAsideExposureIds, withExposureIds } from "../../domain/policies/exposure-ids";
import { type Coverage, segmentOn, termSegments } from "../../domain/policies/segments";
import type { ApiError } from "../../errors/api-error";
import { invalidDelta } from "../../errors/policy-refusals";
import { isRecord, type JsonObject } from "../../lib/json";
import { holds, type OperationContext } from "../context";
import { geocodeRecordValues } from "../entities/write-pipeline/address-geocoding";
import { prepareEmbeddedExposures } from "../entities/write-pipeline/embedded-exposures";
import type { PolicyConfiguration } from "./policy-configuration";

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * Locked exposure fields a policy transaction's `exposures` list changes against the list it replaces (`stored`,
 * matched by position): checked in the 403 phase, before any 400 or 409 (interface, Authentication 7), as a
 * quote's embedded exposures are; inside their Group values too (`lockedEntryFields`).
 */
export function lockedPolicyExposures(
  ctx: OperationContext,
  configuration: PolicyConfiguration,
  exposures: unknown,
  stored: unknown,
): LockedField[] {
  const holdsGroup = (group: string) => holds(ctx.actor, fieldWriteGroupPermission("exposure", group));
  return lockedEmbeddedFields(exposures, configuration.exposureFields, listOf(stored), holdsGroup);
}

/**
 * The embedded exposures of a policy transaction under every rule of the configured exposure fields, like
 * any write with embedded exposures (issue 10, item 2; interface, AddressV2 and OFAC rule): write groups
 * (403), generated and read-only values, AddressV2 geocoding, OFAC arbitration, computed defaults and
 * calculated fields, each item against the exposure stored at the same position (`stored`). A value problem is
 * the transaction's own error when given (`invalid`), else 400 `InvalidFieldModelV1Data`.
 */
export async function enrichPolicyExposures(
  ctx: OperationContext,
  configuration: PolicyConfiguration,
  exposures: unknown,
  stored: unknown,
  invalid?: (problems: ValueProblem[]) => ApiError,
): Promise<unknown[]> {
  // The exposure's `id` (issue 9) is not an exposure field: set aside while the field rules run, put back after.
  const sent = setAsideExposureIds(listOf(exposures));
  const prepared = await prepareEmbeddedExposures(ctx, {
    exposureFields: configuration.exposureFields,
    optionSets: configuration.optionSets,
    exposures: listOf(sent.exposures),
    stored: listOf(setAsideExposureIds(listOf(stored)).exposures),
    ...(invalid ? { invalid } : {}),
  });
  return withExposureIds(prepared.filter(isRecord), sent.ids);
}

/**
 * The policy's own AddressV2 values (and those inside its Group fields) geocoded on save, like an entity's
 * (interface, "AddressV2 and Address"), each compared with the value in `stored` (the renewed policy's).
 */
export function geocodePolicyAddresses(
  ctx: OperationContext,
  configuration: PolicyConfiguration,
  data: JsonObject,
  stored: JsonObject | null,
): Promise<JsonObject> {
  return geocodeRecordValues(ctx, configuration.policyFields, data, stored);
}

/**
 * A Group value written whole by an endorsement, read under its sub-fields' write rules against the value in
 * force (read-only values kept, calculated ones left to be derived); any other value as sent.
 */
function writtenGroupValue(field: SubField, value: unknown, inForce: JsonObject, configuration: PolicyConfiguration) {
  if (field.typeInfo.kind !== "Group") return value;
  const context = { optionSets: new Map(configuration.optionSets.map((s) => [s.key, s])) };
  const reading = readFieldValue(field, value, context, field.referenceId, { stored: inForce[field.referenceId] });
  return reading.ok ? reading.value : value;
}

/**
 * An endorsement's deltas enriched against the data in force on its effective date: a new `policy.exposures`
 * list under the exposure fields' rules, and a policy field written whole geocoded like any save, a Group's
 * entries with their calculated sub-fields and computed defaults derived (a member path such as
 * `policy.mailingAddress.enteredAddress.city` is stored as sent). The version records the
 * enriched deltas, so replaying them gives the stored data.
 */
export async function enrichEndorsedExposures(
  ctx: OperationContext,
  configuration: PolicyConfiguration,
  coverage: Coverage,
  effectiveDate: string,
  deltas: readonly Delta[],
): Promise<Delta[]> {
  const inForce = segmentOn(termSegments(coverage), effectiveDate)?.data ?? {};
  const fields = new Map(configuration.policyFields.map((f) => [f.referenceId, f]));
  return Promise.all(
    deltas.map(async (delta) => {
      if (delta.path === "policy.exposures")
        return { ...delta, value: await enrichPolicyExposures(ctx, configuration, delta.value, inForce.exposures) };
      const field = fields.get(delta.path.replace(/^policy\./, ""));
      if (!field || !delta.path.startsWith("policy.")) return delta;
      const written = { [field.referenceId]: writtenGroupValue(field, delta.value, inForce, configuration) };
      const geocoded = await geocodeRecordValues(ctx, [field], written, inForce);
      const derived = completeGroupValues([field], geocoded, [field.referenceId], ctx.now, "policy.");
      if (derived.problems.length) throw invalidDelta(derived.problems);
      return { ...delta, value: derived.data[field.referenceId] };
    }),
  );
}
