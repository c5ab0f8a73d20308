import { isRecord } from "../../lib/json";
import {
  ADDRESS_V2_MEMBERS,
  ENTERED_ADDRESS_MEMBERS,
  LEGACY_ADDRESS_MEMBERS,
  LEGACY_TO_V2_PATH,
} from "../addresses/address-v2";
import { PROVIDED_SOURCE } from "../addresses/geocoding";
import type { OptionSet, SubField } from "../configuration/document";
import { optionLiteral } from "../configuration/option-values";
import { readFmv1Date } from "../dates/fmv1-date";

/** One refused value: where it is (`exposures[1].vin`) and what is wrong with it. */
export interface ValueProblem {
  path: string;
  problem: string;
}

export type ValueReading = { ok: true; value: unknown } | { ok: false; problems: ValueProblem[] };

export interface ValueContext {
  optionSets: ReadonlyMap<string, OptionSet>;
  /**
   * Reading stored values (data validation) rather than a write: the legacy spellings a write converts
   * (MultiSelect as comma-separated text) are not what storage should hold, so they are problems.
   */
  stored?: boolean;
  /** When the write arrived: an OFAC `screenedAt` later than 5 minutes after it is refused. */
  now?: Date;
}

/** How far ahead of the request's arrival an OFAC `screenedAt` may be (clock skew; CONTRACT section 4). */
export const SCREENED_AT_TOLERANCE_MS = 5 * 60_000;

/**
 * Bounds of configured values by kind (CONTRACT 8.3): text at most 10,000 characters (a String field's
 * `maxLength` may say less), a Group at most 1,000 entries, an OFAC screening at most 1,000 matches.
 */
export const VALUE_BOUNDS = { text: 10_000, groupEntries: 1_000, screeningMatches: 1_000 } as const;

/** Values listed in a refusal: enough to act on, never the whole of a 10,000-option set. */
const LISTED_VALUES = 20;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ().-]{4,24}( ?(x|ext\.?) ?[0-9]{1,6})?$/i;
const PERCENT = /^-?[0-9]+(\.[0-9]+)?%?$/;

const ok = (value: unknown): ValueReading => ({ ok: true, value });
const refuse = (path: string, problem: string): ValueReading => ({ ok: false, problems: [{ path, problem }] });
const tooLong = (path: string, max: number): ValueReading =>
  refuse(path, `must be at most ${max.toLocaleString("en-US")} characters long`);

/** Text within `max` characters, then any format `test` (run only on text already known short). */
function readText(value: unknown, path: string, max: number, test: (text: string) => boolean, problem: string) {
  if (typeof value !== "string") return refuse(path, problem);
  if (value.length > max) return tooLong(path, max);
  return test(value) ? ok(value) : refuse(path, problem);
}

function stringMembers(value: Record<string, unknown>, allowed: readonly string[], path: string): ValueProblem[] {
  const problems: ValueProblem[] = [];
  for (const [member, v] of Object.entries(value)) {
    if (!allowed.includes(member))
      problems.push({ path: `${path}.${member}`, problem: "is not a member of this address" });
    else if (v !== null && typeof v !== "string") problems.push({ path: `${path}.${member}`, problem: "must be text" });
    else if (typeof v === "string" && v.length > VALUE_BOUNDS.text)
      problems.push({
        path: `${path}.${member}`,
        problem: `must be at most ${VALUE_BOUNDS.text.toLocaleString("en-US")} characters long`,
      });
  }
  return problems;
}

const isAddressV2Member = (member: string) => (ADDRESS_V2_MEMBERS as readonly string[]).includes(member);
const isLegacyAddressMember = (member: string): member is keyof typeof LEGACY_TO_V2_PATH => member in LEGACY_TO_V2_PATH;

/** Legacy `Object: Address`: flat text members. An AddressV2 member says which shape the field takes. */
function readAddress(value: unknown, path: string): ValueReading {
  if (!isRecord(value)) return refuse(path, "must be an address object");
  const problems: ValueProblem[] = [];
  for (const member of Object.keys(value).filter(isAddressV2Member)) {
    problems.push({
      path: `${path}.${member}`,
      problem:
        "belongs to the AddressV2 shape; this field takes the flat Address shape " +
        `(${LEGACY_ADDRESS_MEMBERS.join(", ")})`,
    });
  }
  const flat = Object.fromEntries(Object.entries(value).filter(([member]) => !isAddressV2Member(member)));
  problems.push(...stringMembers(flat, LEGACY_ADDRESS_MEMBERS, path));
  return problems.length ? { ok: false, problems } : ok(value);
}

