import type { OperationContext } from "../context";
import { loadFinancialSetup } from "./financial-setup";

/**
 * `GET P/financials/configuration` (CONTRACT section 7.2): the configured categories and line item types
 * with their ids, the invoice types and the payment defaults. Removed members are not shown.
 */
export async function readFinancialConfiguration(ctx: OperationContext) {
  const { catalog, financials } = await loadFinancialSetup(ctx);
  return {
    categories: catalog.categories
      .filter((c) => c.removedAt === null)
      .map(({ id, name, kind, expectedDirection, deprecatedAt }) => ({
        categoryId: id,
        name,
        kind,
        expectedDirection,
        deprecatedAt,
      })),
    lineItemTypes: catalog.lineItemTypes
      .filter((t) => t.removedAt === null)
      .map((t) => ({
        lineItemTypeId: t.id,
        name: t.name,
        direction: t.direction,
        lifecycle: t.lifecycle,
        category: t.category,
        categoryId: t.categoryId,
        pricingKind: t.pricingKind,
        allowedOn: t.allowedOn.map((a) => ({ invoiceType: a.invoiceType, label: a.label })),
      })),
    invoiceTypes: catalog.invoiceTypes.map((t) => ({
      name: t.name,
      appliesTo: [...t.appliesTo],
      payeeDefaults: t.payeeDefaults
        ? { expression: t.payeeDefaults.expression, allowedEntityTypes: [...t.payeeDefaults.allowedEntityTypes] }
        : null,
    })),
    paymentDefaults: financials.policyFinancials.paymentDefaults,
  };
}
