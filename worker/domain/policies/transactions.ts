import type { InvoicePlan } from "../financials/invoice-plan";
import type { Delta } from "./deltas";
import type { EffectiveDateInput } from "./transaction-rules";

/**
 * What the five policy transactions take, as plain data: each crosses the company object's RPC
 * boundary unchanged (interface, Policies: transactions).
 */
export interface TransactionBase {
  transactionTimestamp: string;
  displayAuthor: string;
  /** Invoices of the version's policy, committed with the version (CONTRACT section 7.7). */
  invoicePlan?: InvoicePlan | undefined;
}

/** New business and renewal: the policy data of version 1. */
export interface StartPolicyRequest extends TransactionBase {
  data: unknown;
}

export interface EndorseRequest extends TransactionBase {
  policyId: string;
  effectiveDate: EffectiveDateInput;
  deltas: Delta[];
}

export interface CancelRequest extends TransactionBase {
  policyId: string;
  effectiveDate: EffectiveDateInput;
}

export interface ReinstateRequest extends TransactionBase {
  policyId: string;
}
