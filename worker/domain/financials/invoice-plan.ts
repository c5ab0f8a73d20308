import type { Fmv1Date } from "../dates/fmv1-date";
import type { PayeeEntityType } from "./catalog";
import type { DraftLine } from "./invoice-draft";

/** Who an invoice is paid to or billed to: a person or organization record of the company. */
export interface Payee {
  entityType: PayeeEntityType;
  entityId: string;
}

/** What creates an invoice: an ad-hoc create's body, or a plan's create entry. */
export interface InvoiceInput {
  invoiceType: string;
  issueDate: Fmv1Date;
  dueDate: Fmv1Date;
  payee: Payee;
  lineItems: readonly DraftLine[];
}

/** An invoice plan (CONTRACT section 7.7): nothing is inferred. */
export interface InvoicePlan {
  keep?: string[] | undefined;
  voidInvoices: Array<{ invoiceId: string; headJournalId: string }>;
  createInvoices: InvoiceInput[];
}
