import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { companies } from "../schema";

export type CompanyRow = typeof companies.$inferSelect;
export type Lifecycle = CompanyRow["lifecycle"];

export async function findCompany(db: Database, companyId: string): Promise<CompanyRow | null> {
  const rows = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return rows[0] ?? null;
}

export async function insertCompany(db: Database, company: CompanyRow) {
  await db.insert(companies).values(company);
}

export async function updateCompanyFeatures(db: Database, companyId: string, features: Record<string, boolean>) {
  await db.update(companies).set({ features, updatedAt: new Date().toISOString() }).where(eq(companies.id, companyId));
}
