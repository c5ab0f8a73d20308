import type { RuleText } from "./bind-rules";

/**
 * Invoices at bind (CONTRACT 5.6 rule `policy-invoicing`, 7.12): where policy invoicing is configured a bind
 * must carry an explicit `invoicePlan` or `generateInvoices: true`, and the latter needs the configured
 * presets to resolve into a plan.
 */

export interface InvoicingSettings {
  financials: boolean;
  policyFinancials: boolean;
  /** How many invoice types the configuration lets bill a policy (`appliesTo` naming `policy`). */
  invoiceTypes: number;
}

/** Features `financials` and `policyFinancials` both on, and some invoice type applying to `policy` (CONTRACT 7.2). */
export const policyInvoicingConfigured = (settings: InvoicingSettings) =>
  settings.financials && settings.policyFinancials && settings.invoiceTypes > 0;

/** What a bind asks for: bind-conditions and complete evaluate the rule as a bind with `generateInvoices: true`. */
export interface InvoicingRequest {
  plan: boolean;
  generate: boolean;
}

/**
 * What the rule needs before it can be decided: it passes outright (not configured, or an explicit plan,
 * which never depends on the presets), fails for want of an instruction, or depends on the presets.
 */
export function invoicingNeed(
  settings: InvoicingSettings,
  request: InvoicingRequest,
): "pass" | "needs-instruction" | "resolve-presets" {
  if (!policyInvoicingConfigured(settings) || request.plan) return "pass";
  return request.generate ? "resolve-presets" : "needs-instruction";
}

export const NEEDS_INVOICE_INSTRUCTION: RuleText = {
  message:
    "Policy invoicing is configured for this company: the bind must carry an invoicePlan or generateInvoices: true",
  userMessage:
    "Policy invoicing is configured for this company: bind with an invoice plan, or ask for the invoices to be " +
    "generated.",
};

/** The rule's texts when the presets cannot be resolved, naming why (`why` reads as plain words). */
export const presetsFailure = (why: string): RuleText => ({
  message: `The configured invoice presets cannot be resolved (${why}): bind with an explicit invoicePlan instead`,
  userMessage: `The configured invoice presets cannot be resolved (${why}): bind with an explicit invoice plan instead.`,
});
