import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Form templates of a company, identified by their case-sensitive `number` (CONTRACT section 6, Forms). */
export const formTemplates = sqliteTable(
  "form_templates",
  {
    companyId: text("company_id").notNull(),
    number: text("number").notNull(),
    name: text("name").notNull(),
    edition: text("edition"),
    description: text("description"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.number] })],
);

/** Forms-logic rules: form `form_number` applies to `entity_type` (quote or policy); live until deleted. */
export const formLogicRules = sqliteTable(
  "form_logic_rules",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    formNumber: text("form_number").notNull(),
    entityType: text("entity_type").notNull(),
    name: text("name").notNull(),
    createdAt: text("created_at").notNull(),
    createdBy: text("created_by"),
  },
  (t) => [
    index("form_logic_rules_number_idx").on(t.companyId, t.formNumber),
    index("form_logic_rules_created_idx").on(t.companyId, t.createdAt),
  ],
);

/** Forms recorded as generated for a quote or policy; they keep the form's number and name. */
export const generatedForms = sqliteTable(
  "generated_forms",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    formNumber: text("form_number").notNull(),
    formName: text("form_name").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    createdAt: text("created_at").notNull(),
    createdBy: text("created_by"),
  },
  (t) => [
    index("generated_forms_company_created_idx").on(t.companyId, t.createdAt),
    index("generated_forms_record_idx").on(t.companyId, t.entityType, t.entityId, t.createdAt),
  ],
);
