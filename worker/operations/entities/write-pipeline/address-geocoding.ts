import {
  CENSUS_PROVIDER,
  CensusGeocoder,
  DEFAULT_GEOCODER_BASE_URL,
  DEFAULT_GEOCODER_TIMEOUT_MS,
} from "../../../clients/geocoder";
import { type AddressV2, addressV2View, type Geocode, isAddressV2Shape } from "../../../domain/addresses/address-v2";
import {
  enteredCountyOf,
  geocodeFromOutcome,
  outcomeWithoutLookup,
  planGeocode,
} from "../../../domain/addresses/geocoding";
import type { SubField } from "../../../domain/configuration/document";
import type { Env } from "../../../env";
import { isRecord, type JsonObject } from "../../../lib/json";
import type { WriteStep } from "./write-step";

const isAddressV2Field = (field: SubField) => field.typeInfo.kind === "Object: AddressV2";

function geocoderFor(env: Env): CensusGeocoder {
  const timeout = Number(env.GEOCODER_TIMEOUT_MS);
  return new CensusGeocoder(
    env.GEOCODER_BASE_URL || DEFAULT_GEOCODER_BASE_URL,
    timeout > 0 ? timeout : DEFAULT_GEOCODER_TIMEOUT_MS,
    (input, init) => fetch(input, init),
  );
}

/**
 * The geocode a save stores for one AddressV2 value: kept, or looked up (never throws). A county the
 * caller entered (a migrated legacy row's) survives an empty answer.
 */
async function geocodeOf(env: Env, value: AddressV2, stored: unknown): Promise<Geocode> {
  const storedView = addressV2View(stored);
  const plan = planGeocode(value, storedView);
  if (plan.kind === "keep") return plan.geocode;
  const requestedAt = new Date().toISOString();
  const outcome = outcomeWithoutLookup(plan.enteredAddress) ?? (await geocoderFor(env).geocode(plan.enteredAddress));
  return geocodeFromOutcome(outcome, { provider: CENSUS_PROVIDER, requestedAt }, enteredCountyOf(value, storedView));
}

/** One record's values (or one embedded exposure's) with each AddressV2 value geocoded. */
async function geocodeValues(
  env: Env,
  fields: readonly SubField[],
  data: JsonObject,
  existing: JsonObject | null,
): Promise<JsonObject> {
  const addressFields = fields.flatMap((field) => {
    const value = data[field.referenceId];
    return isAddressV2Field(field) && isAddressV2Shape(value) ? [{ field, value }] : [];
  });
  if (!addressFields.length) return data;
  const geocodes = await Promise.all(
    addressFields.map(({ field, value }) => geocodeOf(env, value, existing?.[field.referenceId])),
  );
  const out = { ...data };
  addressFields.forEach(({ field, value }, i) => {
    out[field.referenceId] = { ...value, geocode: geocodes[i] };
  });
  return out;
}

/**
 * Geocodes the AddressV2 values of a list of embedded exposures, each compared with the stored exposure
 * at the same position (`stored`); items that are not objects are left as they are.
 */
export function geocodeExposures(
  env: Env,
  exposureFields: readonly SubField[],
  exposures: readonly unknown[],
  stored: readonly unknown[],
): Promise<unknown[]> {
  return Promise.all(
    exposures.map((item, i) => {
      const before = stored[i];
      return isRecord(item) ? geocodeValues(env, exposureFields, item, isRecord(before) ? before : null) : item;
    }),
  );
}

/**
 * Geocodes every AddressV2 value on save (interface, "AddressV2 and Address"): the record's own fields
 * (entity or custom object) and those of embedded exposures. A value left in the legacy flat shape by an
 * earlier write and not sent now stays as stored (reads show it as AddressV2). Legacy `Object: Address`
 * values are stored as sent and never geocoded: their `county` is the caller's.
 */
export const geocodeAddressFields: WriteStep = async ({ ctx, recordType, data, existing }) => {
  const out = await geocodeValues(ctx.env, recordType.fields, data, existing);
  const embeddedFields = recordType.embeddedExposureFields;
  if (!embeddedFields || !Array.isArray(out.exposures)) return out;
  const stored = Array.isArray(existing?.exposures) ? existing.exposures : [];
  return { ...out, exposures: await geocodeExposures(ctx.env, embeddedFields, out.exposures, stored) };
};
