import type { ConservationGap } from "../domain/financials/conservation";
import type { FieldProblem } from "../domain/financials/invoice-draft";
import { ApiError } from "./api-error";
import { memberSentence } from "./displayable";

/** Financial refusals (CONTRACT section 7.10) as the interface's error envelope. */

const cents = (value: number) => `${value} cents`;

/** 403: financial work, or a bind's invoice plan, while `financials` or `policyFinancials` is off (CONTRACT 7.1). */
export const policyFinancialsDisabled = () =>
  new ApiError({
    code: "AuthorizationError",
    message: "Policy financials are not enabled for this company",
    userMessages: ["Policy financials are not enabled for this company."],
  });

export const invoiceInvalid = (problems: readonly FieldProblem[]) =>
  new ApiError({
    code: "INVOICE_INVALID",
    message: `The invoice is not valid: ${problems.map((p) => `${p.field}: ${p.message}`).join("; ")}`,
    userMessages: problems.map((p) => memberSentence(p.field, p.message)),
    details: [...problems],
  });

export const invoicePlanInvalid = (problems: readonly FieldProblem[]) =>
  new ApiError({
    code: "INVOICE_PLAN_INVALID",
    message: `The invoice plan is not valid: ${problems.map((p) => `${p.field}: ${p.message}`).join("; ")}`,
    userMessages: problems.map((p) => memberSentence(p.field, p.message)),
    details: [...problems],
  });

export const invoicePlanNotConserving = (gaps: readonly ConservationGap[]) => {
  const details = gaps.map((g) => ({
    field: g.kind,
    message: `billed ${cents(g.billedCents)} but priced ${cents(g.pricedCents)}`,
  }));
  return new ApiError({
    code: "INVOICE_PLAN_NOT_CONSERVING",
    message: `The policy's active invoices would not match its pricing: ${details.map((d) => `${d.field} ${d.message}`).join("; ")}`,
    userMessages: gaps.map(
      (g) => `${g.kind} would be billed ${cents(g.billedCents)} but is priced ${cents(g.pricedCents)}.`,
    ),
    details,
  });
};

export const invoicePlanRequired = () =>
  new ApiError({
    code: "INVOICE_PLAN_REQUIRED",
    message: "This transaction changes the policy's pricing and the policy has active invoices: send an invoicePlan",
    userMessages: ["The policy has active invoices, so a change of its pricing needs an invoice plan."],
    details: [
      { field: "invoicePlan", message: "is required when a restatement touches a policy with active invoices" },
    ],
  });

export const policyInvoiceBatchOnly = (what: string) =>
  new ApiError({
    code: "POLICY_INVOICE_BATCH_ONLY",
    message: `${what} is not possible on a policy-linked invoice: use POST P/financials/policies/{policyId}/invoices/batch`,
    userMessages: ["Policy invoices are created, voided and restructured only through the policy's invoice batch."],
  });

export const invoiceHeadStale = (given: string, current: string) =>
  new ApiError({
    code: "INVOICE_HEAD_STALE",
    message: `headJournalId ${given} is not the invoice's current head ${current}`,
    userMessages: ["The invoice changed since it was read. Read it again and retry."],
    details: [{ field: "headJournalId", message: `is not the current head ${current}` }],
  });

export const invoiceStatusConflict = (message: string) =>
  new ApiError({ code: "INVOICE_STATUS_CONFLICT", message, userMessages: [message] });

export const paymentExceedsOwed = (amountCents: number, owedCents: number) =>
  new ApiError({
    code: "PAYMENT_EXCEEDS_OWED",
    message: `The payment of ${cents(amountCents)} exceeds the ${cents(owedCents)} owed on the invoice`,
    userMessages: ["The payment is larger than what is owed on the invoice."],
    details: [{ field: "amountCents", message: `must be at most ${owedCents} in absolute value` }],
  });

export const paymentInvalid = (problems: readonly FieldProblem[]) =>
  new ApiError({
    code: "PAYMENT_INVALID",
    message: `The payment is not valid: ${problems.map((p) => `${p.field}: ${p.message}`).join("; ")}`,
    userMessages: problems.map((p) => memberSentence(p.field, p.message)),
    details: [...problems],
  });

export const categoryNotReserved = (name: string) =>
  new ApiError({
    code: "CATEGORY_NOT_RESERVED",
    message: `Category "${name}" is an operating category: it carries no reserves`,
    userMessages: [`Category "${name}" carries no reserves.`],
    details: [{ field: "categoryId", message: "must be a reserved category" }],
  });

export const expectedTotalBelowPaid = (expectedTotalCents: number, paidCents: number) =>
  new ApiError({
    code: "EXPECTED_TOTAL_BELOW_PAID",
    message: `The expected total of ${cents(expectedTotalCents)} is below the ${cents(paidCents)} already paid`,
    userMessages: ["The expected total cannot be less than what is already paid."],
    details: [{ field: "expectedTotalCents", message: `must be at least ${paidCents}` }],
  });

export const expectedTotalChanged = (given: number, current: number) =>
  new ApiError({
    code: "EXPECTED_TOTAL_CHANGED",
    message: `currentExpectedTotalCents ${given} is not the current expected total ${current}`,
    userMessages: ["The expected total changed since it was read. Read the balances again and retry."],
    details: [{ field: "currentExpectedTotalCents", message: `is not the current expected total ${current}` }],
  });

export const backgroundCapacityExceeded = (capacity: number) =>
  new ApiError({
    code: "BACKGROUND_CAPACITY_EXCEEDED",
    message: `The company already has ${capacity} bill review runs queued or running; nothing was queued`,
    userMessages: ["Too many bill reviews are under way. Try again when some have finished."],
  });
