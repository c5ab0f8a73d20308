import {
  findOriginTimestamp,
  findPolicyWithCurrentVersion,
  type PolicyHead,
  type PolicyVersionRow,
} from "../../db/queries/policies";
import { deepFreeze } from "../../lib/deep-freeze";
import type { CompanyMemo } from "../configuration/configuration-of";
import type { OperationContext } from "../context";

/**
 * What the company object keeps of a policy between its transactions (issue 16, lever 3): the head, the
 * current version row and the origin transaction timestamp. Only operations the object runs write policy
 * rows, so it updates what it keeps after its own commits (`keepCommitted`) and forgets a policy whose
 * commit failed; repairs, wipes, resets and imports forget them all (`durable/company.ts`). In the worker
 * (no memo) every read goes to D1.
 */
export interface KeptPolicy {
  head: PolicyHead;
  current: PolicyVersionRow;
  /** Version 1's transaction timestamp, once read (undefined until then). */
  origin?: string | null;
  /**
   * A day no stored endorsement of the policy is effective after, once learned (undefined until then): an
   * endorsement effective on or after it has nothing to replay, so it reads no log (`readPolicyState`).
   */
  endorsedUpTo?: string;
}

/** The most policies kept at once: the least recently used is dropped first (a fleet version can be MBs). */
export const KEPT_POLICIES = 128;

function kept(ctx: OperationContext): Map<string, KeptPolicy> | undefined {
  if (!ctx.memo) return undefined;
  ctx.memo.policies ??= new Map();
  return ctx.memo.policies;
}

/** Keeps `policy`, its head and version frozen: callers hand over a copy no one else holds. */
function keep(ctx: OperationContext, policy: KeptPolicy) {
  const policies = kept(ctx);
  if (!policies) return;
  deepFreeze(policy.head);
  deepFreeze(policy.current);
  policies.delete(policy.head.id);
  policies.set(policy.head.id, policy);
  const oldest = policies.keys().next().value;
  if (policies.size > KEPT_POLICIES && oldest !== undefined) policies.delete(oldest);
}

/**
 * A kept policy's head and current version, deep-frozen (no operation can change what the next one reads; a
 * copy per transaction cost about 2% of an endorsement's CPU); undefined when the object keeps none (or in
 * the worker).
 */
export function keptPolicyRows(ctx: OperationContext, policyId: string) {
  const known = kept(ctx)?.get(policyId);
  return known ? { head: known.head, current: known.current } : undefined;
}

/** A policy's head and current version: kept ones frozen (no operation changes what the next reads). */
export async function currentPolicyRows(
  ctx: OperationContext,
  policyId: string,
): Promise<{ head: PolicyHead; current: PolicyVersionRow } | null> {
  const known = keptPolicyRows(ctx, policyId);
  if (known) return known;
  const { head, current } = await findPolicyWithCurrentVersion(ctx.db, ctx.companyId, policyId);
  if (!head) return null;
  if (!current) throw new Error(`policy ${head.id} has no row for its current version ${head.currentVersion}`);
  keep(ctx, structuredClone({ head, current }));
  return { head, current };
}

/** Version 1's transaction timestamp (a transaction may not be timestamped before it). */
export async function originTimestampOf(ctx: OperationContext, policyId: string): Promise<string | null> {
  const known = kept(ctx)?.get(policyId);
  if (known?.origin !== undefined) return known.origin;
  const origin = await findOriginTimestamp(ctx.db, ctx.companyId, policyId);
  if (known) known.origin = origin;
  return origin;
}

/**
 * After a committed transaction: the policy's new head and version as D1 now holds them (JSON values as
 * read back, absent columns as NULL), so the next transaction starts without reading them. `current` comes
 * decoded from the text its insert bound (`insertVersionKeepingStored`), a copy no one else holds; the head
 * is copied here (`asStored`).
 */
export function keepCommitted(ctx: OperationContext, head: PolicyHead, current: PolicyVersionRow) {
  const known = kept(ctx)?.get(head.id);
  const origin = known?.origin;
  // A committed endorsement raises the bound; the other actions leave the endorsements as they were.
  const bound = known?.endorsedUpTo;
  const endorsedUpTo =
    bound !== undefined && current.action === "ENDORSE" ? laterDay(bound, current.effectiveDate) : bound;
  keep(ctx, {
    head: asStored(head),
    current,
    ...(origin === undefined ? {} : { origin }),
    ...(endorsedUpTo === undefined ? {} : { endorsedUpTo }),
  });
}

/** The later of two `YYYY-MM-DD` days (ISO days order as text, as D1 compares them). */
function laterDay(a: string, b: string): string {
  return b > a ? b : a;
}

/** The day no stored endorsement of the policy is effective after, when the object has learned one. */
export function knownEndorsedUpTo(ctx: OperationContext, policyId: string): string | undefined {
  return kept(ctx)?.get(policyId)?.endorsedUpTo;
}

/**
 * After reading the stored endorsements effective after `day` (all of them): none is effective after the
 * latest of those and `day`. Kept only for a policy the object keeps.
 */
export function learnEndorsedUpTo(
  ctx: OperationContext,
  policyId: string,
  day: string,
  read: { effectiveDate: string }[],
) {
  const known = kept(ctx)?.get(policyId);
  if (known) known.endorsedUpTo = read.reduce((latest, e) => laterDay(latest, e.effectiveDate), day);
}

/** A policy whose write failed: read anew next time. */
export function forgetPolicy(ctx: OperationContext, policyId: string) {
  ctx.memo?.policies?.delete(policyId);
}

/** After policy rows changed outside a transaction (repair, wipe) or a group's batch failed: read all anew. */
export function forgetKeptPolicies(memo: CompanyMemo) {
  memo.policies = undefined;
}

function asStored<T extends object>(row: T): T {
  return Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column,
      value === undefined ? null : JSON.parse(JSON.stringify(value)),
    ]),
  ) as T;
}
