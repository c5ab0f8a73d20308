/**
 * Invoices at bind (CONTRACT 5.6 rule `policy-invoicing`, 7.12), while policy invoice plans are not served:
 * a company with policy invoicing configured is refused (fail closed); elsewhere a plan can only be empty,
 * since no invoice type applies to a policy and a new policy has no invoice to void or keep.
 */

export interface InvoicingSettings {
  financials: boolean;
  policyFinancials: boolean;
  /** How many policy invoice types the configuration declares. */
  invoiceTypes: number;
}

/** Features `financials` and `policyFinancials` both on, and policy invoice types configured. */
export const policyInvoicingConfigured = (settings: InvoicingSettings) =>
  settings.financials && settings.policyFinancials && settings.invoiceTypes > 0;

export const POLICY_INVOICING_UNAVAILABLE =
  "Policy invoicing is configured for this company, and invoices cannot be generated or planned at bind until " +
  "policy invoice plans are served; the bind is refused rather than leave the policy without its invoices";

/** The `policy-invoicing` failure's message, or null when the rule passes. */
export const policyInvoicingFailure = (settings: InvoicingSettings): string | null =>
  policyInvoicingConfigured(settings) ? POLICY_INVOICING_UNAVAILABLE : null;

/** The members of an invoice plan (CONTRACT 7.7) a bind reads. */
export interface InvoicePlanEntries {
  keep?: readonly unknown[];
  voidInvoices: readonly unknown[];
  createInvoices: readonly unknown[];
}

/**
 * What refuses a plan on a new policy of a company without policy invoicing (422 `INVOICE_PLAN_INVALID`):
 * every create names an invoice type that does not apply to a policy; there is nothing to void or keep.
 */
export function newPolicyPlanProblems(plan: InvoicePlanEntries) {
  return [
    ...(plan.keep ?? []).map((_, i) => ({ field: `keep[${i}]`, message: "is not an active invoice of this policy" })),
    ...plan.voidInvoices.map((_, i) => ({
      field: `voidInvoices[${i}]`,
      message: "is not an active invoice of this policy",
    })),
    ...plan.createInvoices.map((_, i) => ({
      field: `createInvoices[${i}].invoiceType`,
      message: "names no invoice type that applies to a policy",
    })),
  ];
}
