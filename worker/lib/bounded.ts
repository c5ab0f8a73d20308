import { z } from "@hono/zod-openapi";

/**
 * Schema builders for request members (CONTRACT 8.3): every string has a `maxLength`, every array a
 * `maxItems`, every integer a `format` and bounds, every number bounds, every open object a
 * `maxProperties`, and every free-form value an `x-max-json-length`. The served description states them
 * and validation enforces them (400 `VALIDATION_ERROR`); `test/foundation/every-route.test.ts` fails for
 * a request schema member without them, so build request schemas from these.
 */

/** Lengths shared by many members. */
export const TEXT = {
  /** Keys, referenceIds, option set and relationship keys, page keys: identifiers. */
  key: 200,
  /** Names, labels, titles, headers. */
  name: 1_000,
  /** Configured String values and other free text (CONTRACT 8.3: 10,000 unless the configuration says less). */
  value: 10_000,
  /** ISO 8601 dates and date-times. */
  timestamp: 40,
  /** OAuth access tokens and similar opaque credentials. */
  token: 4_096,
} as const;

const INT32_MAX = 2_147_483_647;

/** Text of at most `max` characters (at least `min`). */
export const boundedString = (max: number, min = 0) => z.string().min(min).max(max);

/** A UUID (36 characters). Refusals read "must be a valid uuid" (and "is required" when absent). */
export const uuidString = () => z.uuid().max(36);

/** A list of at most `max` items (at least `min`). */
/** The instants an ISO 8601 date-time names in UTC years 0000 to 9999 (Date.UTC(0, ...) means 1900, hence setUTCFullYear). */
const FIRST_INSTANT = new Date(0).setUTCFullYear(0, 0, 1);
const LAST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * An ISO 8601 date-time with its offset, an instant within UTC years 0000 to 9999: outside them it has no
 * four-digit ISO form (`+010000-01-01T...`), so it could not be compared as the stored instants are.
 */
export const instantString = () =>
  z.iso
    .datetime({ offset: true })
    .max(TEXT.timestamp)
    .refine(
      (text) => {
        const at = Date.parse(text);
        return at >= FIRST_INSTANT && at <= LAST_INSTANT;
      },
      { message: "must be an instant within the years 0000 to 9999 in UTC" },
    );

export const boundedArray = <T extends z.ZodType>(item: T, max: number, min = 0) => z.array(item).min(min).max(max);

/** A whole number within bounds, described with its format (`int32` when it fits, else `int64`). */
export function boundedInteger(min: number, max: number) {
  const format = min >= -INT32_MAX - 1 && max <= INT32_MAX ? "int32" : "int64";
  return z.number().int().min(min).max(max).openapi({ format });
}

/** A whole number in a query string (text coerced), within bounds and described with its format. */
export function queryInteger(min: number, max: number) {
  const format = min >= -INT32_MAX - 1 && max <= INT32_MAX ? "int32" : "int64";
  return z.coerce.number().int().min(min).max(max).openapi({ format });
}

/** A number within bounds. */
export const boundedNumber = (min: number, max: number) => z.number().min(min).max(max);

/**
 * A free-form JSON value bounded by the length of its JSON text (`x-max-json-length`). What the value
 * means is the member's own business; only its size is bounded here.
 */
export function boundedJson(maxJsonLength: number) {
  return z
    .unknown()
    .refine((value) => value === undefined || jsonLength(value) <= maxJsonLength, {
      message: `must be at most ${maxJsonLength} characters of JSON text`,
    })
    .openapi({ "x-max-json-length": maxJsonLength });
}

/**
 * An object of free-form members keyed by text: at most `maxProperties` members, keys of at most
 * `maxKeyLength` characters; each value bounded as `x-bounded-by` says (configured field values by their
 * field's kind, configuration members by the configuration document's bounds).
 */
export function boundedRecord(options: { maxProperties: number; maxKeyLength?: number; valuesBoundedBy: string }) {
  const maxKeyLength = options.maxKeyLength ?? TEXT.key;
  return z
    .record(z.string().max(maxKeyLength), z.unknown().openapi({ "x-bounded-by": options.valuesBoundedBy }))
    .refine((value) => Object.keys(value).length <= options.maxProperties, {
      message: `must have at most ${options.maxProperties} members`,
    })
    .openapi({
      maxProperties: options.maxProperties,
      // OpenAPI 3.1 (JSON Schema 2020-12) keyword the generator's types do not list.
      ...({ propertyNames: { type: "string", maxLength: maxKeyLength } } as object),
    });
}

/** Length of a value's JSON text. */
export function jsonLength(value: unknown): number {
  return (JSON.stringify(value) ?? "").length;
}

/** `batchId` (interface, Conventions): any JSON value, passed to the audit log, at most 256 characters of JSON. */
export const BATCH_ID_MAX_JSON_LENGTH = 256;

export const batchIdMember = () =>
  boundedJson(BATCH_ID_MAX_JSON_LENGTH)
    .optional()
    .openapi({
      description:
        "Passed through to the audit log, not stored with the data: any JSON value of at most " +
        `${BATCH_ID_MAX_JSON_LENGTH} characters of JSON text (strings as sent, other values as their JSON text).`,
    });

/**
 * A member refused whatever its value (an old spelling such as `offset`, or a member not available yet):
 * described as `not: {}` so a generated client never sends it, and refused with `message` (400).
 */
export const refusedMember = (message: string, description: string) =>
  z
    .unknown()
    .refine((value) => value === undefined, { message })
    .optional()
    .openapi({ not: {}, description });

/** Members a record's field values may have: every field a configuration can declare, plus the platform's. */
export const MAX_FIELD_VALUES = 2_100;

/** A record's field values keyed by referenceId, each bounded by its field's kind (CONTRACT 8.3). */
export const fieldValues = () =>
  boundedRecord({
    maxProperties: MAX_FIELD_VALUES,
    valuesBoundedBy:
      "the field's kind: text at most 10,000 characters (fewer when the field's `maxLength` says so), Group " +
      "entries and lists as the entity configuration read describes",
  });
