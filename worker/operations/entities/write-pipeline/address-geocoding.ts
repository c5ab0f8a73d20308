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

/** Whether a field is AddressV2 or a Group holding one at any depth: only those values are walked. */
const holdsAddress = (field: SubField): boolean =>
  isAddressV2Field(field) || (field.typeInfo.kind === "Group" && (field.typeInfo.subFields ?? []).some(holdsAddress));

/** Each entry of a list (a Group's entries, embedded exposures) geocoded against the stored entry at its position. */
function geocodeEntries(
  env: Env,
  fields: readonly SubField[],
  entries: readonly unknown[],
  stored: unknown,
): Promise<unknown[]> {
  const before = Array.isArray(stored) ? stored : [];
  return Promise.all(
    entries.map((entry, i) =>
      isRecord(entry) ? geocodeValues(env, fields, entry, isRecord(before[i]) ? before[i] : null) : entry,
    ),
  );
}

/** One record's values (an embedded exposure's, a Group entry's) with each AddressV2 value geocoded. */
async function geocodeValues(
  env: Env,
  fields: readonly SubField[],
  data: JsonObject,
  existing: JsonObject | null,
): Promise<JsonObject> {
  const changes = fields.flatMap((field) => {
    const value = data[field.referenceId];
    const stored = existing?.[field.referenceId];
    if (isAddressV2Field(field) && isAddressV2Shape(value)) {
      const geocoded: Promise<unknown> = geocodeOf(env, value, stored).then((geocode) => ({ ...value, geocode }));
      return [{ field, next: geocoded }];
    }
    if (field.typeInfo.kind === "Group" && Array.isArray(value) && holdsAddress(field))
      return [{ field, next: geocodeEntries(env, field.typeInfo.subFields ?? [], value, stored) }];
    return [];
  });
  if (!changes.length) return data;
  const values = await Promise.all(changes.map(({ next }) => next));
  const out: JsonObject = { ...data };
  changes.forEach(({ field }, i) => {
    out[field.referenceId] = values[i];
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
  return geocodeEntries(env, exposureFields, exposures, stored);
}

/**
 * Geocodes every AddressV2 value on save (interface, "AddressV2 and Address"): the record's own fields
 * (entity or custom object), those inside Group entries at any depth (each entry against the stored entry at
 * its position) and those of embedded exposures. A value left in the legacy flat shape by an
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
