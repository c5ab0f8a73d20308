import { guardedReceiptStatement } from "../../db/queries/audit-log";
import { runBatch } from "../../db/queries/batch";
import { countFinancialRecords, deleteFinancialRecordsStatements, stillSandbox } from "../../db/queries/financial-wipe";
import { auditReceipt } from "../audit-receipt";
import { requireSandboxCompany } from "../company/require-company";
import type { OperationContext } from "../context";
import { forgetKeptLedger } from "./kept-ledger";

export interface FinancialsWipeReceipt {
  invoices: number;
  payments: number;
  journalEntries: number;
  billReviewRuns: number;
}

/**
 * Serialized in the company object (no money write interleaves). `POST P/financials/deleteAll` (CONTRACT
 * section 7.9): removes invoices, payments, journal entries, accounts, running balances and bill review runs
 * of a Sandbox company, keeps the configuration and its ids, with an audit receipt, in one batch. Safe to
 * retry: a repeat removes nothing and answers zeros.
 */
export async function deleteAllFinancials(ctx: OperationContext): Promise<FinancialsWipeReceipt> {
  // The accounts and sequences the object kept go with the rows (whether or not the wipe commits).
  if (ctx.memo) forgetKeptLedger(ctx.memo);
  await requireSandboxCompany(ctx, "Deleting all financials data");
  const counts = await countFinancialRecords(ctx.db, ctx.companyId);
  const receipt = guardedReceiptStatement(
    ctx.db,
    auditReceipt(ctx, "deleteAllFinancials"),
    { ...counts },
    stillSandbox(ctx.db, ctx.companyId),
  );
  await runBatch(ctx.db, [receipt, ...deleteFinancialRecordsStatements(ctx.db, ctx.companyId)]);
  return counts;
}
