import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * What the platform keeps about a quote beside its field values (CONTRACT section 5.2): the submission it
 * belongs to, its ordinal there (the two digits of its number), and the workflow and time of the last
 * successful rate by id (`system`). The unique ordinal per submission makes a second quote racing for the
 * same number fail its whole batch.
 */
export const quoteRecords = sqliteTable(
  "quote_records",
  {
    quoteId: text("quote_id").primaryKey(),
    companyId: text("company_id").notNull(),
    submissionId: text("submission_id").notNull(),
    ordinal: integer("ordinal").notNull(),
    ratingWorkflowName: text("rating_workflow_name"),
    ratedAt: text("rated_at"),
  },
  (t) => [
    uniqueIndex("quote_records_submission_ordinal_idx").on(t.submissionId, t.ordinal),
    index("quote_records_company_idx").on(t.companyId),
  ],
);

/**
 * A bound quote and the policy its bind created: at most one per quote and one per submission, so a
 * second bind of either fails its whole batch (new policy included) even if it bypassed the object's queue.
 */
export const quoteBindings = sqliteTable(
  "quote_bindings",
  {
    quoteId: text("quote_id").primaryKey(),
    companyId: text("company_id").notNull(),
    submissionId: text("submission_id").notNull(),
    policyId: text("policy_id").notNull(),
    boundAt: text("bound_at").notNull(),
  },
  (t) => [
    uniqueIndex("quote_bindings_submission_idx").on(t.submissionId),
    index("quote_bindings_company_policy_idx").on(t.companyId, t.policyId),
  ],
);

/**
 * What the platform keeps about a submission beside its field values (CONTRACT 5.3): the last intake
 * status it held (what reopen and the status recomputation fall back to), how many quotes it has had (any
 * status, wiped ones included: the ordinal of the next), and the oldest family's `applicationId`.
 */
export const submissionRecords = sqliteTable("submission_records", {
  submissionId: text("submission_id").primaryKey(),
  companyId: text("company_id").notNull(),
  intakeStatus: text("intake_status").notNull(),
  quotesCreated: integer("quotes_created").notNull(),
  applicationId: text("application_id").notNull(),
});
