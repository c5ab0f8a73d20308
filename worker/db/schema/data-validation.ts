import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { ValidationIssue } from "../../domain/configuration/issues";
import { RUN_STATUSES } from "../../domain/data-validation/run-progress";

/**
 * Background data-validation runs: one row per run. The run walks its entity types in order, one
 * chunk of records per queue message; `step` numbers the next chunk and guards against re-delivery
 * (a message for an earlier step is a duplicate), the cursor says where that chunk starts.
 */
export const dataValidationRuns = sqliteTable(
  "data_validation_runs",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    status: text("status", { enum: RUN_STATUSES }).notNull(),
    entityTypes: text("entity_types", { mode: "json" }).$type<string[]>().notNull(),
    step: integer("step").notNull(),
    /** Index into `entityTypes` of the type the next chunk reads. */
    cursorTypeIndex: integer("cursor_type_index").notNull(),
    /** Creation time and id of the last record already validated in that type; null at its start. */
    cursorCreatedAt: text("cursor_created_at"),
    cursorEntityId: text("cursor_entity_id"),
    /** An estimate while the run is under way; the number of records validated once it completes. */
    totalCount: integer("total_count").notNull(),
    processedCount: integer("processed_count").notNull(),
    /** Failed deliveries of the current step; the run fails when it reaches the limit. */
    failedAttempts: integer("failed_attempts").notNull(),
    error: text("error"),
    createdAt: text("created_at").notNull(),
    startedAt: text("started_at"),
    completedAt: text("completed_at"),
    createdBy: text("created_by"),
  },
  (t) => [index("data_validation_runs_company_created_idx").on(t.companyId, t.createdAt)],
);

/**
 * Saved findings of a run, one per validated record. The key (run, record) makes re-delivered
 * chunks write nothing twice; `ordinal` keeps the order the run walked the records in.
 */
export const dataValidationFindings = sqliteTable(
  "data_validation_findings",
  {
    runId: text("run_id").notNull(),
    companyId: text("company_id").notNull(),
    entityId: text("entity_id").notNull(),
    entityType: text("entity_type").notNull(),
    ordinal: integer("ordinal").notNull(),
    adheres: integer("adheres", { mode: "boolean" }).notNull(),
    extraKeys: text("extra_keys", { mode: "json" }).$type<string[]>().notNull(),
    issues: text("issues", { mode: "json" }).$type<ValidationIssue[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.entityId] }),
    index("data_validation_findings_run_ordinal_idx").on(t.runId, t.ordinal),
    index("data_validation_findings_run_adheres_idx").on(t.runId, t.adheres, t.ordinal),
    // A Sandbox reset deletes a company's findings without a run id.
    index("data_validation_findings_company_idx").on(t.companyId),
  ],
);
