import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { BillReviewSettings, RateLimitSettings } from "../../domain/company/lifecycle";

/** A tenant: an insurer or MGA. Everything else hangs off `companies.id`. */
export const companies = sqliteTable("companies", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  shortName: text("short_name").notNull(),
  lifecycle: text("lifecycle", { enum: ["sandbox", "live", "retired", "uninitialized"] }).notNull(),
  features: text("features", { mode: "json" }).$type<Record<string, boolean>>().notNull(),
  /** Staff settings of bill review (CONTRACT section 7.1); null until first set: the defaults apply. */
  billReview: text("bill_review", { mode: "json" }).$type<Partial<BillReviewSettings>>(),
  /** Staff settings of rate limits (CONTRACT 8.2); null until first set: the defaults apply. */
  rateLimit: text("rate_limit", { mode: "json" }).$type<Partial<RateLimitSettings>>(),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

/** API keys are stored only as SHA-256 hashes; the raw key is shown once, at creation. */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    roles: text("roles", { mode: "json" }).$type<string[]>().notNull(),
    permissions: text("permissions", { mode: "json" }).$type<string[]>().notNull(),
    createdAt: text("created_at").notNull(),
    revokedAt: text("revoked_at"),
  },
  (t) => [index("api_keys_company_idx").on(t.companyId)],
);

/** Per-company counters (policy numbers, quote numbers, configured sequences). Reset restarts them. */
export const sequences = sqliteTable(
  "sequences",
  {
    companyId: text("company_id").notNull(),
    name: text("name").notNull(),
    value: integer("value").notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.name] })],
);
