import type { RouteEntry } from "../../http/registry";
import { balancesRoutes } from "./balances";
import { billReviewRoutes } from "./bill-review";
import { getFinancialConfiguration } from "./configuration";
import { deleteAllFinancials } from "./delete-all";
import { applyInvoiceBatch } from "./invoice-batch";
import { invoiceChangeRoutes } from "./invoice-changes";
import { recordInvoicePayment } from "./invoice-payments";
import { invoiceRoutes } from "./invoices";
import { journalRoutes } from "./journal";
import { paymentRoutes } from "./payments";
import { setReserves } from "./reserves";

/** Balances, the journal, reserves, payments, invoices, invoice plans, bill review and the wipe (`P/financials`). */
export const financialRoutes: RouteEntry[] = [
  ...balancesRoutes,
  ...journalRoutes,
  getFinancialConfiguration,
  setReserves,
  ...paymentRoutes,
  ...invoiceRoutes,
  ...invoiceChangeRoutes,
  recordInvoicePayment,
  applyInvoiceBatch,
  ...billReviewRoutes,
  deleteAllFinancials,
];
