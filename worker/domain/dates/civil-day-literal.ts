import { isRealDay } from "./fmv1-date";
/**
 * List-filter literals name a civil day as `{year, month, day}` (interface, Conventions); they are not
 * stored Dates. In a query string they arrive as JSON (`activeOn={"year":2026,"month":3,"day":1}`) or
 * as three members (`activeOn.year=2026&activeOn.month=3&activeOn.day=1`).
 */
export type CivilDayReading = { ok: true; day: string } | { ok: false; problem: string };

const MEMBERS = ["year", "month", "day"] as const;
/** A member of the three-member spelling: decimal digits (an empty value or `0x7E9` is no number). */
const DECIMAL = /^\d{1,9}$/;
const SPELLING = "must be a civil day literal {year, month, day} of whole numbers";

export function readCivilDayLiteral(name: string, query: Record<string, string | undefined>): CivilDayReading | null {
  const whole = query[name];
  const members = MEMBERS.map((member) => query[`${name}.${member}`]);
  const spelledApart = members.some((value) => value !== undefined);
  if (whole === undefined && !spelledApart) return null;
  if (whole !== undefined && spelledApart)
    return { ok: false, problem: "must be sent once: as JSON or as three members, not both" };
  const literal = whole !== undefined ? jsonLiteral(whole) : decimalMembers(members);
  if (literal === "not JSON") return { ok: false, problem: "must be a civil day literal {year, month, day}" };
  if (!literal) return { ok: false, problem: SPELLING };
  const [y, m, d] = literal;
  if (!isRealDay(y, m, d)) return { ok: false, problem: "is not a real calendar day" };
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  return { ok: true, day: `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}` };
}

/** `{"year":..,"month":..,"day":..}` with whole numbers and no other member; null for anything else. */
function jsonLiteral(text: string): [number, number, number] | "not JSON" | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return "not JSON";
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (Object.keys(record).some((key) => !(MEMBERS as readonly string[]).includes(key))) return null;
  const numbers = MEMBERS.map((member) => record[member]);
  return numbers.every(Number.isInteger) ? (numbers as [number, number, number]) : null;
}

/** The three members, each decimal digits; null when one is missing, empty or not decimal. */
function decimalMembers(members: (string | undefined)[]): [number, number, number] | null {
  if (!members.every((value) => value !== undefined && DECIMAL.test(value))) return null;
  return members.map(Number) as [number, number, number];
}
