import type { ValueProblem } from "../entities/field-values";
import type { Coverage } from "./segments";

/**
 * The transaction rules of CONTRACT section 4 that are not about segments (those are the planner's):
 * the booking time, effective-date time zones and renewals. Pure; each returns what is wrong or null.
 */

/** How far in the future a `transactionTimestamp` may lie: clocks drift, a booking is not a forecast. */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;

/**
 * `transactionTimestamp` is the booking time: not earlier than the policy's own new-business or renewal
 * transaction (`notBefore`, null for that transaction itself) and not more than 5 minutes after `now`.
 * Concurrent transactions may still arrive in any order within those bounds. Compared as instants.
 */
export function transactionTimestampProblem(
  timestamp: string,
  bounds: { now: Date; notBefore: string | null },
): ValueProblem | null {
  const at = Date.parse(timestamp);
  const latest = bounds.now.getTime() + FUTURE_TOLERANCE_MS;
  if (at > latest)
    return {
      path: "transactionTimestamp",
      problem: `must not be more than 5 minutes in the future (the latest accepted now is ${new Date(latest).toISOString()})`,
    };
  if (bounds.notBefore !== null && at < Date.parse(bounds.notBefore))
    return {
      path: "transactionTimestamp",
      problem: `must not be earlier than the policy's own new-business or renewal transaction (${bounds.notBefore})`,
    };
  return null;
}

/** An effective date as sent: its zone may be absent (it then takes the policy's). */
export interface EffectiveDateInput {
  date: string;
  timezone?: string;
}

/** Endorse and cancel dates take the policy's zone when they carry none, and are refused naming another. */
export function effectiveDateProblem(effective: EffectiveDateInput, policyZone: string | null): ValueProblem | null {
  if (effective.timezone === undefined || policyZone === null || effective.timezone === policyZone) return null;
  return {
    path: "effectiveDate",
    problem: `must be in the policy's time zone ${policyZone} (or carry none), not ${effective.timezone}`,
  };
}

/** What a renewal is checked against: the renewed policy's current coverage and any live renewal of it. */
export interface RenewalFacts {
  previous: Coverage;
  /** A renewal of the same policy that has not been cancelled flat (it still covers a day). */
  liveRenewal: LiveRenewal | null;
  /** The renewal's term start. */
  termStart: string;
}

export type RenewalRefusal =
  | { kind: "data"; problem: ValueProblem }
  | { kind: "state"; field: string; message: string }
  | { kind: "renewed"; message: string };

/** A flat cancellation: effective on the term start, so the policy never covered a day. */
export const cancelledFlat = (coverage: Coverage) => coverage.cancellation?.effectiveDate === coverage.termStart;

/**
 * Renewal (CONTRACT section 4): the renewal term starts on the previous term's end (no gap, no
 * overlap); the previous policy must not be cancelled flat (it never took effect) and must not already
 * have a live renewal. A cancellation that is not flat does not stop a renewal.
 */
export function renewalRefusal({ previous, liveRenewal, termStart }: RenewalFacts): RenewalRefusal | null {
  if (termStart !== previous.termEnd)
    return {
      kind: "data",
      problem: {
        path: "policyStartDate",
        problem: `must be the renewed policy's term end ${previous.termEnd}, so the terms follow on without a gap or overlap`,
      },
    };
  if (cancelledFlat(previous))
    return {
      kind: "state",
      field: "previousPolicy",
      message: "The policy being renewed was cancelled flat: it never took effect, so there is nothing to renew",
    };
  if (liveRenewal) return alreadyRenewed(liveRenewal, "");
  return null;
}

/** A live renewal of the policy, named in the 409 `PolicyAlreadyRenewed` a refusal gives. */
export interface LiveRenewal {
  policyId: string;
  policyNumber: string;
}

const alreadyRenewed = (liveRenewal: LiveRenewal, consequence: string): RenewalRefusal => ({
  kind: "renewed",
  message: `The policy is already renewed by policy ${liveRenewal.policyNumber} (${liveRenewal.policyId})${consequence}`,
});

/**
 * Reinstating a renewal that was cancelled flat brings it into force again, so the renewal rules must hold
 * again: no other live renewal of the same policy (one may have been made meanwhile) and the terms still
 * follow on (the renewed policy's term end may have moved meanwhile). Any other reinstatement is not a
 * renewal coming back: a renewal cancelled later than its start stayed live.
 */
export function reinstatedRenewalRefusal(facts: {
  renewal: Coverage;
  previous: Coverage;
  otherLiveRenewal: LiveRenewal | null;
}): RenewalRefusal | null {
  const { renewal, previous, otherLiveRenewal } = facts;
  if (!cancelledFlat(renewal)) return null;
  if (otherLiveRenewal) return alreadyRenewed(otherLiveRenewal, ": this renewal cannot come back into force beside it");
  if (renewal.termStart !== previous.termEnd)
    return {
      kind: "state",
      field: "policyId",
      message:
        `The renewed policy's term now ends on ${previous.termEnd}, not on this renewal's start ${renewal.termStart}: ` +
        "reinstating it would leave a gap or an overlap between the terms",
    };
  return null;
}

/**
 * An endorsement that moves the term end of a policy with a live renewal would break "the renewal term
 * starts on the previous term's end" (CONTRACT section 4): the renewal must be cancelled flat first.
 */
export const termEndMoveRefusal = (liveRenewal: LiveRenewal): RenewalRefusal =>
  alreadyRenewed(liveRenewal, ": its term end cannot move while the renewal starts on it");
