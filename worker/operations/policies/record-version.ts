import {
  advanceHeadStatement,
  insertVersionStatement,
  type PolicyHead,
  type PolicyVersionRow,
} from "../../db/queries/policies";
import type { SubField } from "../../domain/configuration/document";
import type { PolicyAction } from "../../domain/policies/actions";
import { primaryInsuredOf } from "../../domain/policies/primary-insured";
import { type Coverage, coveredSpan } from "../../domain/policies/segments";
import type { TransactionBase } from "../../domain/policies/transactions";
import {
  type FullVersionView,
  policyStatus,
  type VersionRecord,
  versionView,
} from "../../domain/policies/version-view";
import type { OperationContext } from "../context";

/** Every segment carries its own resolved primary insured (interface: resolved per segment). */
export function withPrimaryInsured(coverage: Coverage, policyFields: readonly SubField[], now: Date): Coverage {
  const resolve = (segments: Coverage["segments"]) =>
    segments.map((s) => ({ ...s, data: { ...s.data, ...primaryInsuredOf(s.data, policyFields, now) } }));
  return {
    ...coverage,
    segments: resolve(coverage.segments),
    cancellation: coverage.cancellation
      ? { ...coverage.cancellation, restore: resolve(coverage.cancellation.restore) }
      : null,
  };
}

/** The stored row of a version: the record, the span it covers and the key that wrote it. */
export function versionRow(ctx: OperationContext, record: VersionRecord): PolicyVersionRow {
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
    // Not recorded yet: the planner that replays endorsements is wired in next (legacy rows derive theirs).
    deltas: null,
    createdAt: record.createdAt,
    createdBy: ctx.actor.keyId,
  };
}

export interface NextVersion {
  action: Exclude<PolicyAction, "NEW_BUSINESS" | "RENEW">;
  request: TransactionBase;
  effectiveDate: string;
  /** The new coverage, primary insured not yet resolved. */
  coverage: Coverage;
}

/**
 * Commits the next version of a policy (endorse, cancel, reinstate): the version row and the head moved
 * to it, in one batch. The head moves only while it is still at the version read; the unique (policy,
 * version) index is the backstop should anything bypass the object's queue.
 */
export async function recordNextVersion(
  ctx: OperationContext,
  head: PolicyHead,
  policyFields: readonly SubField[],
  next: NextVersion,
): Promise<FullVersionView> {
  const coverage = withPrimaryInsured(next.coverage, policyFields, ctx.now);
  const record: VersionRecord = {
    policyId: head.id,
    version: head.currentVersion + 1,
    action: next.action,
    transactionTimestamp: next.request.transactionTimestamp,
    displayAuthor: next.request.displayAuthor,
    effectiveDate: next.effectiveDate,
    coverage,
    createdAt: ctx.now.toISOString(),
  };
  await ctx.db.batch([
    insertVersionStatement(ctx.db, versionRow(ctx, record)),
    advanceHeadStatement(ctx.db, head, {
      currentVersion: record.version,
      status: policyStatus(coverage),
      termEnd: coverage.termEnd,
      updatedAt: record.createdAt,
    }),
  ]);
  return versionView(record);
}
