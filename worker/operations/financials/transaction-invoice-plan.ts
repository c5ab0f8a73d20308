import { invoicesOfPolicy } from "../../db/queries/invoices";
import type { KindAmounts } from "../../domain/financials/conservation";
import { notAuthorized } from "../../errors/api-error";
import { invoicePlanRequired } from "../../errors/financial-refusals";
import { requireCompany } from "../company/require-company";
import { holds, type OperationContext } from "../context";
import { requirePolicyFinancials } from "./financial-setup";
import { type InvoicePlan, type PreparedInvoicePlan, prepareInvoicePlan } from "./invoice-plan";

export interface TransactionPlanInput {
  /** The version's policy: the new policy's id for new business and renewals. */
  policyId: string;
  /** The transaction's `invoicePlan`, already through the route's schema (`InvoicePlanSchema`). */
  plan: InvoicePlan | undefined;
  /** priced(K) of the new version (`pricedOf(coverage)`). */
  priced: KindAmounts;
  /** True when the new version changes any of the five pricing rollups. */
  restatement: boolean;
  /** New business and renewals: the policy has no invoices yet, and the plan may void or keep none. */
  newPolicy: boolean;
}

/**
 * What a policy transaction calls before it commits (CONTRACT section 7.7): with a plan, the gate (403
 * unless `financials` and `policyFinancials` are on), `invoice.edit` (403), then the plan's checks; the
 * statements returned go into the same D1 batch as the version, so a refusal leaves neither. Without one, a
 * restatement of a policy with active invoices is refused 422 `INVOICE_PLAN_REQUIRED` (while policy
 * financials are on). Null when there is nothing to commit.
 */
export async function invoicePlanForTransaction(
  ctx: OperationContext,
  input: TransactionPlanInput,
): Promise<PreparedInvoicePlan | null> {
  if (input.plan === undefined) {
    if (!input.restatement || input.newPolicy) return null;
    const { features } = await requireCompany(ctx);
    if (features.financials === false || features.policyFinancials === false) return null;
    const invoices = await invoicesOfPolicy(ctx.db, ctx.companyId, input.policyId);
    if (invoices.some((row) => row.status !== "void")) throw invoicePlanRequired();
    return null;
  }
  await requirePolicyFinancials(ctx);
  if (!holds(ctx.actor, "invoice.edit")) throw notAuthorized();
  return prepareInvoicePlan(ctx, { policyId: input.policyId, plan: input.plan, priced: input.priced });
}
