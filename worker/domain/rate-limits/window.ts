/**
 * Per-key request budgets (CONTRACT 8.2): a fixed one-minute window, counted by the key's limiter object. The
 * first request of a window opens it; units are handed out while they remain; when the window has passed the
 * budget is whole again. `RateLimit-Reset` is the whole seconds until the window closes (at least 1 while it
 * is open).
 *
 * The object hands units to isolates in grants (a share of what remains, see `grantUnits`), so an isolate
 * answers most requests from its own allowance (`./allowance.ts`) without a call to the object.
 */

export const WINDOW_MS = 60_000;
export const DEFAULT_REQUESTS_PER_MINUTE = 600;
export const MAX_REQUESTS_PER_MINUTE = 100_000;

/**
 * A grant is 1/GRANT_SHARE of what remains in the window, at most GRANT_MAX units: small budgets are granted
 * one unit at a time (exact), and isolates together can hold at most a fraction of what is left.
 */
export const GRANT_SHARE = 16;
export const GRANT_MAX = 50;

export interface Window {
  /** When the current window opened (ms since the epoch). */
  openedAt: number;
  /** Units granted in it (requests allowed, or held by isolates to allow). */
  taken: number;
}

export interface Decision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window closes, at least 1. */
  resetSeconds: number;
}

/** What the object hands an isolate: `units` to allow (0: refuse), and what remained in the object after it. */
export interface Grant {
  limit: number;
  openedAt: number;
  units: number;
  remaining: number;
}

/** Units an isolate held and did not use, given back with its next request for a grant. */
export interface Unused {
  openedAt: number;
  units: number;
}

/** The window open at `now`: the same one while it lasts, a new one after. */
export function windowAt(window: Window | null, now: number): Window {
  return window && now - window.openedAt < WINDOW_MS && now >= window.openedAt ? window : { openedAt: now, taken: 0 };
}

export function resetSecondsAt(openedAt: number, now: number): number {
  return Math.min(WINDOW_MS / 1000, Math.max(1, Math.ceil((openedAt + WINDOW_MS - now) / 1000)));
}

/**
 * The object's side: takes back `unused` units of the same window, then grants a share of what remains
 * (none when nothing does). Units never exceed the limit in one window, however they are granted.
 */
export function grantUnits(
  window: Window | null,
  limit: number,
  now: number,
  unused: Unused | null = null,
): { grant: Grant; window: Window } {
  const current = windowAt(window, now);
  const given = unused && unused.openedAt === current.openedAt ? Math.min(unused.units, current.taken) : 0;
  const left = Math.max(0, limit - (current.taken - given));
  const units = left === 0 ? 0 : Math.min(GRANT_MAX, Math.max(1, Math.floor(left / GRANT_SHARE)));
  const next = { openedAt: current.openedAt, taken: current.taken - given + units };
  return { grant: { limit, openedAt: next.openedAt, units, remaining: Math.max(0, limit - next.taken) }, window: next };
}
