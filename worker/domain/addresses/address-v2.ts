import { isRecord } from "../../lib/json";

/**
 * The two stored address shapes and the mapping between them (interface, "AddressV2 and Address").
 * The configured kind of a field is the only signal of which shape it takes; a field moved from
 * `Object: Address` to `Object: AddressV2` keeps its older rows in the flat shape, and reads show them
 * in the AddressV2 shape through `addressV2View`.
 */

/** Members of the flat legacy `Object: Address`. */
export const LEGACY_ADDRESS_MEMBERS = ["street", "city", "state", "zipCode", "country", "county"] as const;
/** Members of `enteredAddress` in `Object: AddressV2`. */
export const ENTERED_ADDRESS_MEMBERS = ["address1", "address2", "city", "state", "zipCode", "countryCode"] as const;
/** Top-level members of `Object: AddressV2`. */
export const ADDRESS_V2_MEMBERS = ["entryMethod", "enteredAddress", "geocode"] as const;

/** Where each legacy member lives in AddressV2 (the interface's mapping table). */
export const LEGACY_TO_V2_PATH: Record<(typeof LEGACY_ADDRESS_MEMBERS)[number], string> = {
  street: "enteredAddress.address1",
  city: "enteredAddress.city",
  state: "enteredAddress.state",
  zipCode: "enteredAddress.zipCode",
  country: "enteredAddress.countryCode",
  county: "geocode.county",
};

export type EnteredAddress = Partial<Record<(typeof ENTERED_ADDRESS_MEMBERS)[number], string | null>>;

/** The geocode of an entered address: provider output, or the caller's own with `source: "provided"`. */
export interface Geocode {
  source: string;
  status: string;
  county: string | null;
  latitude: number | null;
  longitude: number | null;
  precision: string | number | null;
  granularity: string | null;
  provenance: Record<string, unknown> | string | null;
  [member: string]: unknown;
}

export interface AddressV2 {
  entryMethod?: string | null;
  enteredAddress: EnteredAddress;
  geocode?: Geocode | null;
}

/** `geocode.source` of a legacy row shown in the AddressV2 shape; `status` says it was never geocoded. */
export const LEGACY_GEOCODE_SOURCE = "legacyAddress";
export const NOT_GEOCODED = "notGeocoded";

const textOrNull = (v: unknown): string | null => (v === undefined || v === null ? null : String(v));

export function isAddressV2Shape(value: unknown): value is AddressV2 {
  return isRecord(value) && isRecord(value.enteredAddress);
}

/** A flat legacy value: an object with no `enteredAddress`, holding only legacy members. */
export function isLegacyAddressShape(value: unknown): value is Record<string, unknown> {
  return (
    isRecord(value) &&
    !("enteredAddress" in value) &&
    Object.keys(value).every((k) => (LEGACY_ADDRESS_MEMBERS as readonly string[]).includes(k))
  );
}

/**
 * A legacy value in the AddressV2 shape: members move per the mapping table, `zipCode` becomes text
 * (older rows may hold a number), and the geocode is marked as never geocoded, carrying the legacy
 * `county` when there was one.
 */
export function legacyToAddressV2(legacy: Record<string, unknown>): AddressV2 {
  return {
    enteredAddress: {
      address1: textOrNull(legacy.street),
      address2: null,
      city: textOrNull(legacy.city),
      state: textOrNull(legacy.state),
      zipCode: textOrNull(legacy.zipCode),
      countryCode: textOrNull(legacy.country),
    },
    geocode: {
      source: LEGACY_GEOCODE_SOURCE,
      status: NOT_GEOCODED,
      county: textOrNull(legacy.county),
      latitude: null,
      longitude: null,
      precision: null,
      granularity: null,
      provenance: null,
    },
  };
}

/** The AddressV2 view of any stored value of an AddressV2 field; anything else is returned unchanged. */
export function addressV2View(value: unknown): unknown {
  return isLegacyAddressShape(value) ? legacyToAddressV2(value) : value;
}

/** Whether two entered addresses name the same place as typed (absent and null are the same). */
export function sameEnteredAddress(a: EnteredAddress, b: EnteredAddress): boolean {
  return ENTERED_ADDRESS_MEMBERS.every((member) => (a[member] ?? null) === (b[member] ?? null));
}
