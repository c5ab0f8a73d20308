import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { Finding } from "../../domain/financials/bill-review";
import type { FinancialCatalog } from "../../domain/financials/catalog";
import type { AccountRole, Direction, Side } from "../../domain/financials/ledger";
import type { MemberKind, MemberRow } from "../../domain/financials/members";

/**
 * The financials ledger (CONTRACT section 7). Journal entries are immutable: rows are inserted, never
 * updated, and deleted only by `financials/deleteAll` and the Sandbox reset. Running balances per scope
 * and account are kept beside them, so balance reads never sum the journal.
 */

/**
 * Ids of configured categories and line item types, stable while the name stays configured. Configuration,
 * not application data: reset and `financials/deleteAll` keep it.
 */
export const financialMembers = sqliteTable(
  "financial_members",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    member: text("member", { enum: ["category", "lineItemType"] })
      .$type<MemberKind>()
      .notNull(),
    name: text("name").notNull(),
    settings: text("settings", { mode: "json" }).$type<MemberRow["settings"]>().notNull(),
    removedAt: text("removed_at"),
  },
  (t) => [index("financial_members_company_idx").on(t.companyId, t.member, t.name)],
);

/** Accounts, created on their first posting; `key` is unique in the company. */
export const financialAccounts = sqliteTable(
  "financial_accounts",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    key: text("key").notNull(),
    role: text("role").$type<AccountRole>().notNull(),
    direction: text("direction").$type<Direction>(),
    categoryId: text("category_id"),
    lineItemTypeId: text("line_item_type_id"),
    displayName: text("display_name").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("financial_accounts_company_key_idx").on(t.companyId, t.key)],
);

export interface JournalScope {
  entityType: "event" | "policy" | "payee";
  entityId: string;
}

export interface JournalLineRecord {
  accountId: string;
  role: AccountRole;
  direction: Direction | null;
  lineItemTypeId: string | null;
  categoryId: string | null;
  side: Side;
  amountCents: number;
}

/**
 * Journal entries, numbered per company: the unique `(company, sequence)` index makes a batch fail whole
 * when another write took the number it read (the backstop behind the company object's serial queue).
 */
export const journalEntries = sqliteTable(
  "journal_entries",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    sequence: integer("sequence").notNull(),
    kind: text("kind").notNull(),
    createdAt: text("created_at").notNull(),
    reverses: text("reverses"),
    invoiceId: text("invoice_id"),
    paymentId: text("payment_id"),
    /** The category a reserves entry is about (to find reserves changes after a payment). */
    categoryId: text("category_id"),
    scopes: text("scopes", { mode: "json" }).$type<JournalScope[]>().notNull(),
    lines: text("lines", { mode: "json" }).$type<JournalLineRecord[]>().notNull(),
  },
  (t) => [
    uniqueIndex("journal_entries_company_sequence_idx").on(t.companyId, t.sequence),
    index("journal_entries_invoice_idx").on(t.companyId, t.invoiceId),
    index("journal_entries_payment_idx").on(t.companyId, t.paymentId),
  ],
);

/** One row per scope of an entry, for the journal read by entity and the wipes' reference checks. */
export const journalEntryScopes = sqliteTable(
  "journal_entry_scopes",
  {
    companyId: text("company_id").notNull(),
    journalId: text("journal_id").notNull(),
    entityType: text("entity_type").$type<JournalScope["entityType"]>().notNull(),
    entityId: text("entity_id").notNull(),
    sequence: integer("sequence").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.journalId, t.entityType, t.entityId] }),
    index("journal_entry_scopes_entity_idx").on(t.companyId, t.entityType, t.entityId, t.sequence),
  ],
);

/**
 * Running balances: debits minus credits of every account in every scope it was posted in, and in the
 * company scope (`scope_type` `company`, `scope_id` empty). Updated in the batch that posts the entry.
 */
