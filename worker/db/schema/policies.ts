import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { POLICY_ACTIONS } from "../../domain/policies/actions";
import type { Delta } from "../../domain/policies/deltas";
import type { KindCents } from "../../domain/policies/earned-premium";
import type { Coverage } from "../../domain/policies/segments";

/** The policy head: its number and which version is current. Changed only by transactions. */
export const policies = sqliteTable(
  "policies",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    policyNumber: text("policy_number").notNull(),
    currentVersion: integer("current_version").notNull(),
    status: text("status", { enum: ["active", "cancelled"] }).notNull(),
    previousPolicyId: text("previous_policy_id"),
    termStart: text("term_start").notNull(),
    termEnd: text("term_end").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("policies_company_number_idx").on(t.companyId, t.policyNumber),
    index("policies_company_created_idx").on(t.companyId, t.createdAt),
  ],
);

/** One immutable row per transaction; `(policy_id, version)` is unique, so a version is never written twice. */
export const policyVersions = sqliteTable(
  "policy_versions",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    policyId: text("policy_id").notNull(),
    version: integer("version").notNull(),
    action: text("action", { enum: POLICY_ACTIONS }).notNull(),
    transactionTimestamp: text("transaction_timestamp").notNull(),
    displayAuthor: text("display_author").notNull(),
    effectiveDate: text("effective_date").notNull(),
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    coverage: text("coverage", { mode: "json" }).$type<Coverage>().notNull(),
    /**
     * An endorsement's deltas as sent, so a later backdated endorsement can apply them again (CONTRACT
     * section 4, out-of-sequence endorsements). Null for other actions, and for endorsements written
     * before migration 0005 (`transactionLog` derives theirs from the stored segments).
     */
    deltas: text("deltas", { mode: "json" }).$type<Delta[]>(),
    /**
     * The ledger: the written premium the transaction added or returned, per pricing kind, in cents
     * (CONTRACT section 4, premium accounting). Null for versions written before migration 0007 (their
     * readers compute it from the version's coverage and its predecessor's).
     */
    transactionPremium: text("transaction_premium", { mode: "json" }).$type<KindCents>(),
    createdAt: text("created_at").notNull(),
    createdBy: text("created_by"),
  },
  (t) => [
    uniqueIndex("policy_versions_policy_version_idx").on(t.policyId, t.version),
    index("policy_versions_company_timestamp_idx").on(t.companyId, t.transactionTimestamp),
    // The endorsements a backdated endorsement replays: read by range, never the whole history.
    index("policy_versions_policy_action_effective_idx").on(t.policyId, t.action, t.effectiveDate),
  ],
);

/** Directory contacts of a policy: unversioned associations with persons. */
export const policyContacts = sqliteTable(
  "policy_contacts",
  {
    companyId: text("company_id").notNull(),
    policyId: text("policy_id").notNull(),
    personId: text("person_id").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.personId] })],
);
