import type { InvoicePlan } from "../../domain/financials/invoice-plan";
import { type InvoicingSettings, policyInvoicingConfigured } from "../../domain/quotes/invoicing";
import { ApiError, notAuthorized } from "../../errors/api-error";
import { policyFinancialsDisabled } from "../../errors/financial-refusals";
import { holds, type OperationContext } from "../context";

/** What a bind body may add to the quote (CONTRACT 5.1): invoices, and the new business's booking members. */
export interface BindOptions {
  generateInvoices?: boolean;
  invoicePlan?: InvoicePlan | undefined;
  transactionTimestamp?: string;
  displayAuthor?: string;
}

/**
 * The checks a bind's invoice members need before anything is looked up (CONTRACT 5.6, 7.1): a plan and
 * `generateInvoices: true` together are 400; a plan, or `generateInvoices: true` where policy invoicing is
 * configured, needs `invoice.edit`; a plan while `financials` or `policyFinancials` is off is 403.
 */
export function refuseInvoicingAccess(ctx: OperationContext, settings: InvoicingSettings, options: BindOptions) {
  const plan = options.invoicePlan !== undefined;
  if (plan && options.generateInvoices === true) {
    throw new ApiError({
      code: "VALIDATION_ERROR",
      message: "invoicePlan cannot be given together with generateInvoices: true",
      userMessages: ["Send either an invoice plan or generateInvoices, not both."],
      details: [{ field: "invoicePlan", message: "cannot be given together with generateInvoices: true" }],
    });
  }
  // The switch first, then the permission, as every transaction carrying a plan checks them (CONTRACT 7.1, 7.7).
  if (plan && !(settings.financials && settings.policyFinancials)) throw policyFinancialsDisabled();
  const needsInvoiceEdit = plan || (options.generateInvoices === true && policyInvoicingConfigured(settings));
  if (needsInvoiceEdit && !holds(ctx.actor, "invoice.edit")) throw notAuthorized();
}

/** What a bind asks of the `policy-invoicing` rule. */
export const invoicingRequestOf = (options: BindOptions) => ({
  plan: options.invoicePlan !== undefined,
  generate: options.generateInvoices === true,
});

/** New business's booking members: the body's, else now and `External API`. */
export const bookingOf = (ctx: OperationContext, options: BindOptions) => ({
  transactionTimestamp: options.transactionTimestamp ?? ctx.now.toISOString(),
  displayAuthor: options.displayAuthor ?? "External API",
});
