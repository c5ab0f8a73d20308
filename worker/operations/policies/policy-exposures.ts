import type { Delta } from "../../domain/policies/deltas";
import { setAsideExposureIds, withExposureIds } from "../../domain/policies/exposure-ids";
import { type Coverage, segmentOn, termSegments } from "../../domain/policies/segments";
import { isRecord } from "../../lib/json";
import type { OperationContext } from "../context";
import { prepareEmbeddedExposures } from "../entities/write-pipeline/embedded-exposures";
import type { PolicyConfiguration } from "./policy-configuration";

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * The embedded exposures of a policy transaction under every rule of the configured exposure fields, like
 * any write with embedded exposures (issue 10, item 2; interface, AddressV2 and OFAC rule): write groups
 * (403), generated and read-only values, AddressV2 geocoding, OFAC arbitration, computed defaults and
 * calculated fields, each item against the exposure stored at the same position (`stored`).
 */
export async function enrichPolicyExposures(
  ctx: OperationContext,
  configuration: PolicyConfiguration,
  exposures: unknown,
  stored: unknown,
): Promise<unknown[]> {
  // The exposure's `id` (issue 9) is not an exposure field: set aside while the field rules run, put back after.
  const sent = setAsideExposureIds(listOf(exposures));
  const prepared = await prepareEmbeddedExposures(ctx, {
    exposureFields: configuration.exposureFields,
    optionSets: configuration.optionSets,
    exposures: listOf(sent.exposures),
    stored: listOf(setAsideExposureIds(listOf(stored)).exposures),
  });
  return withExposureIds(prepared.filter(isRecord), sent.ids);
}

/**
 * An endorsement's deltas with a new `policy.exposures` list enriched against the exposures in force on
 * its effective date; the version records the enriched deltas, so replaying them gives the stored data.
 */
export async function enrichEndorsedExposures(
  ctx: OperationContext,
  configuration: PolicyConfiguration,
  coverage: Coverage,
  effectiveDate: string,
  deltas: readonly Delta[],
): Promise<Delta[]> {
  if (!deltas.some((d) => d.path === "policy.exposures")) return [...deltas];
  const inForce = segmentOn(termSegments(coverage), effectiveDate)?.data.exposures;
  return Promise.all(
    deltas.map(async (delta) =>
      delta.path === "policy.exposures"
        ? { ...delta, value: await enrichPolicyExposures(ctx, configuration, delta.value, inForce) }
        : delta,
    ),
  );
}
