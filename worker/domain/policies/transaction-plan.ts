import { isRecord } from "../../lib/json";
import type { ValueProblem } from "../entities/field-values";
import { todayOf } from "./civil-days";
import { applyDeltas, type Delta, type DeltaContext, termEndOf } from "./deltas";
import { completePolicyValues } from "./derived-policy-values";
import { policyTimezone, withTermEnd } from "./policy-term";
import { fullyEarnedCharges } from "./premium-schedule";
import { negativeRollupProblem, negativeRollups } from "./pricing";
import { withPrimaryInsured } from "./primary-insured";
import { type Coverage, endAt, endedAt, mergeEqualNeighbours, type Segment, splitAt, termSegments } from "./segments";
import {
  endorsementsAfter,
  type LoggedEndorsement,
  type LoggedTransaction,
  type TransactionLog,
} from "./transaction-log";

/**
 * The next version of a policy, planned without I/O (CONTRACT section 4). An endorsement changes the
 * data from its effective date on; the endorsements already issued that are effective later are applied
 * again over it, in replay order, so their changes stay in force from their own dates (reverse and
 * reapply). Cancel ends the coverage at its date and keeps the whole term to restore; reinstate restores
 * it. A cancellation effective after today is pending: endorsements effective before its date are still
 * accepted, and apply to the whole term it keeps to restore. Refusals are returned, never thrown.
 *
 * The planner starts from the stored coverage of the current version, not from new business: setting a
 * path composes so that applying the later endorsements again over this one gives the same data as
 * replaying the whole log (the property test checks it against a day-by-day replay), and a staff repair
 * of stored values stays in force wherever no endorsement sets the repaired value again.
 */

/** The policy as it stands: the current version's stored coverage and the log of its versions so far. */
export interface PolicyState {
  coverage: Coverage;
  /**
   * The planner reads only the endorsements effective after an endorsement's own date (those it replays
   * over it), so a caller may pass just those: an in-sequence endorsement needs an empty log.
   */
  log: TransactionLog;
}

/** A transaction to plan, its dates already read as civil days and its deltas already checked (`planDeltas`). */
export type PlanRequest =
  | { action: "NEW_BUSINESS" | "RENEW"; data: Record<string, unknown>; termStart: string; termEnd: string }
  | { action: "ENDORSE"; effectiveDate: string; deltas: readonly Delta[] }
  | { action: "CANCEL"; effectiveDate: string }
  | { action: "REINSTATE" };

/**
 * `state`: the policy is in the wrong state for the transaction (409 InvalidPolicyTransition); `date`: a
 * date is out of range (400 InvalidPolicyData naming `field`); `delta`: the deltas cannot be applied to
 * the data in force, or an endorsement effective later can no longer be applied over them (400 InvalidDelta).
 */
export type PlanRefusal =
  | { kind: "state" | "date"; field: string; message: string }
  | { kind: "delta"; problems: ValueProblem[] };

export type TransactionPlan =
  | {
      ok: true;
      /** What the version stores and shows, primary insured resolved in every segment. */
      coverage: Coverage;
      /** The version's effective date: the term start, the endorsement's or cancellation's date, or for a
       * reinstatement the date of the cancellation it lifts. */
      effectiveDate: string;
      /** What the version must record to be replayed: the endorsement's deltas, null for other actions. */
      deltas: readonly Delta[] | null;
    }
  | { ok: false; refusal: PlanRefusal };

export interface PlanContext extends DeltaContext {
  /**
   * The clock a configured primary-insured expression and the Calculated fields of the segments an endorsement
   * writes read; its UTC day is "today" for pending cancellations.
   */
  now: Date;
}

type Planned = Extract<TransactionPlan, { ok: true }>;
type Step<T> = { ok: true; value: T } | { ok: false; refusal: PlanRefusal };

const refuse = (kind: "state" | "date", field: string, message: string) =>
  ({ ok: false, refusal: { kind, field, message } }) as const;

export function planTransaction(
  current: PolicyState | null,
  request: PlanRequest,
  context: PlanContext,
): TransactionPlan {
  const planned = plannedCoverage(current, request, context);
  if (!planned.ok) return planned;
  const termed = withTermEnd(planned.coverage);
  // A later version carries every fully-earned charge written so far (CONTRACT section 4: kept when omitted).
  const coverage = current ? { ...termed, charged: fullyEarnedCharges(current.coverage) } : termed;
  return { ...planned, coverage: withPrimaryInsured(coverage, context.policyFields, context.now) };
}

function plannedCoverage(
  current: PolicyState | null,
  request: PlanRequest,
  context: PlanContext,
): Planned | { ok: false; refusal: PlanRefusal } {
  if (request.action === "NEW_BUSINESS" || request.action === "RENEW") return startTerm(request);
  if (!current) return refuse("state", "policyId", "The policy has no version to change");
  const today = todayOf(context.now);
  if (request.action === "ENDORSE") return endorseCoverage(current, request, context, today);
  if (request.action === "CANCEL") return cancelCoverage(current.coverage, request.effectiveDate, today);
  return reinstateCoverage(current.coverage);
}

