import { CENSUS_PROVIDER } from "../../../clients/geocoder";
import { type AddressV2, addressV2View, type Geocode, isAddressV2Shape } from "../../../domain/addresses/address-v2";
import {
  enteredCountyOf,
  geocodeFromOutcome,
  outcomeWithoutLookup,
  planGeocode,
} from "../../../domain/addresses/geocoding";
import type { SubField } from "../../../domain/configuration/document";
import { isRecord, type JsonObject } from "../../../lib/json";
import type { OperationContext } from "../../context";
import { askGeocoder, geocoderFor, type LookedUp, LookupsNeeded } from "./geocode-lookups";
import type { Geocoder } from "./paced-geocoder";
import type { WriteStep } from "./write-step";

const isAddressV2Field = (field: SubField) => field.typeInfo.kind === "Object: AddressV2";

/** What a save's geocoding needs of its operation: the environment, and in the company object its lookups. */
type GeocodingContext = Pick<OperationContext, "env" | "geocodeLookups">;

/** The geocoder of one operation's inline lookups: one pace for all its saves' addresses. */
const inlineGeocoders = new WeakMap<GeocodingContext, Geocoder>();

function inlineGeocoder(ctx: GeocodingContext): Geocoder {
  let geocoder = inlineGeocoders.get(ctx);
  if (!geocoder) {
    geocoder = geocoderFor(ctx.env);
    inlineGeocoders.set(ctx, geocoder);
  }
  return geocoder;
}

/** The provider's answer for `entered`: known from before the turn, else asked now; null when it is deferred. */
async function lookUp(ctx: GeocodingContext, entered: AddressV2["enteredAddress"]): Promise<LookedUp | null> {
  const lookups = ctx.geocodeLookups;
  const known = lookups?.take(entered);
  if (known) return known;
  if (lookups?.deferring) return null;
  return askGeocoder(inlineGeocoder(ctx), entered);
}

/**
 * The geocode a save stores for one AddressV2 value: kept, or looked up (never throws). A county the
 * caller entered (a migrated legacy row's) survives an empty answer. Null when the lookup is deferred.
 */
async function geocodeOf(ctx: GeocodingContext, value: AddressV2, stored: unknown): Promise<Geocode | null> {
  const storedView = addressV2View(stored);
  const plan = planGeocode(value, storedView);
  if (plan.kind === "keep") return plan.geocode;
  const known = outcomeWithoutLookup(plan.enteredAddress);
  const lookedUp = known
    ? { outcome: known, requestedAt: new Date().toISOString() }
    : await lookUp(ctx, plan.enteredAddress);
  if (!lookedUp) return null;
  return geocodeFromOutcome(
    lookedUp.outcome,
    { provider: CENSUS_PROVIDER, requestedAt: lookedUp.requestedAt },
    enteredCountyOf(value, storedView),
  );
}

/** Ends the run when it deferred lookups (the company object makes them and runs it again). */
function unlessDeferred<T>(ctx: GeocodingContext, geocoded: T): T {
  if (ctx.geocodeLookups?.pending) throw new LookupsNeeded();
  return geocoded;
}

/** Whether a field is AddressV2 or a Group holding one at any depth: only those values are walked. */
const holdsAddress = (field: SubField): boolean =>
  isAddressV2Field(field) || (field.typeInfo.kind === "Group" && (field.typeInfo.subFields ?? []).some(holdsAddress));

/** Each entry of a list (a Group's entries, embedded exposures) geocoded against the stored entry at its position. */
function geocodeEntries(
  ctx: GeocodingContext,
  fields: readonly SubField[],
  entries: readonly unknown[],
  stored: unknown,
): Promise<unknown[]> {
  const before = Array.isArray(stored) ? stored : [];
  return Promise.all(
    entries.map((entry, i) =>
      isRecord(entry) ? geocodeValues(ctx, fields, entry, isRecord(before[i]) ? before[i] : null) : entry,
    ),
  );
}

/** One record's values (an embedded exposure's, a Group entry's) with each AddressV2 value geocoded. */
async function geocodeValues(
  ctx: GeocodingContext,
  fields: readonly SubField[],
  data: JsonObject,
  existing: JsonObject | null,
): Promise<JsonObject> {
  const changes = fields.flatMap((field) => {
    const value = data[field.referenceId];
    const stored = existing?.[field.referenceId];
    if (isAddressV2Field(field) && isAddressV2Shape(value)) {
      const geocoded: Promise<unknown> = geocodeOf(ctx, value, stored).then((geocode) => ({ ...value, geocode }));
      return [{ field, next: geocoded }];
    }
    if (field.typeInfo.kind === "Group" && Array.isArray(value) && holdsAddress(field))
      return [{ field, next: geocodeEntries(ctx, field.typeInfo.subFields ?? [], value, stored) }];
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
 * at the same position (`stored`); items that are not objects are left as they are. Deferred lookups end the
 * run (`LookupsNeeded`), as in `geocodeAddressFields`.
 */
export async function geocodeExposures(
  ctx: GeocodingContext,
  exposureFields: readonly SubField[],
  exposures: readonly unknown[],
  stored: readonly unknown[],
): Promise<unknown[]> {
  return unlessDeferred(ctx, await geocodeEntries(ctx, exposureFields, exposures, stored));
}

/**
 * Geocodes the AddressV2 values of one record's own fields (a policy's data), each compared with the value
 * stored for it (`stored`). Deferred lookups end the run (`LookupsNeeded`), as in `geocodeAddressFields`.
 */
export async function geocodeRecordValues(
  ctx: GeocodingContext,
  fields: readonly SubField[],
  data: JsonObject,
  stored: JsonObject | null,
): Promise<JsonObject> {
  return unlessDeferred(ctx, await geocodeValues(ctx, fields, data, stored));
}

/**
 * Geocodes every AddressV2 value on save (interface, "AddressV2 and Address"): the record's own fields
 * (entity or custom object), those inside Group entries at any depth (each entry against the stored entry at
 * its position) and those of embedded exposures. A value left in the legacy flat shape by an
 * earlier write and not sent now stays as stored (reads show it as AddressV2). Legacy `Object: Address`
 * values are stored as sent and never geocoded: their `county` is the caller's. In the company object, a save
 * whose lookups are not known yet ends with `LookupsNeeded` once every value has been walked (`GeocodeLookups`).
 */
export const geocodeAddressFields: WriteStep = async ({ ctx, recordType, data, existing }) => {
  const out = await geocodeValues(ctx, recordType.fields, data, existing);
  const embeddedFields = recordType.embeddedExposureFields;
  if (!embeddedFields || !Array.isArray(out.exposures)) return unlessDeferred(ctx, out);
  const stored = Array.isArray(existing?.exposures) ? existing.exposures : [];
  return unlessDeferred(ctx, { ...out, exposures: await geocodeEntries(ctx, embeddedFields, out.exposures, stored) });
};
