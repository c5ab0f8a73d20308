import { findVersion, listEndorsementsAfter, type PolicyVersionRow } from "../../db/queries/policies";
import { loggedEndorsement, type StoredEndorsement } from "../../domain/policies/transaction-log";
import type { PolicyState } from "../../domain/policies/transaction-plan";
import type { OperationContext } from "../context";
import { knownEndorsedUpTo, learnEndorsedUpTo } from "./kept-policies";

/**
 * What a transaction is planned from: the current version's coverage and, for an endorsement effective
 * on `endorsedFrom`, the endorsements effective after it (the only part of the log the planner replays).
 * Those are read by range, so an in-sequence endorsement reads no extra row however long the history;
 * an endorsement stored before deltas were recorded also reads its own and its predecessor's coverage.
 */
export async function readPolicyState(
  ctx: OperationContext,
  current: PolicyVersionRow,
  endorsedFrom?: string,
): Promise<PolicyState> {
  if (endorsedFrom === undefined) return { coverage: current.coverage, log: [] };
  const stored = await storedEndorsementsAfter(ctx, current.policyId, endorsedFrom);
  const later = [...stored, ...(ctx.commitGroup?.endorsementsAfter(current.policyId, endorsedFrom) ?? [])];
  const log = await Promise.all(
    later.map(async (stored) =>
      stored.deltas
        ? loggedEndorsement(stored)
        : loggedEndorsement(stored, await legacyCoverages(ctx, current, stored)),
    ),
  );
  return { coverage: current.coverage, log };
}

/**
 * The stored endorsements effective after `day`: none, without reading, when the company object knows no
 * stored endorsement of the policy is effective after a day on or before it (an endorsement in sequence, the
 * usual case); otherwise read, and the bound learned for the next.
 */
async function storedEndorsementsAfter(ctx: OperationContext, policyId: string, day: string) {
  const bound = knownEndorsedUpTo(ctx, policyId);
  if (bound !== undefined && day >= bound) return [];
  const stored = await listEndorsementsAfter(ctx.db, ctx.companyId, policyId, day);
  learnEndorsedUpTo(ctx, policyId, day, stored);
  return stored;
}

/** A legacy endorsement's coverage and its predecessor's, from which its deltas are derived. */
async function legacyCoverages(ctx: OperationContext, current: PolicyVersionRow, stored: StoredEndorsement) {
  const row = async (version: number) =>
    version === current.version ? current : await findVersion(ctx.db, ctx.companyId, current.policyId, version);
  const [after, before] = await Promise.all([row(stored.version), row(stored.version - 1)]);
  if (!after || !before)
    throw new Error(`policy ${current.policyId} is missing version ${stored.version} or its predecessor`);
  return { before: before.coverage, after: after.coverage };
}
