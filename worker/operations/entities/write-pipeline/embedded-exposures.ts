import type { SubField } from "../../../domain/configuration/document";
import type { OperationContext } from "../../context";
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
  const geocoded = await geocodeExposures(ctx.env, input.exposureFields, input.exposures, input.stored);
  return screenExposures(ctx, input.exposureFields, geocoded, input.stored);
}
