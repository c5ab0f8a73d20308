import { isRecord, ownValue } from "../../lib/json";
import type { OptionSet, SubField } from "../configuration/document";
import { optionLiteral } from "../configuration/option-values";
import { readFmv1Date } from "../dates/fmv1-date";
import { callerFills, entryAt, keptValues, notTakenAsSent, readOnlyProblems } from "./entry-rules";
import { readAddress, readAddressV2, readOfacScreening } from "./structured-values";
import {
  LISTED_VALUES,
  ok,
  refuse,
  tooLongProblem,
  VALUE_BOUNDS,
  type ValueContext,
  type ValueProblem,
  type ValueReading,
} from "./value-reading";

export {
  SCREENED_AT_TOLERANCE_MS,
  VALUE_BOUNDS,
  type ValueContext,
  type ValueProblem,
  type ValueReading,
} from "./value-reading";

const tooLong = (path: string, max: number): ValueReading => refuse(path, tooLongProblem(max));

/** Text within `max` characters, then any format `test` (run only on text already known short). */
function readText(value: unknown, path: string, max: number, test: (text: string) => boolean, problem: string) {
  if (typeof value !== "string") return refuse(path, problem);
  if (value.length > max) return tooLong(path, max);
  return test(value) ? ok(value) : refuse(path, problem);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ().-]{4,24}( ?(x|ext\.?) ?[0-9]{1,6})?$/i;
const PERCENT = /^-?[0-9]+(\.[0-9]+)?%?$/;

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

function readGroup(field: SubField, value: unknown, context: ValueContext, path: string, write?: Write): ValueReading {
  if (!Array.isArray(value)) return refuse(path, "must be a list of entries");
  if (value.length > VALUE_BOUNDS.groupEntries)
    return refuse(path, `must have at most ${VALUE_BOUNDS.groupEntries.toLocaleString("en-US")} entries`);
  const problems: ValueProblem[] = [];
  const rows = value.map((row, index) => {
    const options = { requireAll: true, ...(write ? { write: { stored: entryAt(write.stored, index) } } : {}) };
    const reading = readRecord(field.typeInfo.subFields ?? [], row, context, `${path}[${index}]`, options);
    if (!reading.ok) problems.push(...reading.problems);
    return reading.ok ? reading.value : null;
  });
  return problems.length ? { ok: false, problems } : ok(rows);
}

/**
 * A write's value read over the value stored before it (`stored`): a Group's entries are each matched with
 * the stored entry at the same position and follow the sub-fields' write rules (`readRecord`).
 */
export interface Write {
  stored: unknown;
}

/**
 * Checks one written value against its field's kind and returns the value to store; with `write`, the
 * write rules of a Group's sub-fields apply too (see `Write`).
 */
export function readFieldValue(
  field: SubField,
  value: unknown,
  context: ValueContext,
  path: string,
  write?: Write,
): ValueReading {
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
      // Beyond 2^53 a JSON number is no longer the integer sent (9007199254740993 reads as ...992).
      if (!Number.isInteger(value)) return refuse(path, "must be a whole number");
      return Number.isSafeInteger(value)
        ? ok(value)
        : refuse(path, "must be a whole number between -9,007,199,254,740,991 and 9,007,199,254,740,991");
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
      return readGroup(field, value, context, path, write);
    case "Sequence":
      return readText(value, path, VALUE_BOUNDS.text, () => true, "must be text");
    case "Calculated":
      return ok(value);
  }
}

/**
 * Checks a flat object of values against fields (used for group entries). Unknown keys are refused;
 * with `requireAll`, required fields must be present and not null or blank. With `write` (an entry written
 * over the stored entry at its position), the sub-fields' write rules apply (interface, "Field schema marks"):
 * a read-only (or calculated) value other than the stored one is refused, read-only values are kept as
 * stored, calculated values are left to be derived again and computed defaults to fill what the entry
 * leaves out (`completeEntries`), so only the fields the caller fills are required here.
 */
export function readRecord(
  fields: readonly SubField[],
  value: unknown,
  context: ValueContext,
  path: string,
  options: { requireAll: boolean; write?: { stored: Record<string, unknown> | null } },
): ValueReading {
  if (!isRecord(value)) return refuse(path, "must be an object");
  const { write } = options;
  const byId = new Map(fields.map((f) => [f.referenceId, f]));
  const at = (referenceId: string) => `${path}.${referenceId}`;
  const problems: ValueProblem[] = write ? readOnlyProblems(value, fields, write.stored, at) : [];
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const field = byId.get(key);
    if (!field) {
      problems.push({ path: at(key), problem: "is not a configured field" });
      continue;
    }
    if (write && notTakenAsSent(field)) continue;
    const reading = readFieldValue(field, v, context, at(key), write && { stored: ownValue(write.stored, key) });
    if (reading.ok) out[key] = reading.value;
    else problems.push(...reading.problems);
  }
  if (write) Object.assign(out, keptValues(value, fields, write.stored));
  if (options.requireAll) {
    for (const field of fields) {
      if (write && !callerFills(field)) continue;
      if (field.required && isMissingValue(ownValue(value, field.referenceId)))
        problems.push({ path: at(field.referenceId), problem: "is required" });
    }
  }
  return problems.length ? { ok: false, problems } : ok(out);
}
