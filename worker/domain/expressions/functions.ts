import { todayIn } from "../dates/fmv1-date";
import type { EvaluationContext } from "./evaluate";

interface ExpressionFunction {
  apply(args: unknown[], context: EvaluationContext): unknown;
  /** False for functions that read the clock: their results change with time. */
  repeatable: boolean;
}

const pure = (apply: (args: unknown[]) => unknown): ExpressionFunction => ({ apply, repeatable: true });
const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));
const memberOf = (item: unknown, member: string): unknown =>
  item !== null && typeof item === "object" && Object.hasOwn(item, member)
    ? (item as Record<string, unknown>)[member]
    : undefined;
/**
 * `round(x, places)` rounds the number as it is written (its shortest decimal spelling), half away from
 * zero, as spreadsheet users expect: `round(1.005, 2)` is 1.01 and `round(-2.5)` is -3, although 1.005 is
 * 1.00499... in binary. `places` is a whole number (default 0; negative rounds to tens, hundreds...).
 */
function roundHalfAwayFromZero(value: number, places: unknown): number {
  if (!Number.isFinite(value)) return value;
  const digits = typeof places === "number" && Number.isFinite(places) ? Math.trunc(places) : 0;
  const [mantissa = "0", exponent = "0"] = String(Math.abs(value)).split("e");
  // Shifting the decimal spelling, not multiplying the binary value, keeps an exact half exact.
  const shifted = Number(`${mantissa}e${Number(exponent) + digits}`);
  if (!Number.isFinite(shifted) || shifted >= 2 ** 52) return value;
  const rounded = Number(`${Math.round(shifted)}e${-digits}`) * Math.sign(value);
  return rounded === 0 ? 0 : rounded;
}

const numbers = (args: unknown[]) => args.filter((a): a is number => typeof a === "number" && Number.isFinite(a));

const DEFINITIONS: Record<string, ExpressionFunction> = {
  today: {
    apply: (_args, context) => ({ date: todayIn(context.timezone, context.now), timezone: context.timezone }),
    repeatable: false,
  },
  now: { apply: (_args, context) => context.now.toISOString(), repeatable: false },
  concat: pure((args) => args.map(text).join("")),
  join: pure(([separator, ...parts]) => parts.map(text).filter(Boolean).join(text(separator))),
  coalesce: pure((args) => args.find((a) => a !== null && a !== undefined && a !== "") ?? null),
  upper: pure(([v]) => (v == null ? null : text(v).toUpperCase())),
  lower: pure(([v]) => (v == null ? null : text(v).toLowerCase())),
  len: pure(([v]) => (Array.isArray(v) ? v.length : v == null ? 0 : text(v).length)),
  round: pure(([v, places]) => (typeof v === "number" ? roundHalfAwayFromZero(v, places) : null)),
  abs: pure(([v]) => (typeof v === "number" ? Math.abs(v) : null)),
  min: pure((args) => (numbers(args).length ? Math.min(...numbers(args)) : null)),
  max: pure((args) => (numbers(args).length ? Math.max(...numbers(args)) : null)),
  // With a member, each item adds that member of its own; an item that is not an object has none.
  sum: pure(([list, member]) => {
    if (!Array.isArray(list)) return null;
    const addends = typeof member === "string" ? list.map((item) => memberOf(item, member)) : list;
    return numbers(addends).reduce((a, b) => a + b, 0);
  }),
  if: pure(([test, then, otherwise]) => (test ? then : (otherwise ?? null))),
  dateOf: pure(([v]) => (v && typeof v === "object" && "date" in v ? (v as { date: unknown }).date : null)),
};

/** The language's functions by name: a Map, so names every JS object inherits (`constructor`) are not among them. */
export const FUNCTIONS: ReadonlyMap<string, ExpressionFunction> = new Map(Object.entries(DEFINITIONS));
