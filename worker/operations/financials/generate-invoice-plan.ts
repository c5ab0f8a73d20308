import { findEntity } from "../../db/queries/entities";
import { DEFAULT_TIMEZONE, todayIn } from "../../domain/dates/fmv1-date";
import { evaluateExpression } from "../../domain/expressions/evaluate";
import { PAYEE_ENTITY_TYPES, type PayeeEntityType } from "../../domain/financials/catalog";
import type { KindAmounts } from "../../domain/financials/conservation";
import {
  type PresetResolution,
  presetInvoiceType,
  resolveInvoicePresets,
} from "../../domain/financials/invoice-presets";
import type { OperationContext } from "../context";
import { type FinancialSetup, loadFinancialSetup } from "./financial-setup";

const CANNOT_RESOLVE = "payee cannot be resolved";

/**
 * Bind's `generateInvoices: true` (CONTRACT section 7.12), for bind and bind-conditions to call: the payee
 * from the first policy invoice type's `payeeDefaults.expression` evaluated on the quote's data (a person or
 * organization of the company, of an allowed entity type), then the presets resolved into a plan. A failure
 * says why (the `policy-invoicing` rule then fails and an explicit `invoicePlan` is needed).
 */
export async function generateInvoicePlan(
  ctx: OperationContext,
  input: { quoteData: Record<string, unknown>; priced: KindAmounts; policyStartDate: string; setup?: FinancialSetup },
): Promise<PresetResolution> {
  const { catalog, financials } = input.setup ?? (await loadFinancialSetup(ctx));
  const payeeDefaults = presetInvoiceType(catalog)?.payeeDefaults ?? null;
  let payee: { entityType: PayeeEntityType; entityId: string } | { failure: string } = { failure: CANNOT_RESOLVE };
  if (payeeDefaults?.expression) {
    let value: unknown = null;
    try {
      value = evaluateExpression(payeeDefaults.expression, {
        scope: input.quoteData,
        now: ctx.now,
        timezone: DEFAULT_TIMEZONE,
      });
    } catch {
      value = null;
    }
    const allowed = payeeDefaults.allowedEntityTypes.length ? payeeDefaults.allowedEntityTypes : PAYEE_ENTITY_TYPES;
    if (typeof value === "string") {
      for (const entityType of allowed) {
        if (await findEntity(ctx.db, ctx.companyId, entityType, value)) payee = { entityType, entityId: value };
      }
    }
  }
  return resolveInvoicePresets({
    catalog,
    paymentDefaults: financials.policyFinancials.paymentDefaults,
    priced: input.priced,
    bindDay: todayIn(DEFAULT_TIMEZONE, ctx.now),
    policyStartDate: input.policyStartDate,
    payee,
  });
}