const nullOr = (v: unknown, test: (v: unknown) => boolean) => v === undefined || v === null || test(v);
const isText = (v: unknown) => typeof v === "string";
const isNumber = (v: unknown) => typeof v === "number" && Number.isFinite(v);

/** A geocode sent with `source: "provided"` is stored as given, so it must fit the published geocode schema. */
function providedGeocodeProblems(geocode: Record<string, unknown>, path: string): ValueProblem[] {
  const problems: ValueProblem[] = [];
  const check = (member: string, fits: boolean, expected: string) => {
    if (!fits) problems.push({ path: `${path}.${member}`, problem: expected });
  };
  check("status", isText(geocode.status), "must be text");
  check("county", nullOr(geocode.county, isText), "must be text");
  check(
    "latitude",
    nullOr(geocode.latitude, (v) => isNumber(v) && Math.abs(v as number) <= 90),
    "must be a latitude between -90 and 90",
  );
  check(
    "longitude",
    nullOr(geocode.longitude, (v) => isNumber(v) && Math.abs(v as number) <= 180),
    "must be a longitude between -180 and 180",
  );
  check(
    "precision",
    nullOr(geocode.precision, (v) => isText(v) || isNumber(v)),
    "must be text or a number",
  );
  check("granularity", nullOr(geocode.granularity, isText), "must be text");
  check(
    "provenance",
    nullOr(geocode.provenance, (v) => isText(v) || isRecord(v)),
    "must be text or an object",
  );
  return problems;
}

/**
 * AddressV2: `enteredAddress` is the caller's; `geocode` is the provider's (see domain/addresses). Only
 * this shape is accepted: a legacy flat member is refused naming where it goes in AddressV2. A sent
 * geocode is checked only when it is `provided` (any other is discarded on save).
 */
function readAddressV2(value: unknown, path: string): ValueReading {
  if (!isRecord(value)) return refuse(path, "must be an address object");
  const problems: ValueProblem[] = [];
  for (const member of Object.keys(value)) {
    if (isLegacyAddressMember(member))
      problems.push({
        path: `${path}.${member}`,
        problem:
          "is a member of the legacy Address shape; this field takes AddressV2, where it is " +
          LEGACY_TO_V2_PATH[member],
      });
    else if (!isAddressV2Member(member))
      problems.push({ path: `${path}.${member}`, problem: "is not a member of this address" });
  }
  if (value.entryMethod !== undefined && value.entryMethod !== null && typeof value.entryMethod !== "string")
    problems.push({ path: `${path}.entryMethod`, problem: "must be text" });
  if (!isRecord(value.enteredAddress)) problems.push({ path: `${path}.enteredAddress`, problem: "must be an object" });
  else {
    const entered = stringMembers(value.enteredAddress, ENTERED_ADDRESS_MEMBERS, `${path}.enteredAddress`);
    problems.push(
      ...entered.map((p) =>
        p.path.endsWith(".zipCode") && p.problem === "must be text"
          ? { ...p, problem: 'must be text (send ZIP codes quoted, for example "02110")' }
          : p,
      ),
    );
  }
  if (value.geocode !== undefined && value.geocode !== null && !isRecord(value.geocode))
    problems.push({ path: `${path}.geocode`, problem: "must be an object" });
  else if (isRecord(value.geocode) && value.geocode.source === PROVIDED_SOURCE)
    problems.push(...providedGeocodeProblems(value.geocode, `${path}.geocode`));
  return problems.length ? { ok: false, problems } : ok(value);
}

const OFAC_MEMBERS = [
  "name",
  "status",
  "screeningOutcome",
  "screenedAt",
  "screenedBy",
  "screenedRequest",
  "matches",
  "reviewedBy",
  "reviewedAt",
  "reviewDecision",
  "notes",
];

