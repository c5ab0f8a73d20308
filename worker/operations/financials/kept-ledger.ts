import type { AccountRow } from "../../db/queries/ledger";
import type { MemberRow } from "../../domain/financials/members";
import { deepFreeze } from "../../lib/deep-freeze";
import type { CompanyMemo } from "../configuration/configuration-of";
import type { OperationContext } from "../context";

/**
 * Where the company's ledger stood after the object's last invoice create or invoice payment (issue 16, lever
 * 3): its accounts, the journal's last sequence, and the last invoice's and payment's when known. Only
 * operations of the company object write the ledger, one at a time, so these two writes can post from what
 * the last one left instead of reading it. The state is handed over, not shared: every journal writer takes
 * it (`takeKeptLedger`) and only a committed create or payment gives it back, so any other money write,
 * committed or not, leaves the next one to read D1. The wipes of the ledger forget it (`forgetKeptLedger`).
 * Should D1 still have moved (a write behind the object's back), the unique sequences fail the batch and the
 * write runs again on what it reads.
 */
export interface KeptLedger {
  accounts: readonly AccountRow[];
  journalSequence: number;
  invoiceSequence?: number | undefined;
  paymentSequence?: number | undefined;
}

/** The kept ledger, which this operation now owns: the object keeps nothing until it is given back. */
export function takeKeptLedger(ctx: OperationContext): KeptLedger | undefined {
  const kept = ctx.memo?.ledger;
  if (ctx.memo) ctx.memo.ledger = undefined;
  return kept;
}

/** After a commit: the ledger as the committed batch left it (frozen: the next writer reads it as is). */
export function keepLedger(ctx: OperationContext, ledger: KeptLedger): void {
  if (ctx.memo) ctx.memo.ledger = deepFreeze(ledger);
}

export function forgetKeptLedger(memo: CompanyMemo): void {
  memo.ledger = undefined;
}

/**
 * The company's financial member rows (the ids of its categories and line item types): kept by the object,
 * where only an import or a reset changes them (and both forget everything it keeps); read in the worker.
 */
export async function memberRowsOf(
  ctx: OperationContext,
  load: () => Promise<readonly MemberRow[]>,
): Promise<readonly MemberRow[]> {
  if (!ctx.memo) return load();
  ctx.memo.financialMembers ??= deepFreeze(await load());
  return ctx.memo.financialMembers;
}

/** A D1 batch refused by a constraint (a guard's NOT NULL, a unique sequence): nothing of it committed. */
export const isConstraintFailure = (error: unknown) =>
  error instanceof Error && /constraint failed/i.test(error.message);
