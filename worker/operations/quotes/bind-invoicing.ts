import { findCompany } from "../../db/queries/companies";
import type { ConfigurationDocument } from "../../domain/configuration/document";
import type { InvoicePlan } from "../../domain/financials/invoice-plan";
import { pricedOf } from "../../domain/financials/priced";
import { readPolicyData } from "../../domain/policies/policy-data";
import { planTransaction } from "../../domain/policies/transaction-plan";
import type { RuleText } from "../../domain/quotes/bind-rules";
import {
  type InvoicingRequest,
  type InvoicingSettings,
  invoicingNeed,
  NEEDS_INVOICE_INSTRUCTION,
  presetsFailure,
} from "../../domain/quotes/invoicing";
import type { JsonObject } from "../../lib/json";
import type { OperationContext } from "../context";
import { generateInvoicePlan } from "../financials/generate-invoice-plan";
import { loadPolicyConfiguration } from "../policies/policy-configuration";

/** The company's settings that decide the `policy-invoicing` rule. */
export async function invoicingSettings(
  ctx: OperationContext,
  configuration: ConfigurationDocument,
): Promise<InvoicingSettings> {
  const company = await findCompany(ctx.db, ctx.companyId);
  return {
    financials: company?.features?.financials === true,
    policyFinancials: company?.features?.policyFinancials === true,
    // "Some invoice type applies to policy" (CONTRACT 7.2, which 5.6's "invoiceTypes not empty" abbreviates):
    // a type only events may use cannot bill a policy, so it configures no policy invoicing.
    invoiceTypes: configuration.financials.policyFinancials.invoiceTypes.filter((t) => t.appliesTo.includes("policy"))
      .length,
  };
}

/** The `policy-invoicing` rule's outcome, and the plan `generateInvoices: true` resolved to when it did. */
export interface BindInvoicing {
  failure: RuleText | null;
  generated: InvoicePlan | null;
}

/**
 * The `policy-invoicing` rule of a bind (CONTRACT 5.6, 7.12): where policy invoicing is configured, a bind
 * without `invoicePlan` or `generateInvoices: true` fails; with `generateInvoices: true` the presets are
 * resolved against what the new policy would write (priced(K), §7.7) and fail the rule when they cannot be.
 * Policy data that new business could not read leaves the rule passing: `policy-data` or `policy-term` says why.
 */
export async function bindInvoicing(
  ctx: OperationContext,
  input: { values: JsonObject; policyData: JsonObject; request: InvoicingRequest; settings: InvoicingSettings },
): Promise<BindInvoicing> {
  const need = invoicingNeed(input.settings, input.request);
  if (need === "pass") return { failure: null, generated: null };
  if (need === "needs-instruction") return { failure: NEEDS_INVOICE_INSTRUCTION, generated: null };
  const pricing = await newPolicyPricing(ctx, input.policyData);
  if (!pricing) return { failure: null, generated: null };
  const resolution = await generateInvoicePlan(ctx, { quoteData: input.values, ...pricing });
  return resolution.ok
    ? { failure: null, generated: resolution.plan }
    : { failure: presetsFailure(resolution.failure), generated: null };
}

/**
 * What new business of the policy data would write per kind, and its start date, read and planned as new
 * business does without writing anything (the sequences and number it mints do not touch pricing).
 */
async function newPolicyPricing(ctx: OperationContext, policyData: JsonObject) {
  const configuration = await loadPolicyConfiguration(ctx);
  const reading = readPolicyData(
    structuredClone(policyData),
    { ...configuration, holdsWriteGroup: () => true, now: ctx.now },
    { previousPolicy: "refused" },
  );
  if (!reading.ok) return null;
  const { data, termStart, termEnd } = reading.value;
  const plan = planTransaction(
    null,
    { action: "NEW_BUSINESS", data, termStart: termStart.date, termEnd: termEnd.date },
    { ...configuration, now: ctx.now },
  );
  return plan.ok ? { priced: pricedOf(plan.coverage), policyStartDate: termStart.date } : null;
}
