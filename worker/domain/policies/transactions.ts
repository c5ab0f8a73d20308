import type { Fmv1Date } from "../dates/fmv1-date";
import type { Delta } from "./deltas";

interface TransactionBase {
  transactionTimestamp: string;
  displayAuthor: string;
}

/** A policy transaction as the company object receives it (plain data: it crosses the RPC boundary). */
export type TransactionRequest =
  | (TransactionBase & { action: "NEW_BUSINESS"; data: unknown })
  | (TransactionBase & { action: "RENEW"; data: unknown })
  | (TransactionBase & { action: "ENDORSE"; policyId: string; effectiveDate: Fmv1Date; deltas: Delta[] })
  | (TransactionBase & { action: "CANCEL"; policyId: string; effectiveDate: Fmv1Date })
  | (TransactionBase & { action: "REINSTATE"; policyId: string });

/** The calling key, as plain data; the object rebuilds its grants to check policy field write groups. */
export interface TransactionActor {
  keyId: string;
  roles: string[];
  permissions: string[];
}
