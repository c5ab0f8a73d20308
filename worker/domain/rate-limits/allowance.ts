import { type Decision, type Grant, resetSecondsAt, type Unused, WINDOW_MS } from "./window";

/**
 * The isolate's side of a key's budget: the units of its last grant not yet used. Kept at most
 * `ALLOWANCE_TTL_MS` and never past its window, so units an isolate holds return to the object (with its next
 * grant request) or lapse with the window; a refusal is kept as long, so a key over budget costs no call.
 */
export const ALLOWANCE_TTL_MS = 1_000;

export interface Allowance {
  limit: number;
  openedAt: number;
  /** Units this isolate may still allow (0 after a refusal: it refuses until the allowance lapses). */
  units: number;
  /** What remained in the object after the grant: `RateLimit-Remaining` adds this isolate's units to it. */
  remainingElsewhere: number;
  refused: boolean;
  expiresAt: number;
}

export function allowanceOf(grant: Grant, now: number): Allowance {
  return {
    limit: grant.limit,
    openedAt: grant.openedAt,
    units: grant.units,
    remainingElsewhere: grant.remaining,
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
