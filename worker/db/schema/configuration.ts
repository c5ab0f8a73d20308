import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { ConfigurationDocument } from "../../domain/configuration/document";

/** One canonical configuration document per company. `version` guards concurrent writes. */
export const companyConfigurations = sqliteTable("company_configurations", {
  companyId: text("company_id").primaryKey(),
  document: text("document", { mode: "json" }).$type<ConfigurationDocument>().notNull(),
  contentHash: text("content_hash").notNull(),
  version: integer("version").notNull(),
  updatedAt: text("updated_at").notNull(),
});