/** The date of a cancellation on the policy that takes effect after today, or null. */
const pendingDate = (coverage: Coverage, today: string) => {
  const date = coverage.cancellation?.effectiveDate;
  return date !== undefined && date > today ? date : null;
};

function startTerm(request: Extract<PlanRequest, { termStart: string }>): Planned | ReturnType<typeof refuse> {
  const { termStart, termEnd, data } = request;
  if (termEnd <= termStart) return refuse("date", "policyEndDate", "policyEndDate must be after policyStartDate");
  const segments = [{ startDate: termStart, endDate: termEnd, data }];
  return {
    ok: true,
    coverage: { termStart, termEnd, segments, cancellation: null },
    effectiveDate: termStart,
    deltas: null,
  };
}

function outsideTerm(coverage: Coverage, day: string) {
  return refuse(
    "date",
    "effectiveDate",
    `effectiveDate ${day} is outside the policy term ${coverage.termStart} to ${coverage.termEnd}`,
  );
}

function endorseCoverage(
  { coverage, log }: PolicyState,
  request: Extract<PlanRequest, { action: "ENDORSE" }>,
  context: PlanContext,
  today: string,
): Planned | { ok: false; refusal: PlanRefusal } {
  const day = request.effectiveDate;
  const pending = pendingDate(coverage, today);
  if (coverage.cancellation && !pending)
    return refuse("state", "effectiveDate", "A cancelled policy cannot be endorsed; reinstate it first");
  if (day < coverage.termStart || day >= coverage.termEnd) return outsideTerm(coverage, day);
  if (pending && day >= pending)
    return refuse(
      "date",
      "effectiveDate",
      `effectiveDate ${day} is not before the pending cancellation effective ${pending}; reinstate first`,
    );
  const ownEnd = termEndOf(request.deltas);
  if (ownEnd !== null && ownEnd <= day)
    return refuse("date", "policyEndDate", `policyEndDate must be after the endorsement's effectiveDate ${day}`);
  if (ownEnd !== null && pending && ownEnd <= pending)
    return refuse("date", "policyEndDate", `policyEndDate must be after the pending cancellation's date ${pending}`);
  const zone = policyTimezone(coverage);
  const sentZone = request.deltas.findLast((d) => d.path === "policy.policyEndDate")?.value;
  if (zone && isRecord(sentZone) && sentZone.timezone !== zone) {
    const problem = `must be in the policy's time zone ${zone}, like policyStartDate`;
    return { ok: false, refusal: { kind: "delta", problems: [{ path: "policy.policyEndDate", problem }] } };
  }

  const later = endorsementsAfter(log, day);
  const termEnd = replayedTermEnd(coverage.termEnd, ownEnd, later);
  if (!termEnd.ok) return termEnd;

  // One segment boundary wherever this endorsement or a later one takes effect, within the replayed term.
  let segments = endAt(termSegments(coverage), termEnd.value);
  for (const cut of [day, ...later.map((l) => l.effectiveDate)]) segments = splitAt(segments, cut);
  const replayed: Segment[] = [];
  for (const segment of segments) {
    if (segment.startDate < day) {
      replayed.push(segment);
      continue;
    }
    const inForce = later.filter((l) => l.effectiveDate <= segment.startDate);
    const data = replayOver(segment.data, request.deltas, inForce, context);
    if (!data.ok) return data;
    // Each segment the endorsement writes derives its Calculated fields again, as any save does (segments before
    // its date are not written: a clock-reading field there keeps the value its own transaction derived).
    const derived = completePolicyValues(context.policyFields, data.value, [], context.now, (id) => `policy.${id}`);
    if (derived.problems.length) return { ok: false, refusal: { kind: "delta", problems: derived.problems } };
    replayed.push({ ...segment, data: derived.data });
  }
  const term = mergeEqualNeighbours(replayed);
  const negative = request.deltas.some((d) => d.path.startsWith("policy.fullTermPricingInfo"))
    ? negativeRollupsFrom(term, day)
    : [];
  if (negative.length) return { ok: false, refusal: { kind: "delta", problems: negative } };
  const cancelled = pending
    ? { segments: endedAt(term, pending), cancellation: { effectiveDate: pending, restore: term } }
    : { segments: term, cancellation: null };
  return {
    ok: true,
    coverage: { ...coverage, termEnd: termEnd.value, ...cancelled },
    effectiveDate: day,
    deltas: request.deltas,
  };
}

