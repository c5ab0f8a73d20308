import type { Fmv1Date } from "../dates/fmv1-date";
import type { Delta } from "./deltas";

/**
 * What the five policy transactions take, as plain data: each crosses the company object's RPC
 * boundary unchanged (interface, Policies: transactions).
 */
export interface TransactionBase {
  transactionTimestamp: string;
  displayAuthor: string;
  /** Policy invoicing is not available yet: a transaction carrying a plan is refused. */
  invoicePlan?: unknown;
}

/** New business and renewal: the policy data of version 1. */
export interface StartPolicyRequest extends TransactionBase {
  data: unknown;
}

export interface EndorseRequest extends TransactionBase {
  policyId: string;
  effectiveDate: Fmv1Date;
  deltas: Delta[];
}

export interface CancelRequest extends TransactionBase {
  policyId: string;
  effectiveDate: Fmv1Date;
}

export interface ReinstateRequest extends TransactionBase {
  policyId: string;
}
