/**
 * Per-key request budgets (CONTRACT 8.2): a fixed one-minute window. The first request of a window opens it;
 * each request takes one unit while units remain; when the window has passed the budget is whole again.
 * `RateLimit-Reset` is the whole seconds until the window closes (at least 1 while it is open).
 */

export const WINDOW_MS = 60_000;
export const DEFAULT_REQUESTS_PER_MINUTE = 600;
export const MAX_REQUESTS_PER_MINUTE = 100_000;

export interface Window {
  /** When the current window opened (ms since the epoch). */
  openedAt: number;
  /** Requests taken in it. */
  taken: number;
}

export interface Decision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window closes, at least 1. */
  resetSeconds: number;
}

/** Takes one request from the window (a new one when none is open at `now`); the decision and the next window. */
export function take(window: Window | null, limit: number, now: number): { decision: Decision; window: Window } {
  const current =
    window && now - window.openedAt < WINDOW_MS && now >= window.openedAt ? window : { openedAt: now, taken: 0 };
  const allowed = current.taken < limit;
  const next = allowed ? { ...current, taken: current.taken + 1 } : current;
  const resetSeconds = Math.max(1, Math.ceil((current.openedAt + WINDOW_MS - now) / 1000));
  return { decision: { allowed, limit, remaining: Math.max(0, limit - next.taken), resetSeconds }, window: next };
}
