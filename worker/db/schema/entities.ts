import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Field Model V1 records: the six entity types and custom object records. `data` holds the field
 * values keyed by referenceId; `entity_type` is the entity type or the custom object key.
 */
export const entities = sqliteTable(
  "entities",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    kind: text("kind", { enum: ["entity", "customObject"] }).notNull(),
    entityType: text("entity_type").notNull(),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    version: integer("version").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    createdBy: text("created_by"),
  },
  (t) => [index("entities_company_type_created_idx").on(t.companyId, t.entityType, t.createdAt)],
);

/** Typed relationship links between records (configuration `relationships`). */
export const relationshipLinks = sqliteTable(
  "relationship_links",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    relationshipKey: text("relationship_key").notNull(),
    fromId: text("from_id").notNull(),
    toId: text("to_id").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("relationship_links_from_idx").on(t.companyId, t.relationshipKey, t.fromId),
    index("relationship_links_to_idx").on(t.companyId, t.relationshipKey, t.toId),
  ],
);
