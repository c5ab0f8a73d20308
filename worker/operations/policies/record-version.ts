import { runBatch } from "../../db/queries/batch";
import {
  advanceHeadStatement,
  insertVersionKeepingStored,
  type PolicyHead,
  type PolicyVersionRow,
} from "../../db/queries/policies";
import type { PolicyAction } from "../../domain/policies/actions";
import type { Delta } from "../../domain/policies/deltas";
import { transactionPremium } from "../../domain/policies/earned-premium";
import { type Coverage, coveredSpan } from "../../domain/policies/segments";
import type { TransactionPlan } from "../../domain/policies/transaction-plan";
import type { TransactionBase } from "../../domain/policies/transactions";
import {
  type FullVersionView,
  recordedStatus,
  type VersionRecord,
  versionView,
} from "../../domain/policies/version-view";
import type { OperationContext } from "../context";
import type { PreparedInvoicePlan } from "../financials/invoice-plan";
import { invoicePlanAnswer } from "../financials/transaction-invoice-plan";
import { forgetPolicy, keepCommitted } from "./kept-policies";
import { viewContextOf } from "./view-context";

/** A transaction's answer: the new version, and what its invoice plan did when it carried one. */
export type TransactionAnswer = FullVersionView & Partial<ReturnType<typeof invoicePlanAnswer>>;

/** A transaction the planner accepted: what the version stores. */
export type PlannedVersion = Extract<TransactionPlan, { ok: true }>;

/** What a version row records beside its coverage: the deltas it replays with, and its place in the ledger. */
export interface VersionLedger {
  deltas: readonly Delta[] | null;
  /** The coverage of the version before it (null for new business and renewal). */
  before: Coverage | null;
}

/**
 * The stored row of a version: the record, the span it covers, the deltas it replays with, its
 * transaction premium (the written premium it changed, per kind) and the key that wrote it.
 */
export function versionRow(ctx: OperationContext, record: VersionRecord, ledger: VersionLedger): PolicyVersionRow {
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
    deltas: ledger.deltas ? [...ledger.deltas] : null,
    transactionPremium: transactionPremium(ledger.before, record.coverage),
    createdAt: record.createdAt,
    createdBy: ctx.actor.keyId,
  };
}

export interface NextVersion {
  action: Exclude<PolicyAction, "NEW_BUSINESS" | "RENEW">;
  request: TransactionBase;
  /** The current version's coverage, which the new version follows. */
  before: Coverage;
  plan: PlannedVersion;
  /** The transaction's invoice plan, checked against this version (`invoicePlanForTransaction`). */
  invoices: PreparedInvoicePlan | null;
}

/**
 * Commits the next version of a policy (endorse, cancel, reinstate): the version row, the head moved to
 * it and the statements of its invoice plan, in one batch. The head moves only while it is still at the version read; the unique (policy,
 * version) index is the backstop should anything bypass the object's queue.
 */
export async function recordNextVersion(
  ctx: OperationContext,
  head: PolicyHead,
  next: NextVersion,
): Promise<TransactionAnswer> {
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
  const row = versionRow(ctx, record, { deltas, before: next.before });
  const advanced = {
    currentVersion: record.version,
    status: recordedStatus(coverage),
    termEnd: coverage.termEnd,
    updatedAt: record.createdAt,
  };
  const inserted = insertVersionKeepingStored(ctx.db, row);
  const statements = [
    inserted.write,
    advanceHeadStatement(ctx.db, head, advanced),
    ...(next.invoices?.statements ?? []),
  ];
  const answer = async () => ({
    ...versionView(record, await viewContextOf(ctx, record)),
    ...invoicePlanAnswer(next.invoices),
  });
  if (ctx.commitGroup) {
    // Committed with the group's batch: answered now, kept as the state the next member plans from.
    const answered = await answer();
    keepCommitted(ctx, { ...head, ...advanced }, inserted.stored);
    ctx.commitGroup.add(row, statements); // last: nothing after it can fail and leave a refused member's write
    return answered;
  }
  try {
    await runBatch(ctx.db, statements);
  } catch (error) {
    forgetPolicy(ctx, head.id);
    throw error;
  }
  keepCommitted(ctx, { ...head, ...advanced }, inserted.stored);
  return answer();
}
