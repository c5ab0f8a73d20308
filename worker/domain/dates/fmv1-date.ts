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

/** True for a real calendar day written `YYYY-MM-DD`. */
export function isCalendarDay(text: string): boolean {
  const match = ISO_DAY.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

const knownZones = new Map<string, boolean>();

/** True for a time zone the runtime's IANA database knows. */
export function isTimeZone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      known = zone.includes("/") || zone === "UTC";
    } catch {
      known = false;
    }
    knownZones.set(zone, known);
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