export const financialBalances = sqliteTable(
  "financial_balances",
  {
    companyId: text("company_id").notNull(),
    scopeType: text("scope_type").$type<"company" | JournalScope["entityType"]>().notNull(),
    scopeId: text("scope_id").notNull(),
    accountId: text("account_id").notNull(),
    netDebitCents: integer("net_debit_cents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.scopeType, t.scopeId, t.accountId] })],
);

export interface StoredInvoiceLine {
  lineItemId: string;
  lineItemTypeId: string;
  label: string;
  amountCents: number;
}

export interface StoredDate {
  date: string;
  timezone: string;
}

/** Invoices: ad-hoc ones on events and policy-linked ones made by plans. */
export const invoices = sqliteTable(
  "invoices",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** Creation order within the company: lists are oldest first. */
    sequence: integer("sequence").notNull(),
    entityType: text("entity_type", { enum: ["event", "policy"] }).notNull(),
    entityId: text("entity_id").notNull(),
    invoiceType: text("invoice_type").notNull(),
    categoryId: text("category_id").notNull(),
    direction: text("direction").$type<Direction>().notNull(),
    status: text("status", { enum: ["owed", "partially_paid", "paid", "void"] }).notNull(),
    issueDate: text("issue_date", { mode: "json" }).$type<StoredDate>().notNull(),
    dueDate: text("due_date", { mode: "json" }).$type<StoredDate>().notNull(),
    payeeType: text("payee_type", { enum: ["person", "organization"] }).notNull(),
    payeeId: text("payee_id").notNull(),
    lineItems: text("line_items", { mode: "json" }).$type<StoredInvoiceLine[]>().notNull(),
    totalCents: integer("total_cents").notNull(),
    paidCents: integer("paid_cents").notNull(),
    headJournalId: text("head_journal_id").notNull(),
    /** Bumped by every change; writes are guarded by the revision they read. */
    revision: integer("revision").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    voidedAt: text("voided_at"),
  },
  (t) => [
    uniqueIndex("invoices_company_sequence_idx").on(t.companyId, t.sequence),
    index("invoices_company_entity_idx").on(t.companyId, t.entityType, t.entityId),
    index("invoices_company_payee_idx").on(t.companyId, t.payeeId),
  ],
);

/** Live payments: direct ones on events and payments on invoices. A deleted payment's row goes. */
export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    sequence: integer("sequence").notNull(),
    invoiceId: text("invoice_id"),
    eventId: text("event_id"),
    categoryId: text("category_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** What the payment eroded from the event's reserves (0 when none). */
    erodedCents: integer("eroded_cents").notNull(),
    paidOn: text("paid_on", { mode: "json" }).$type<StoredDate>().notNull(),
    reference: text("reference"),
    payeeType: text("payee_type", { enum: ["person", "organization"] }),
    payeeId: text("payee_id"),
    /** The payment's entry, then its erosion entry when it eroded anything. */
    journalIds: text("journal_ids", { mode: "json" }).$type<string[]>().notNull(),
    /** The sequence of the payment's last entry: a reserves change after it changes what deletion restores. */
    journalSequence: integer("journal_sequence").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("payments_company_sequence_idx").on(t.companyId, t.sequence),
    index("payments_invoice_idx").on(t.companyId, t.invoiceId),
    index("payments_company_event_idx").on(t.companyId, t.eventId),
    index("payments_company_payee_idx").on(t.companyId, t.payeeId),
  ],
);

/** Bill review runs: each judges the copies it took at creation. */
export const billReviewRuns = sqliteTable(
  "bill_review_runs",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    sequence: integer("sequence").notNull(),
    invoiceId: text("invoice_id").notNull(),
    status: text("status", { enum: ["queued", "running", "succeeded", "failed"] }).notNull(),
    passed: integer("passed", { mode: "boolean" }),
    error: text("error", { mode: "json" }).$type<{ code: string; message: string }>(),
    invoiceHeadJournalId: text("invoice_head_journal_id").notNull(),
    invoiceSnapshot: text("invoice_snapshot", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    catalogSnapshot: text("catalog_snapshot", { mode: "json" }).$type<FinancialCatalog>().notNull(),
    findings: text("findings", { mode: "json" }).$type<Finding[]>().notNull(),
    createdAt: text("created_at").notNull(),
    startedAt: text("started_at"),
    finishedAt: text("finished_at"),
  },
  (t) => [
    uniqueIndex("bill_review_runs_company_sequence_idx").on(t.companyId, t.sequence),
    index("bill_review_runs_invoice_idx").on(t.companyId, t.invoiceId, t.sequence),
    index("bill_review_runs_company_status_idx").on(t.companyId, t.status),
  ],
);
