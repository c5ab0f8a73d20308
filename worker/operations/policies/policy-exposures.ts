import type { Delta } from "../../domain/policies/deltas";
import { type Coverage, segmentOn, termSegments } from "../../domain/policies/segments";
import type { OperationContext } from "../context";
import { enrichEmbeddedExposures } from "../entities/write-pipeline/embedded-exposures";
import type { PolicyConfiguration } from "./policy-configuration";

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * The embedded exposures of a policy transaction through the write pipeline's steps, like any write with
 * embedded exposures (interface, AddressV2 and OFAC rule): AddressV2 values geocoded, OFAC screenings
 * arbitrated, each against the exposure stored at the same position (`stored`).
 */
export async function enrichPolicyExposures(
  ctx: OperationContext,
  configuration: PolicyConfiguration,
  exposures: unknown,
  stored: unknown,
): Promise<unknown[]> {
  return enrichEmbeddedExposures(ctx, {
    exposureFields: configuration.exposureFields,
    exposures: listOf(exposures),
    stored: listOf(stored),
  });
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
