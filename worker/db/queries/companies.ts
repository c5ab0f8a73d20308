import { eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { CompiledSelect } from "../compiled-select";
import { companies } from "../schema";

export type CompanyRow = typeof companies.$inferSelect;
export type Lifecycle = CompanyRow["lifecycle"];

/** The company's row (read by most operations, so its SQL is built once: `CompiledSelect`). */
const companyById = new CompiledSelect<CompanyRow, { id: string }>(companies, (qb) =>
  qb
    .select()
    .from(companies)
    .where(eq(companies.id, sql.placeholder("id")))
    .limit(1),
);

export async function findCompany(db: Database, companyId: string): Promise<CompanyRow | null> {
  const [row] = await companyById.run(db.$client, { id: companyId });
  return row ?? null;
}

export async function insertCompany(db: Database, company: CompanyRow) {
  await db.insert(companies).values(company);
}
