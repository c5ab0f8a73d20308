import {
  type AddressV2,
  type EnteredAddress,
  type Geocode,
  isAddressV2Shape,
  LEGACY_GEOCODE_SOURCE,
  NOT_GEOCODED,
  sameEnteredAddress,
} from "./address-v2";

/**
 * What the geocoding provider answered for one entered address. `failed` covers outages, timeouts,
 * 5xx and answers that cannot be read; none of them refuses the write (interface, "AddressV2 and
 * Address": a miss or outage is recorded, never gates the write).
 */
export type GeocodeOutcome =
  | {
      status: "matched";
      county: string | null;
      latitude: number;
      longitude: number;
      matchedAddress: string | null;
      details: Record<string, unknown>;
    }
  | { status: "unmatched"; reason?: string }
  /** `transient`: the provider did not answer (timeout, network, 429 or 5xx), as in an outage; not stored. */
  | { status: "failed"; reason: string; transient?: boolean };

/** Who answered and when; kept in `geocode.provenance`. */
export interface GeocodeRequest {
  provider: string;
  requestedAt: string;
}

/** `geocode.source` a caller sets to have its geocode stored exactly as sent. */
export const PROVIDED_SOURCE = "provided";

/** `provenance.countySource` of a geocode whose `county` is the caller's, kept over an empty provider answer. */
export const ENTERED_COUNTY_SOURCE = "entered";

/**
 * The stored geocode for a provider outcome. A caller-entered county (`enteredCounty`, see
 * `enteredCountyOf`) is never replaced by an empty provider result: when the provider gives no county
 * (a miss, an outage, a match without one) the geocode keeps the caller's, marked
 * `provenance.countySource: "entered"`; a county the provider does give replaces it.
 */
export function geocodeFromOutcome(
  outcome: GeocodeOutcome,
  request: GeocodeRequest,
  enteredCounty: string | null = null,
): Geocode {
  const provenance = {
    provider: request.provider,
    requestedAt: request.requestedAt,
    matchedAddress: outcome.status === "matched" ? outcome.matchedAddress : null,
  };
  const providerCounty = outcome.status === "matched" ? outcome.county : null;
  const keepsEntered = providerCounty === null && enteredCounty !== null;
  const countyProvenance = keepsEntered ? { countySource: ENTERED_COUNTY_SOURCE } : {};
  if (outcome.status === "matched") {
    return {
      source: request.provider,
      status: "matched",
      county: providerCounty ?? enteredCounty,
      latitude: outcome.latitude,
      longitude: outcome.longitude,
      // The Census geocoder places a house number along the street segment's address range.
      precision: "interpolated",
      granularity: "address",
      provenance: { ...provenance, ...outcome.details, ...countyProvenance },
    };
  }
  return {
    source: request.provider,
    status: outcome.status,
    county: enteredCounty,
    latitude: null,
    longitude: null,
    precision: null,
    granularity: null,
    provenance: { ...provenance, ...(outcome.reason ? { reason: outcome.reason } : {}), ...countyProvenance },
  };
}

const countyText = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : null);

/** The county of a geocode when it is the caller's: a legacy Address's `county`, or one kept as entered. */
function callersCounty(geocode: Geocode | null | undefined): string | null {
  if (!geocode) return null;
  const provenance = geocode.provenance;
  const entered =
    geocode.source === LEGACY_GEOCODE_SOURCE ||
    (typeof provenance === "object" && provenance?.countySource === ENTERED_COUNTY_SOURCE);
  return entered ? countyText(geocode.county) : null;
}

/**
 * The county a caller entered for the address being saved (interface, "AddressV2 and Address": `county`
 * of a legacy Address is the caller's, shown as `geocode.county`): from the stored value (in its AddressV2
 * view) while the entered address is unchanged, else from the value sent when nothing is stored (a
 * record written from another's read). Null when there is none.
 */
export function enteredCountyOf(incoming: AddressV2, storedView: unknown): string | null {
  if (isAddressV2Shape(storedView))
    return sameEnteredAddress(storedView.enteredAddress, incoming.enteredAddress)
      ? callersCounty(storedView.geocode)
      : null;
  return callersCounty(incoming.geocode);
}

/** What a save does with the geocode of one AddressV2 value. */
export type GeocodePlan = { kind: "keep"; geocode: Geocode } | { kind: "lookup"; enteredAddress: EnteredAddress };

/**
 * A geocode sent with `source: "provided"` is stored as given. Any other sent geocode is discarded:
 * the server's result stands in for it. That result is the stored geocode when the entered address is
 * unchanged and the stored geocode is a real answer (not absent, not `failed`, not a legacy row never
 * geocoded); otherwise the provider is asked. This keeps saves that do not move the address from
 * calling the provider, while an earlier outage is retried on the next save.
 */
export function planGeocode(incoming: AddressV2, stored: unknown): GeocodePlan {
  const sent = incoming.geocode;
  if (sent && sent.source === PROVIDED_SOURCE) return { kind: "keep", geocode: sent };
  if (
    isAddressV2Shape(stored) &&
    stored.geocode &&
    sameEnteredAddress(stored.enteredAddress, incoming.enteredAddress)
  ) {
    const reusable = stored.geocode.status !== "failed" && stored.geocode.status !== NOT_GEOCODED;
    if (reusable) return { kind: "keep", geocode: stored.geocode };
  }
  return { kind: "lookup", enteredAddress: incoming.enteredAddress };
}

/** Countries the Census geocoder covers: the United States, Puerto Rico and the U.S. Island Areas. */
const COVERED_COUNTRIES = new Set(["US", "USA", "PR", "GU", "VI", "AS", "MP", "UM"]);

/**
 * An answer known without asking the provider: it needs a street line, and it only covers U.S.
 * addresses (an absent country code is taken as U.S.). Null means ask.
 */
export function outcomeWithoutLookup(entered: EnteredAddress): GeocodeOutcome | null {
  if (!entered.address1?.trim()) return { status: "unmatched", reason: "no street address to geocode" };
  const country = entered.countryCode?.trim().toUpperCase();
  if (country && !COVERED_COUNTRIES.has(country))
    return { status: "unmatched", reason: `country ${country} is outside the provider's coverage` };
  return null;
}
