/**
 * Fmv1Date (interface, Conventions): `{date: "YYYY-MM-DD", timezone?: IANA zone}`, timezone defaulting
 * to America/New_York. The `{day, month, year}` spelling is refused on writes; responses carry only the
 * canonical object.
 */
export interface Fmv1Date {
  date: string;
  timezone: string;
}

export const DEFAULT_TIMEZONE = "America/New_York";

export type DateReading = { ok: true; value: Fmv1Date } | { ok: false; problem: string };

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const RETIRED_MEMBERS = ["day", "month", "year"];

/**
 * Milliseconds since the epoch of a day of the proleptic Gregorian calendar, for any year 0 to 9999.
 * `Date.UTC` alone reads years 0 to 99 as 1900 to 1999, so the year is set on its own.
 */
export function utcDay(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

/** True when year, month (1-12) and day name a real day of years 0000 to 9999. */
export function isRealDay(year: number, month: number, day: number): boolean {
  if (![year, month, day].every(Number.isInteger) || year < 0 || year > 9999) return false;
  const date = new Date(utcDay(year, month, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** True for a real calendar day written `YYYY-MM-DD` (years 0000 to 9999). */
export function isCalendarDay(text: string): boolean {
  const match = ISO_DAY.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return isRealDay(y, m, d);
}

/** The longest IANA zone name is about 30 characters; nothing longer is looked up (or remembered). */
export const MAX_TIMEZONE_LENGTH = 64;
/** Zones remembered; the IANA database has about 600 names, so only real zones fill it. */
const MAX_REMEMBERED_ZONES = 1_000;
const knownZones = new Map<string, boolean>();

/**
 * True for a time zone the runtime's IANA database knows, slashless names included (`GMT`, `EST5EDT`,
 * `Japan`). A UTC offset such as `+05:00` is no IANA zone name, though newer runtimes take it.
 */
export function isTimeZone(zone: string): boolean {
  if (zone.length > MAX_TIMEZONE_LENGTH) return false;
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      known = !/^[+\-\u2212\d]/.test(zone);
    } catch {
      known = false;
    }
    // Only zones that exist are remembered, so callers cannot grow this with made-up names.
    if (known && knownZones.size < MAX_REMEMBERED_ZONES) knownZones.set(zone, known);
  }
  return known;
}

export function usesRetiredSpelling(value: unknown): boolean {
  return !!value && typeof value === "object" && RETIRED_MEMBERS.some((m) => m in value);
}

/** Reads a written date value into canonical form, or says what is wrong with it. */
export function readFmv1Date(value: unknown): DateReading {
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, problem: "must be a date object {date, timezone}" };
  }
  if (usesRetiredSpelling(value)) {
    return { ok: false, problem: 'uses the retired {day, month, year} spelling; send {date: "YYYY-MM-DD", timezone}' };
  }
  const { date, timezone, ...rest } = value as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length > 0) return { ok: false, problem: `has unknown member ${extra.map((k) => `"${k}"`).join(", ")}` };
  if (typeof date !== "string" || !isCalendarDay(date))
    return { ok: false, problem: "must have a date written YYYY-MM-DD that is a real calendar day" };
  if (timezone !== undefined && (typeof timezone !== "string" || !isTimeZone(timezone))) {
    return { ok: false, problem: "must have an IANA timezone such as America/New_York" };
  }
  return { ok: true, value: { date, timezone: (timezone as string | undefined) ?? DEFAULT_TIMEZONE } };
}

/** Today's civil day in a zone, as `YYYY-MM-DD`. */
export function todayIn(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: timezone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** Orders two canonical dates by their civil day (timezones name where the day is, not an instant). */
export function compareDays(a: Fmv1Date, b: Fmv1Date): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : 0;
}
