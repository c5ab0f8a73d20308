import { readCivilDayLiteral } from "../dates/civil-day-literal";

/** The civil-day filters of the policy list (interface, Policies: list), each a `{year, month, day}` literal. */
export const DAY_FILTERS = [
  "activeOn",
  "startsOnOrAfter",
  "startsOnOrBefore",
  "endsOnOrAfter",
  "endsOnOrBefore",
] as const;
export type DayFilterName = (typeof DAY_FILTERS)[number];

export interface DayFilter {
  name: DayFilterName;
  /** ISO day. */
  day: string;
}

export type DayFilterReading =
  | { ok: true; filters: DayFilter[] }
  | { ok: false; problems: Array<{ field: string; message: string }> };

/** Reads every day filter the query string names, as JSON or as three members (`activeOn.year=…`). */
export function readDayFilters(query: Record<string, string | undefined>): DayFilterReading {
  const filters: DayFilter[] = [];
  const problems: Array<{ field: string; message: string }> = [];
  for (const name of DAY_FILTERS) {
    const reading = readCivilDayLiteral(name, query);
    if (!reading) continue;
    if (reading.ok) filters.push({ name, day: reading.day });
    else problems.push({ field: name, message: reading.problem });
  }
  return problems.length ? { ok: false, problems } : { ok: true, filters };
}
