import { utcDay } from "../dates/fmv1-date";

/** Civil days as `YYYY-MM-DD`, compared as text and counted through UTC midnights (no DST drift). */
const MS_PER_DAY = 86_400_000;

export function dayNumber(day: string): number {
  return utcDay(Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))) / MS_PER_DAY;
}

export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

export const minDay = (a: string, b: string) => (a < b ? a : b);
export const maxDay = (a: string, b: string) => (a > b ? a : b);

/**
 * "Today" for policy statuses and pending cancellations: the UTC civil day of an instant, so a status
 * read, a status filter and a transaction agree on the day whatever the policy's zone.
 */
export const todayOf = (now: Date): string => now.toISOString().slice(0, 10);