function readOfacScreening(value: unknown, path: string, now: Date | undefined): ValueReading {
  if (!isRecord(value)) return refuse(path, "must be a screening object");
  const problems: ValueProblem[] = [];
  for (const member of Object.keys(value)) {
    if (!OFAC_MEMBERS.includes(member))
      problems.push({ path: `${path}.${member}`, problem: "is not a member of an OFAC screening" });
  }
  if (
    value.matches !== undefined &&
    value.matches !== null &&
    (!Array.isArray(value.matches) || !value.matches.every(isRecord))
  ) {
    problems.push({ path: `${path}.matches`, problem: "must be a list of match objects" });
  } else if (Array.isArray(value.matches) && value.matches.length > VALUE_BOUNDS.screeningMatches) {
    problems.push({ path: `${path}.matches`, problem: `must have at most ${VALUE_BOUNDS.screeningMatches} matches` });
  }
  for (const [member, v] of Object.entries(value)) {
    if (typeof v === "string" && v.length > VALUE_BOUNDS.text)
      problems.push({
        path: `${path}.${member}`,
        problem: `must be at most ${VALUE_BOUNDS.text.toLocaleString("en-US")} characters long`,
      });
  }
  if (
    value.screenedAt !== undefined &&
    value.screenedAt !== null &&
    (typeof value.screenedAt !== "string" || Number.isNaN(Date.parse(value.screenedAt)))
  ) {
    problems.push({ path: `${path}.screenedAt`, problem: "must be an ISO 8601 timestamp" });
  } else if (
    now &&
    typeof value.screenedAt === "string" &&
    Date.parse(value.screenedAt) > now.getTime() + SCREENED_AT_TOLERANCE_MS
  ) {
    // A future stamp would win every later arbitration and freeze the screening (CONTRACT section 4).
    problems.push({ path: `${path}.screenedAt`, problem: "must not be later than 5 minutes after the request" });
  }
  return problems.length ? { ok: false, problems } : ok(value);
}

/**
 * A value missing for the required rule: absent, null, or text with nothing but whitespace (a required
 * text field is not filled in by `""` or `"  "`).
 */
export function isMissingValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/** `1, "1"`: values as JSON literals, the first 20 of a long list and how many more there are. */
const optionList = (values: readonly unknown[]) => {
  const listed = values.slice(0, LISTED_VALUES).map(optionLiteral).join(", ");
  return values.length > LISTED_VALUES ? `${listed} and ${values.length - LISTED_VALUES} more` : listed;
};

/** An option set's values as a Set (JSON types kept apart: 1 is not "1"), built once per set. */
const optionValueSets = new WeakMap<OptionSet, ReadonlySet<unknown>>();
function optionValuesOf(set: OptionSet | undefined): ReadonlySet<unknown> {
  if (!set) return new Set();
  let values = optionValueSets.get(set);
  if (!values) {
    values = new Set(set.options.map((o) => o.value));
    optionValueSets.set(set, values);
  }
  return values;
}

/** A hint when the sent value matches an option only as text: the JSON type differs (`"1"` for `1`). */
function typeHint(sent: readonly unknown[], values: ReadonlySet<unknown>): string {
  const asText = new Map([...values].map((o) => [String(o), o]));
  const near = sent.slice(0, LISTED_VALUES).find((v) => !values.has(v) && asText.has(String(v)));
  if (near === undefined) return "";
  const option = asText.get(String(near));
  const kind = (v: unknown) => (typeof v === "string" ? "the text" : `the ${typeof v}`);
  return ` (${kind(near)} ${optionLiteral(near)} was sent; the option is ${kind(option)} ${optionLiteral(option)})`;
}

function readOption(field: SubField, value: unknown, context: ValueContext, path: string): ValueReading {
  const values = optionValuesOf(context.optionSets.get(field.typeInfo.optionSet ?? ""));
  const allowed = (v: unknown) => values.has(v);
  if (field.typeInfo.kind === "Select") {
    return allowed(value)
      ? ok(value)
      : refuse(path, `must be one of: ${optionList([...values])}${typeHint([value], values)}`);
  }
  // MultiSelect: a list, or on writes the legacy comma-separated text (stored values are always lists, so a
  // scalar left by a forced Select → MultiSelect change is a problem).
  if (typeof value === "string" && value.length > VALUE_BOUNDS.text) return tooLong(path, VALUE_BOUNDS.text);
  const list =
    typeof value === "string" && !context.stored
      ? value
          .split(",")
          .map((v) => v.trim())
          .filter(Boolean)
      : value;
  if (!Array.isArray(list)) return refuse(path, "must be a list of option values");
  const bad = list.filter((v) => !allowed(v));
  if (bad.length)
    return refuse(
      path,
      `has values that are not options: ${optionList(bad)} (allowed: ${optionList([...values])})${typeHint(bad, values)}`,
    );
  return ok([...new Set(list)]);
}

