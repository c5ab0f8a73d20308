import { type Decision, type Grant, resetSecondsAt, type Unused, WINDOW_MS } from "./window";

/**
 * The isolate's side of a key's budget: the units of its last grant not yet used. Kept at most
 * `ALLOWANCE_TTL_MS` and never past its window, so units an isolate holds return to the object (with its next
 * grant request) or lapse with the window; a refusal is kept as long, so a key over budget costs no call.
 */
export const ALLOWANCE_TTL_MS = 1_000;

/**
 * Top-ups: an isolate whose allowance came from a grant of at least `TOP_UP_MIN_GRANT` units asks for more in
 * the background (one call, which does not wait for it) once a quarter of the grant is left or the allowance has at most
 * `TOP_UP_BEFORE_EXPIRY_MS` to live, so a key in steady use never makes a call wait on its limiter object (on
 * the edge, a round trip to wherever that object lives). Smaller grants, near a budget's end or for small
 * budgets, keep the exact one-grant-when-spent behaviour.
 */
export const TOP_UP_MIN_GRANT = 16;
export const TOP_UP_BEFORE_EXPIRY_MS = 500;

export interface Allowance {
  limit: number;
  openedAt: number;
  /** Units this isolate may still allow (0 after a refusal: it refuses until the allowance lapses). */
  units: number;
  /** What remained in the object after the grant: `RateLimit-Remaining` adds this isolate's units to it. */
  remainingElsewhere: number;
  /** The units of the latest grant it holds (what `wantsTopUp` measures `units` against). */
  granted: number;
  refused: boolean;
  expiresAt: number;
}

export function allowanceOf(grant: Grant, now: number): Allowance {
  return {
    limit: grant.limit,
    openedAt: grant.openedAt,
    units: grant.units,
    remainingElsewhere: grant.remaining,
    granted: grant.units,
    refused: grant.units === 0,
    expiresAt: Math.min(grant.openedAt + WINDOW_MS, now + ALLOWANCE_TTL_MS),
  };
}

/** Whether the allowance still answers for a key whose budget is `limit` at `now`. */
export function isCurrent(allowance: Allowance, limit: number, now: number): boolean {
  // Not compared with `openedAt`: the object's clock may run a little ahead of this isolate's.
  return allowance.limit === limit && now < allowance.expiresAt;
}

/**
 * One request against the allowance: allowed while it holds units, refused while it holds a refusal; `null`
 * when it cannot answer (lapsed, another limit, or spent), and a grant is needed.
 */
export function spend(
  allowance: Allowance | null,
  limit: number,
  now: number,
): { decision: Decision; allowance: Allowance } | null {
  if (!allowance || !isCurrent(allowance, limit, now)) return null;
  if (allowance.refused) return { decision: decisionOf(allowance, false, now), allowance };
  if (allowance.units === 0) return null;
  const next = { ...allowance, units: allowance.units - 1 };
  return { decision: decisionOf(next, true, now), allowance: next };
}

/** Whether a call that just spent from `allowance` should ask for a top-up (see `TOP_UP_MIN_GRANT`). */
export function wantsTopUp(allowance: Allowance | null, limit: number, now: number): boolean {
  if (!allowance || allowance.refused || allowance.granted < TOP_UP_MIN_GRANT) return false;
  if (!isCurrent(allowance, limit, now)) return false;
  return allowance.units * 4 <= allowance.granted || allowance.expiresAt - now <= TOP_UP_BEFORE_EXPIRY_MS;
}

/** A fresh grant joins what the isolate still holds of the same window (two requests may both ask). */
export function joined(held: Allowance | null, grant: Grant, now: number): Allowance {
  const fresh = allowanceOf(grant, now);
  if (!held || held.refused || !isCurrent(held, grant.limit, now) || held.openedAt !== grant.openedAt) return fresh;
  return { ...fresh, units: fresh.units + held.units, refused: fresh.units + held.units === 0 };
}

/** The answer to the request a grant was made for, should its window have closed before it arrived. */
export function grantedDecision(grant: Grant, now: number): Decision {
  return {
    allowed: grant.units > 0,
    limit: grant.limit,
    remaining: grant.remaining + Math.max(0, grant.units - 1),
    resetSeconds: resetSecondsAt(grant.openedAt, now),
  };
}

/** Units of a lapsed or replaced allowance to give back, if its window may still be open. */
export function unusedOf(allowance: Allowance | null): Unused | null {
  if (!allowance || allowance.refused || allowance.units === 0) return null;
  return { openedAt: allowance.openedAt, units: allowance.units };
}

function decisionOf(allowance: Allowance, allowed: boolean, now: number): Decision {
  return {
    allowed,
    limit: allowance.limit,
    remaining: allowance.remainingElsewhere + allowance.units,
    resetSeconds: resetSecondsAt(allowance.openedAt, now),
  };
}
