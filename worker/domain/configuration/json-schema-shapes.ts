/**
 * JSON Schema shapes of the stored values of field kinds that need nothing from the configuration
 * (interface, "Conventions", "AddressV2 and Address", "JSON Schema format values"). Shared by the entity
 * configuration read and the platform fields.
 */

/** A JSON Schema object; members are JSON Schema keywords and the service's `x-` marks. */
export type JsonSchema = { [keyword: string]: unknown };

export const JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

/** Timezone a Date value takes when it omits one (interface, Conventions: Fmv1Date). */
export const DEFAULT_DATE_TIMEZONE = "America/New_York";

const text: JsonSchema = { type: "string" };
const nullableText: JsonSchema = { type: ["string", "null"] };
const nullableNumber: JsonSchema = { type: ["number", "null"] };

/** Fmv1Date: `{date, timezone}`; the retired `{day, month, year}` spelling is not a Date. */
export const DATE_VALUE_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    date: { type: "string", format: "date" },
    timezone: { type: "string", default: DEFAULT_DATE_TIMEZONE },
  },
  required: ["date"],
  additionalProperties: false,
};

/** `Object: Address`, the flat legacy shape. */
export const ADDRESS_SCHEMA: JsonSchema = {
  type: "object",
  format: "address",
  properties: { street: text, city: text, state: text, zipCode: text, country: text, county: text },
  additionalProperties: false,
};

/** `Object: AddressV2`: what was entered, and the server-side geocode of it. */
export const ADDRESS_V2_SCHEMA: JsonSchema = {
  type: "object",
  format: "address",
  properties: {
    entryMethod: text,
    enteredAddress: {
      type: "object",
      properties: {
        address1: text,
        address2: nullableText,
        city: text,
        state: text,
        zipCode: { type: "string", description: "Always a string, leading zeros kept." },
        countryCode: text,
      },
      additionalProperties: false,
    },
    geocode: {
      type: "object",
      description:
        "Provider output, replaced on every save unless `source` is `provided`; a miss or outage is recorded as " +
        "status `unmatched` or `failed`. A county the caller entered (a legacy Address's `county`) is never " +
        "replaced by an empty answer: it is kept, with `provenance.countySource: entered`, until the provider " +
        "gives one or the entered address changes.",
      properties: {
        source: text,
        status: text,
        county: nullableText,
        latitude: nullableNumber,
        longitude: nullableNumber,
        precision: { type: ["string", "number", "null"] },
        granularity: nullableText,
        provenance: { type: ["string", "object", "null"] },
      },
    },
  },
  additionalProperties: false,
};

/** `Object: OfacScreening`: the request half (`name`) and the platform-owned response half. */
export const OFAC_SCREENING_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    name: nullableText,
    status: nullableText,
    screeningOutcome: nullableText,
    screenedAt: { type: ["string", "null"], format: "date-time" },
    screenedBy: nullableText,
    screenedRequest: { type: ["object", "null"] },
    matches: {
      type: "array",
      items: { type: "object", properties: { reviewedBy: nullableText } },
    },
  },
};
