import { isRealDay } from "./fmv1-date";
/**
 * List-filter literals name a civil day as `{year, month, day}` (interface, Conventions); they are not
 * stored Dates. In a query string they arrive as JSON (`activeOn={"year":2026,"month":3,"day":1}`) or
 * as three members (`activeOn.year=2026&activeOn.month=3&activeOn.day=1`).
 */
export type CivilDayReading = { ok: true; day: string } | { ok: false; problem: string };

export function readCivilDayLiteral(name: string, query: Record<string, string | undefined>): CivilDayReading | null {
  let literal: unknown;
  const whole = query[name];
  if (whole !== undefined) {
    try {
      literal = JSON.parse(whole);
    } catch {
      return { ok: false, problem: "must be a civil day literal {year, month, day}" };
    }
  } else if ([`${name}.year`, `${name}.month`, `${name}.day`].some((k) => query[k] !== undefined)) {
    literal = {
      year: Number(query[`${name}.year`]),
      month: Number(query[`${name}.month`]),
      day: Number(query[`${name}.day`]),
    };
  } else {
    return null;
  }
  const { year, month, day } = (literal ?? {}) as Record<string, unknown>;
  if (![year, month, day].every(Number.isInteger))
    return { ok: false, problem: "must be a civil day literal {year, month, day} of whole numbers" };
  const [y, m, d] = [year, month, day] as [number, number, number];
  if (!isRealDay(y, m, d)) return { ok: false, problem: "is not a real calendar day" };
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  return { ok: true, day: `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}` };
}
