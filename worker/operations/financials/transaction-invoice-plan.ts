import { invoicesOfPolicy } from "../../db/queries/invoices";
import type { InvoicePlan } from "../../domain/financials/invoice-plan";
import { pricedOf } from "../../domain/financials/priced";
import type { Coverage } from "../../domain/policies/segments";
import { notAuthorized } from "../../errors/api-error";
import { invoicePlanRequired } from "../../errors/financial-refusals";
import { started } from "../../lib/started";
import { requireCompany } from "../company/require-company";
import { holds, type OperationContext } from "../context";
import { requirePolicyFinancials } from "./financial-setup";
import { type PreparedInvoicePlan, prepareInvoicePlan } from "./invoice-plan";

export interface TransactionPlanInput {
  /** The version's policy: the new policy's id for new business and renewals. */
  policyId: string;
  /** The transaction's `invoicePlan`, already through the route's schema (`InvoicePlanSchema`). */
  plan: InvoicePlan | undefined;
  /**
   * The new version's coverage. Its priced(K) (`pricedOf`) is computed only when a plan is given: a full
   * earned-premium pass (15 µs for two segments of six components) that a transaction without a plan never reads.
   */
  coverage: Coverage;
  /**
   * True when a plan is required of a policy with active invoices: an endorsement that changes any of the
   * five pricing rollups. Cancellations and reinstatements never require one; a new policy has no invoices.
   */
  restatement: boolean;
}

/**
 * The access a transaction's plan needs (CONTRACT section 7.7, order "403 gate and permissions" before
 * "404 policy"): the gate (403 unless `financials` and `policyFinancials` are on), then `invoice.edit`.
 * A transaction without a plan needs nothing more.
 */
export async function refuseTransactionPlanAccess(ctx: OperationContext, plan: InvoicePlan | undefined) {
  if (plan === undefined) return;
  await requirePolicyFinancials(ctx);
  if (!holds(ctx.actor, "invoice.edit")) throw notAuthorized();
}

/**
 * What a policy transaction calls before it commits, after `refuseTransactionPlanAccess`: with a plan, the
 * plan's checks (`prepareInvoicePlan`); the statements returned go into the same D1 batch as the version, so
 * a refusal leaves neither. Without one, a restatement of a policy with active invoices is refused 422
 * `INVOICE_PLAN_REQUIRED` while policy financials are on (off, the plan could not be given). Null when there
 * is nothing to commit.
 */
export async function invoicePlanForTransaction(
  ctx: OperationContext,
  input: TransactionPlanInput,
): Promise<PreparedInvoicePlan | null> {
  if (input.plan === undefined) {
    if (!input.restatement) return null;
    // The policy's invoices are read beside the company: one round trip in the object's turn, not two, and
    // kept by the object for the groups after it until another exclusive operation (`keptGroupReads`).
    const shared = <T>(key: string, read: () => Promise<T>) => ctx.commitGroup?.shared(key, read) ?? read();
    const invoices = started(
      shared(`invoices:${input.policyId}`, () => invoicesOfPolicy(ctx.db, ctx.companyId, input.policyId)),
    );
    const { features } = await shared("company", () => requireCompany(ctx));
    if (features.financials === false || features.policyFinancials === false) return null;
    if ((await invoices()).some((row) => row.status !== "void")) throw invoicePlanRequired();
    return null;
  }
  return prepareInvoicePlan(ctx, { policyId: input.policyId, plan: input.plan, priced: pricedOf(input.coverage) });
}

/** The version answer's `invoicePlanResult` (CONTRACT section 7.7): ids voided and created; absent without a plan. */
export function invoicePlanAnswer(prepared: PreparedInvoicePlan | null) {
  if (!prepared) return {};
  const { voided, created } = prepared.result;
  return { invoicePlanResult: { voided, created: created.map((invoice) => invoice.id) } };
}
