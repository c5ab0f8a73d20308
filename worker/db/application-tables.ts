import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  billReviewRuns,
  bordereauExportChunks,
  bordereauExports,
  dataValidationFindings,
  dataValidationRuns,
  entities,
  files,
  financialAccounts,
  financialBalances,
  folders,
  generatedForms,
  invoices,
  journalEntries,
  journalEntryScopes,
  notes,
  payments,
  policies,
  policyContacts,
  policyVersions,
  quoteBindings,
  quoteRecords,
  relationshipLinks,
  sequences,
  submissionRecords,
  tasks,
} from "./schema";

/** A table of application data: every row belongs to one company. */
export type ApplicationTable = SQLiteTable & { companyId: SQLiteColumn };

/**
 * Tables holding a company's application data. A Sandbox reset clears exactly these; configuration,
 * companies, API keys and the audit log are kept. Every area that adds a table of application data
 * lists it here, children before parents.
 */
export const APPLICATION_TABLES: readonly ApplicationTable[] = [
  // Notes, tasks, folders, files and generated forms (their stored objects are purged after the reset
  // commits, see reset-company.ts); form templates and forms-logic rules are kept, like configuration.
  notes,
  tasks,
  files,
  folders,
  generatedForms,
  // Financial records (CONTRACT section 7.9: reset clears what `financials/deleteAll` clears; the member
  // ids of the financials configuration are configuration and stay).
  billReviewRuns,
  payments,
  invoices,
  journalEntryScopes,
  journalEntries,
  financialBalances,
  financialAccounts,
  dataValidationFindings,
  dataValidationRuns,
  // Bordereau exports describe policy data; export presets are members' settings and are kept.
  bordereauExportChunks,
  bordereauExports,
  relationshipLinks,
  // A quote's and a submission's lifecycle records sit beside their entity rows.
  quoteBindings,
  quoteRecords,
  submissionRecords,
  policyContacts,
  policyVersions,
  policies,
  entities,
  // Restarting sequence counters is part of reset (interface, States: Company row).
  sequences,
];
