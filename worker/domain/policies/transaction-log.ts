import { sameJson } from "../../lib/json";
import type { PolicyAction } from "./actions";
import { type Delta, termEndOf } from "./deltas";
import { PRIMARY_INSURED_FIELDS } from "./primary-insured";
import { type Coverage, segmentOn, termSegments } from "./segments";

/**
 * A policy's transaction log: what each version did, as plain data, in version (issue) order. It is
 * what out-of-sequence endorsements are replayed from (CONTRACT section 4, "Out-of-sequence
 * endorsements"): the segments of every version are the endorsement deltas replayed in effective-date
 * order, issue order within one date, over the new-business data.
 */
export type LoggedTransaction = { version: number; transactionTimestamp: string } & (
  | { action: "NEW_BUSINESS" | "RENEW"; data: Record<string, unknown>; termStart: string; termEnd: string }
  | LoggedEndorsementChange
  | { action: "CANCEL"; effectiveDate: string }
  | { action: "REINSTATE" }
);

interface LoggedEndorsementChange {
  action: "ENDORSE";
  effectiveDate: string;
  deltas: readonly Delta[];
  /** The term end the endorsement sets (its `policy.policyEndDate` delta), or null when it keeps the term. */
  termEnd: string | null;
  /** `recorded` with the version; `derived` from the stored segments of a version written before that. */
  deltasFrom: "recorded" | "derived";
}

export type LoggedEndorsement = Extract<LoggedTransaction, { action: "ENDORSE" }>;
export type TransactionLog = readonly LoggedTransaction[];

/** One stored version as the log needs it (a `policy_versions` row has these members). */
export interface StoredVersion {
  version: number;
  action: PolicyAction;
  transactionTimestamp: string;
  effectiveDate: string;
  /** The endorsement's deltas as recorded; null for other actions and for versions written before they were. */
  deltas: readonly Delta[] | null;
  coverage: Coverage;
}

const DERIVED = new Set<string>(PRIMARY_INSURED_FIELDS);

/**
 * The deltas of an endorsement stored without them: each policy field whose value in force on the
 * effective date differs from the predecessor's, set whole to the endorsed value (derived fields
 * left out: they are resolved again). The engine that wrote such versions applied one change to every
 * segment from the effective date on, so for the histories it wrote in sequence (every effective date
 * on or after the earlier ones) these deltas give back exactly the version's segments from its
 * predecessor's. A member path (`policy.mailingAddress.city`) comes back as the whole field.
 */
export function legacyEndorsementDeltas(before: Coverage, after: Coverage, effectiveDate: string): Delta[] {
  const was = segmentOn(termSegments(before), effectiveDate)?.data ?? {};
  const now = segmentOn(termSegments(after), effectiveDate)?.data ?? {};
  return Object.keys(now)
    .filter((key) => !DERIVED.has(key) && (!(key in was) || !sameJson(was[key], now[key])))
    .map((key) => ({ path: `policy.${key}`, value: now[key] }));
}

/** The log of a policy from its stored versions; endorsements stored without deltas get derived ones. */
export function transactionLog(versions: readonly StoredVersion[]): TransactionLog {
  const ordered = [...versions].sort((a, b) => a.version - b.version);
  return ordered.map((stored, i) => loggedTransaction(stored, ordered[i - 1]));
}

function loggedTransaction(stored: StoredVersion, previous: StoredVersion | undefined): LoggedTransaction {
  const base = { version: stored.version, transactionTimestamp: stored.transactionTimestamp };
  switch (stored.action) {
    case "NEW_BUSINESS":
    case "RENEW":
      return {
        ...base,
        action: stored.action,
        data: termSegments(stored.coverage)[0]?.data ?? {},
        termStart: stored.coverage.termStart,
        termEnd: stored.coverage.termEnd,
      };
    case "ENDORSE":
      return loggedEndorsement(stored, previous && { before: previous.coverage, after: stored.coverage });
    case "CANCEL":
      return { ...base, action: "CANCEL", effectiveDate: stored.effectiveDate };
    case "REINSTATE":
      return { ...base, action: "REINSTATE" };
  }
}

/** An endorsement stored with its deltas, or stored before they were recorded. */
export type StoredEndorsement = Pick<StoredVersion, "version" | "transactionTimestamp" | "effectiveDate" | "deltas">;

/**
 * One endorsement as the log holds it: its recorded deltas, or, for a version stored without them, the
 * deltas derived from its own coverage and its predecessor's (`legacy`; none when it has no predecessor).
 */
export function loggedEndorsement(
  stored: StoredEndorsement,
  legacy?: { before: Coverage; after: Coverage },
): LoggedEndorsement {
  const deltas =
    stored.deltas ?? (legacy ? legacyEndorsementDeltas(legacy.before, legacy.after, stored.effectiveDate) : []);
  return {
    version: stored.version,
    transactionTimestamp: stored.transactionTimestamp,
    action: "ENDORSE",
    effectiveDate: stored.effectiveDate,
    deltas,
    termEnd: termEndOf(deltas),
    deltasFrom: stored.deltas ? "recorded" : "derived",
  };
}

/**
 * The endorsements one effective `day` goes before in the replay, in replay order: those effective
 * later (an endorsement issued now comes after every earlier one of its own date).
 */
export function endorsementsAfter(log: TransactionLog, day: string): LoggedEndorsement[] {
  return log
    .filter((t): t is LoggedEndorsement => t.action === "ENDORSE" && t.effectiveDate > day)
    .sort((a, b) =>
      a.effectiveDate === b.effectiveDate ? a.version - b.version : a.effectiveDate < b.effectiveDate ? -1 : 1,
    );
}
