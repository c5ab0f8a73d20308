import {
  advanceHeadStatement,
  insertVersionStatement,
  type PolicyHead,
  type PolicyVersionRow,
} from "../../db/queries/policies";
import type { PolicyAction } from "../../domain/policies/actions";
import type { Delta } from "../../domain/policies/deltas";
import { coveredSpan } from "../../domain/policies/segments";
import type { TransactionPlan } from "../../domain/policies/transaction-plan";
import type { TransactionBase } from "../../domain/policies/transactions";
import {
  type FullVersionView,
  policyStatus,
  type VersionRecord,
  versionView,
} from "../../domain/policies/version-view";
import type { OperationContext } from "../context";

/** A transaction the planner accepted: what the version stores. */
export type PlannedVersion = Extract<TransactionPlan, { ok: true }>;

/** The stored row of a version: the record, the span it covers, the deltas it replays with and the key that wrote it. */
export function versionRow(
  ctx: OperationContext,
  record: VersionRecord,
  deltas: readonly Delta[] | null,
): PolicyVersionRow {
  return {
    id: crypto.randomUUID(),
    companyId: ctx.companyId,
    policyId: record.policyId,
    version: record.version,
    action: record.action,
    transactionTimestamp: record.transactionTimestamp,
    displayAuthor: record.displayAuthor,
    effectiveDate: record.effectiveDate,
    ...coveredSpan(record.coverage),
    coverage: record.coverage,
    deltas: deltas ? [...deltas] : null,
    createdAt: record.createdAt,
    createdBy: ctx.actor.keyId,
  };
}

export interface NextVersion {
  action: Exclude<PolicyAction, "NEW_BUSINESS" | "RENEW">;
  request: TransactionBase;
  plan: PlannedVersion;
}

/**
 * Commits the next version of a policy (endorse, cancel, reinstate): the version row and the head moved
 * to it, in one batch. The head moves only while it is still at the version read; the unique (policy,
 * version) index is the backstop should anything bypass the object's queue.
 */
export async function recordNextVersion(
  ctx: OperationContext,
  head: PolicyHead,
  next: NextVersion,
): Promise<FullVersionView> {
  const { coverage, effectiveDate, deltas } = next.plan;
  const record: VersionRecord = {
    policyId: head.id,
    version: head.currentVersion + 1,
    action: next.action,
    transactionTimestamp: next.request.transactionTimestamp,
    displayAuthor: next.request.displayAuthor,
    effectiveDate,
    coverage,
    createdAt: ctx.now.toISOString(),
  };
  await ctx.db.batch([
    insertVersionStatement(ctx.db, versionRow(ctx, record, deltas)),
    advanceHeadStatement(ctx.db, head, {
      currentVersion: record.version,
      status: policyStatus(coverage),
      termEnd: coverage.termEnd,
      updatedAt: record.createdAt,
    }),
  ]);
  return versionView(record);
}
