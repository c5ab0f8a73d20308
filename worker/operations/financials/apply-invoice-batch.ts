import { runBatch } from "../../db/queries/batch";
import type { InvoicePlan } from "../../domain/financials/invoice-plan";
import { pricedOf } from "../../domain/financials/priced";
import type { OperationContext } from "../context";
import { readCurrentPolicy } from "../policies/current-policy";
import { requirePolicyFinancials } from "./financial-setup";
import { type InvoicePlanResult, prepareInvoicePlan } from "./invoice-plan";

/**
 * Serialized in the company object (with the policy transactions, so the pricing it conserves against
 * cannot move under it). `POST P/financials/policies/{policyId}/invoices/batch` (CONTRACT section 7.7): 403
 * while policy financials are off, 404 unknown policy, then the plan's own refusals; the plan commits as
 * one batch.
 */
export async function applyInvoiceBatch(
  ctx: OperationContext,
  input: { policyId: string; plan: InvoicePlan },
): Promise<InvoicePlanResult & { policyId: string }> {
  await requirePolicyFinancials(ctx);
  const { head, current } = await readCurrentPolicy(ctx, input.policyId);
  const prepared = await prepareInvoicePlan(ctx, {
    policyId: head.id,
    plan: input.plan,
    priced: pricedOf(current.coverage),
  });
  await runBatch(ctx.db, prepared.statements);
  return { policyId: head.id, ...prepared.result };
}
