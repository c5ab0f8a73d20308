import type { Statement } from "../../db/queries/batch";
import {
  type InvoiceRow,
  insertInvoiceStatement,
  invoicesOfPolicy,
  lastInvoiceSequence,
  paymentLinesOf,
  updateInvoiceStatement,
} from "../../db/queries/invoices";
import { billedByKind, conservationGaps, type KindAmounts } from "../../domain/financials/conservation";
import { type FieldProblem, within } from "../../domain/financials/invoice-draft";
import type { InvoicePlan } from "../../domain/financials/invoice-plan";
import { invoiceHeadStale, invoicePlanInvalid, invoicePlanNotConserving } from "../../errors/financial-refusals";
import type { OperationContext } from "../context";
import { type FinancialSetup, loadFinancialSetup } from "./financial-setup";
import { type InvoiceView, invoiceView } from "./invoice-view";
import { JournalWriter } from "./journal-writer";
import { postInvoiceEntry } from "./ledger-postings";
import { checkInvoiceInput, newInvoiceRow } from "./new-invoice";

export interface InvoicePlanResult {
  voided: string[];
  created: InvoiceView[];
  /** The policy's active invoices after the plan, oldest first. */
  active: string[];
}

/** A plan checked against the policy, ready to commit in the caller's D1 batch. */
export interface PreparedInvoicePlan {
  statements: Statement[];
  result: InvoicePlanResult;
}

/**
 * Checks a plan for a policy and builds its statements, without writing (the caller commits them in one
 * batch, with a policy version when a transaction carries the plan). Refusals, in order: 422
 * `INVOICE_PLAN_INVALID` (details naming each entry), 409 `INVOICE_HEAD_STALE`, 422
 * `INVOICE_PLAN_NOT_CONSERVING` (unless the policy is left with no active invoice). `priced` is what the
 * policy's pricing writes per kind after the change (the version the plan commits with).
 */
export async function prepareInvoicePlan(
  ctx: OperationContext,
  input: { policyId: string; plan: InvoicePlan; priced: KindAmounts; setup?: FinancialSetup },
): Promise<PreparedInvoicePlan> {
  const { plan, policyId } = input;
  const { catalog } = input.setup ?? (await loadFinancialSetup(ctx));
  const existing = await invoicesOfPolicy(ctx.db, ctx.companyId, policyId);
  const payments = await paymentLinesOf(
    ctx.db,
    ctx.companyId,
    existing.map((row) => row.id),
  );
  const active = existing.filter((row) => row.status !== "void");
  const activeById = new Map(active.map((row) => [row.id, row]));

  const problems: FieldProblem[] = [];
  const voids: InvoiceRow[] = [];
  plan.voidInvoices.forEach((entry, i) => {
    const field = `voidInvoices[${i}]`;
    const row = activeById.get(entry.invoiceId);
    if (plan.voidInvoices.findIndex((e) => e.invoiceId === entry.invoiceId) !== i) {
      problems.push({ field, message: "names an invoice listed before" });
    } else if (!row) {
      problems.push({ field, message: "is not an active invoice of this policy" });
    } else if (payments.some((p) => p.invoiceId === row.id)) {
      problems.push({ field, message: "has payments: an invoice with payments is kept" });
    } else voids.push(row);
  });
  if (plan.keep) problems.push(...keepProblems(plan, activeById));
  const checks = await Promise.all(
    plan.createInvoices.map((entry) =>
      checkInvoiceInput(ctx, catalog, entry, { entityType: "policy", total: "nonzero" }),
    ),
  );
  checks.forEach((check, i) => {
    if (!check.ok) problems.push(...within(`createInvoices[${i}]`, check.problems));
  });
  if (problems.length) throw invoicePlanInvalid(problems);
  const stale = plan.voidInvoices.find(
    (entry) => activeById.get(entry.invoiceId)?.headJournalId !== entry.headJournalId,
  );
  if (stale) throw invoiceHeadStale(stale.headJournalId, activeById.get(stale.invoiceId)?.headJournalId ?? "");

  let sequence = await lastInvoiceSequence(ctx.db, ctx.companyId);
  const created = plan.createInvoices.flatMap((entry, i) => {
    const check = checks[i];
    if (!check?.ok) return [];
    sequence += 1;
    return [newInvoiceRow(ctx, { entityType: "policy", entityId: policyId, sequence }, entry, check.value)];
  });
  const voidedIds = new Set(voids.map((row) => row.id));
  const activeAfter = [...active.filter((row) => !voidedIds.has(row.id)), ...created];
  if (activeAfter.length) {
    const typeOf = (id: string) => catalog.lineItemTypes.find((t) => t.id === id);
    const lines = activeAfter.map((row) => ({ lines: row.lineItems }));
    const gaps = conservationGaps(billedByKind(lines, typeOf), input.priced);
    if (gaps.length) throw invoicePlanNotConserving(gaps);
  }

  const writer = await JournalWriter.open(ctx, catalog);
  const rows: Statement[] = [];
  const now = ctx.now.toISOString();
  for (const row of voids) {
    const voided = { ...row, status: "void" as const, voidedAt: now, updatedAt: now, revision: row.revision + 1 };
    const entry = postInvoiceEntry(writer, "invoice_voided", {
      invoiceId: row.id,
      before: row,
      after: voided,
      scopesOf: row,
    });
    rows.push(updateInvoiceStatement(ctx.db, { ...voided, headJournalId: entry.id }, row.revision));
  }
  const views: InvoiceView[] = [];
  for (const row of created) {
    const entry = postInvoiceEntry(writer, "invoice_created", {
      invoiceId: row.id,
      before: null,
      after: row,
      scopesOf: row,
    });
    const withHead = { ...row, headJournalId: entry.id };
    rows.push(insertInvoiceStatement(ctx.db, withHead));
    views.push(invoiceView(withHead, []));
  }
  return {
    statements: [...writer.batch(), ...rows],
    result: { voided: voids.map((row) => row.id), created: views, active: activeAfter.map((row) => row.id) },
  };
}

/** `keep`, when given: active invoices of the policy, none also voided, and with the voids naming them all. */
function keepProblems(plan: InvoicePlan, active: ReadonlyMap<string, InvoiceRow>): FieldProblem[] {
  const keep = plan.keep ?? [];
  const voided = new Set(plan.voidInvoices.map((v) => v.invoiceId));
  const problems: FieldProblem[] = keep.flatMap((id, i) => {
    const field = `keep[${i}]`;
    if (!active.has(id)) return [{ field, message: "is not an active invoice of this policy" }];
    if (voided.has(id)) return [{ field, message: "is also in voidInvoices" }];
    return [];
  });
  const named = new Set([...keep, ...voided]);
  for (const id of active.keys()) {
    if (!named.has(id))
      problems.push({ field: "keep", message: `does not name active invoice ${id} (keep or void it)` });
  }
  return problems;
}