function readGroup(field: SubField, value: unknown, context: ValueContext, path: string): ValueReading {
  if (!Array.isArray(value)) return refuse(path, "must be a list of entries");
  if (value.length > VALUE_BOUNDS.groupEntries)
    return refuse(path, `must have at most ${VALUE_BOUNDS.groupEntries.toLocaleString("en-US")} entries`);
  const problems: ValueProblem[] = [];
  const rows = value.map((row, index) => {
    const reading = readRecord(field.typeInfo.subFields ?? [], row, context, `${path}[${index}]`, { requireAll: true });
    if (!reading.ok) problems.push(...reading.problems);
    return reading.ok ? reading.value : null;
  });
  return problems.length ? { ok: false, problems } : ok(rows);
}

/** Checks one written value against its field's kind and returns the value to store. */
export function readFieldValue(field: SubField, value: unknown, context: ValueContext, path: string): ValueReading {
  if (value === null) return ok(null);
  switch (field.typeInfo.kind) {
    case "String":
      return readText(value, path, field.typeInfo.maxLength ?? VALUE_BOUNDS.text, () => true, "must be text");
    case "Email":
      return readText(value, path, VALUE_BOUNDS.text, (text) => EMAIL.test(text), "must be an email address");
    case "Phone":
      return readText(value, path, VALUE_BOUNDS.text, (text) => PHONE.test(text), "must be a phone number");
    case "Number":
      return typeof value === "number" && Number.isFinite(value) ? ok(value) : refuse(path, "must be a number");
    case "Integer":
      return Number.isInteger(value) ? ok(value) : refuse(path, "must be a whole number");
    case "Currency":
      if (typeof value === "number" && Number.isFinite(value)) return ok(value);
      if (
        isRecord(value) &&
        typeof value.code === "string" &&
        /^[A-Z]{3}$/.test(value.code) &&
        typeof value.value === "number" &&
        Object.keys(value).length === 2
      )
        return ok(value);
      return refuse(path, "must be an amount, or {code, value} with a three-letter currency code");
    case "Percent":
      if (typeof value === "number" && Number.isFinite(value)) return ok(String(value));
      return readText(
        value,
        path,
        VALUE_BOUNDS.text,
        (text) => PERCENT.test(text),
        'must be a percentage such as "12.5"',
      );
    case "Boolean":
      return typeof value === "boolean" ? ok(value) : refuse(path, "must be true or false");
    case "Date": {
      const reading = readFmv1Date(value);
      return reading.ok ? ok(reading.value) : refuse(path, reading.problem);
    }
    case "Select":
    case "MultiSelect":
      return readOption(field, value, context, path);
    case "Object: Address":
      return readAddress(value, path);
    case "Object: AddressV2":
      return readAddressV2(value, path);
    case "Object: OfacScreening":
      return readOfacScreening(value, path, context.now);
    case "Group":
      return readGroup(field, value, context, path);
    case "Sequence":
      return readText(value, path, VALUE_BOUNDS.text, () => true, "must be text");
    case "Calculated":
      return ok(value);
  }
}

/**
 * Checks a flat object of values against fields (used for group entries). Unknown keys are refused;
 * with `requireAll`, required fields must be present and not null or blank.
 */
export function readRecord(
  fields: readonly SubField[],
  value: unknown,
  context: ValueContext,
  path: string,
  options: { requireAll: boolean },
): ValueReading {
  if (!isRecord(value)) return refuse(path, "must be an object");
  const byId = new Map(fields.map((f) => [f.referenceId, f]));
  const problems: ValueProblem[] = [];
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const field = byId.get(key);
    if (!field) {
      problems.push({ path: `${path}.${key}`, problem: "is not a configured field" });
      continue;
    }
    const reading = readFieldValue(field, v, context, `${path}.${key}`);
    if (reading.ok) out[key] = reading.value;
    else problems.push(...reading.problems);
  }
  if (options.requireAll) {
    for (const field of fields) {
      const given = Object.hasOwn(value, field.referenceId) ? value[field.referenceId] : undefined;
      if (field.required && isMissingValue(given))
        problems.push({ path: `${path}.${field.referenceId}`, problem: "is required" });
    }
  }
  return problems.length ? { ok: false, problems } : ok(out);
}