/** The negative rollups of the pricing in force from `day` on, once each (CONTRACT section 4). */
function negativeRollupsFrom(segments: readonly Segment[], day: string): ValueProblem[] {
  const seen = new Map<string, ValueProblem>();
  for (const segment of segments) {
    if (segment.endDate <= day) continue;
    for (const negative of negativeRollups(segment.data.fullTermPricingInfo)) {
      const problem = negativeRollupProblem("policy.fullTermPricingInfo", negative);
      if (!seen.has(problem.path)) seen.set(problem.path, problem);
    }
  }
  return [...seen.values()];
}

/**
 * The term end once the endorsement is replayed in its place: unchanged unless it moves the term end,
 * and then the later endorsements (which each had to fall inside the term when issued) must still do.
 */
function replayedTermEnd(termEnd: string, ownEnd: string | null, later: readonly LoggedEndorsement[]): Step<string> {
  if (ownEnd === null) return { ok: true, value: termEnd };
  let end = ownEnd;
  for (const endorsement of later) {
    if (endorsement.effectiveDate >= end)
      return refuse(
        "date",
        "policyEndDate",
        `policyEndDate ${ownEnd} would end the term before the endorsement effective ${endorsement.effectiveDate} ` +
          `(version ${endorsement.version})`,
      );
    end = endorsement.termEnd ?? end;
  }
  return { ok: true, value: end };
}

/** The data in force: the new deltas applied, then every later endorsement already in force on the day. */
function replayOver(
  data: Record<string, unknown>,
  deltas: readonly Delta[],
  later: readonly LoggedEndorsement[],
  context: DeltaContext,
): Step<Record<string, unknown>> {
  const own = applyDeltas(data, deltas, context);
  if (!own.ok) return { ok: false, refusal: { kind: "delta", problems: own.problems } };
  let next = own.data;
  for (const endorsement of later) {
    const again = applyDeltas(next, endorsement.deltas, context);
    if (!again.ok) {
      const problems = again.problems.map((p) => ({
        path: p.path,
        problem:
          `${p.problem} once the endorsement effective ${endorsement.effectiveDate} ` +
          `(version ${endorsement.version}) is applied again over this one`,
      }));
      return { ok: false, refusal: { kind: "delta", problems } };
    }
    next = again.data;
  }
  return { ok: true, value: next };
}

function cancelCoverage(coverage: Coverage, day: string, today: string): Planned | ReturnType<typeof refuse> {
  const pending = pendingDate(coverage, today);
  if (pending) return refuse("state", "effectiveDate", `The policy already has a cancellation pending from ${pending}`);
  if (coverage.cancellation) return refuse("state", "effectiveDate", "The policy is already cancelled");
  if (day < coverage.termStart) return outsideTerm(coverage, day);
  // Coverage in force ends at the term end: a cancellation on that day would cancel nothing.
  if (day >= coverage.termEnd)
    return refuse(
      "date",
      "effectiveDate",
      `effectiveDate ${day} is not before the end of coverage ${coverage.termEnd}: nothing is left to cancel`,
    );
  const term = [...termSegments(coverage)];
  const cancellation = { effectiveDate: day, restore: term };
  return {
    ok: true,
    coverage: { ...coverage, segments: endedAt(term, day), cancellation },
    effectiveDate: day,
    deltas: null,
  };
}

function reinstateCoverage(coverage: Coverage): Planned | ReturnType<typeof refuse> {
  const { cancellation } = coverage;
  if (!cancellation) return refuse("state", "action", "Only a cancelled policy can be reinstated");
  return {
    ok: true,
    coverage: { ...coverage, segments: cancellation.restore, cancellation: null },
    effectiveDate: cancellation.effectiveDate,
    deltas: null,
  };
}

/** The transaction a logged version carried, as the planner takes it. */
export function requestOf(logged: LoggedTransaction): PlanRequest {
  switch (logged.action) {
    case "NEW_BUSINESS":
    case "RENEW":
      return { action: logged.action, data: logged.data, termStart: logged.termStart, termEnd: logged.termEnd };
    case "ENDORSE":
      return { action: "ENDORSE", effectiveDate: logged.effectiveDate, deltas: logged.deltas };
    case "CANCEL":
      return { action: "CANCEL", effectiveDate: logged.effectiveDate };
    case "REINSTATE":
      return { action: "REINSTATE" };
  }
}

/**
 * The coverage the whole log gives when every version is planned again from new business: what the
 * stored coverage of the last version must equal when no repair changed stored values in place.
 */
export function replayLog(log: TransactionLog, context: PlanContext): TransactionPlan {
  let state: PolicyState | null = null;
  let plan: TransactionPlan = refuse("state", "version", "The log holds no transaction");
  for (const [i, logged] of log.entries()) {
    plan = planTransaction(state, requestOf(logged), context);
    if (!plan.ok) return plan;
    state = { coverage: plan.coverage, log: log.slice(0, i + 1) };
  }
  return plan;
}
