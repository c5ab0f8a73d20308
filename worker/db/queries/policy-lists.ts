import { and, asc, count, desc, eq, gt, gte, lte, type SQL, sql } from "drizzle-orm";
import type { DayFilter } from "../../domain/policies/list-filters";
import type { Database } from "../client";
import { policies, policyVersions } from "../schema";
import type { PageWindow } from "./page";
import type { PolicyVersionRow } from "./policies";

export interface PolicyListFilters {
  policyNumber?: string;
  status?: "active" | "cancelled";
  previousPolicy?: string;
  days: DayFilter[];
}

/** The version rows of each policy's current version. */
const currentVersion = and(
  eq(policyVersions.policyId, policies.id),
  eq(policyVersions.version, policies.currentVersion),
);

function dayCondition({ name, day }: DayFilter): SQL | undefined {
  switch (name) {
    case "activeOn":
      return and(lte(policyVersions.startDate, day), gt(policyVersions.endDate, day));
    case "startsOnOrAfter":
      return gte(policies.termStart, day);
    case "startsOnOrBefore":
      return lte(policies.termStart, day);
    case "endsOnOrAfter":
      return gte(policyVersions.endDate, day);
    case "endsOnOrBefore":
      return lte(policyVersions.endDate, day);
  }
}

/** The current version of each policy matching the filters, newest policy first. */
export async function listCurrentVersions(
  db: Database,
  companyId: string,
  filters: PolicyListFilters,
  page: PageWindow,
): Promise<{ rows: PolicyVersionRow[]; totalCount: number }> {
  const where = and(
    eq(policies.companyId, companyId),
    ...filters.days.map(dayCondition),
    filters.policyNumber ? eq(policies.policyNumber, filters.policyNumber) : undefined,
    filters.status ? eq(policies.status, filters.status) : undefined,
    filters.previousPolicy ? eq(policies.previousPolicyId, filters.previousPolicy) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ version: policyVersions })
      .from(policies)
      .innerJoin(policyVersions, currentVersion)
      .where(where)
      .orderBy(desc(policies.createdAt), desc(policies.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(policies).innerJoin(policyVersions, currentVersion).where(where),
  ]);
  return { rows: rows.map((r) => r.version), totalCount: total?.n ?? 0 };
}

/** Every version of the company, newest transaction first (the instant of `transactionTimestamp`). */
export async function listAllVersions(
  db: Database,
  companyId: string,
  page: PageWindow,
): Promise<{ rows: PolicyVersionRow[]; totalCount: number }> {
  const where = eq(policyVersions.companyId, companyId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(policyVersions)
      .where(where)
      .orderBy(desc(sql`julianday(${policyVersions.transactionTimestamp})`), desc(policyVersions.version))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(policyVersions).where(where),
  ]);
  return { rows, totalCount: total?.n ?? 0 };
}

/** A policy's versions, newest first. */
export function listVersionsOfPolicy(
  db: Database,
  companyId: string,
  policyId: string,
  page: PageWindow,
): Promise<PolicyVersionRow[]> {
  return db
    .select()
    .from(policyVersions)
    .where(and(eq(policyVersions.companyId, companyId), eq(policyVersions.policyId, policyId)))
    .orderBy(desc(policyVersions.version))
    .limit(page.limit)
    .offset(page.offset);
}

/** Each policy's current coverage, by policy number (the earned premium report). */
export async function listCurrentCoverages(
  db: Database,
  companyId: string,
  filters: { policyId?: string },
  page: PageWindow,
) {
  const where = and(
    eq(policies.companyId, companyId),
    filters.policyId ? eq(policies.id, filters.policyId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: policies.id,
        policyNumber: policies.policyNumber,
        version: policyVersions.version,
        coverage: policyVersions.coverage,
      })
      .from(policies)
      .innerJoin(policyVersions, currentVersion)
      .where(where)
      .orderBy(asc(policies.policyNumber), asc(policies.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(policies).where(where),
  ]);
  return { rows, totalCount: total?.n ?? 0 };
}
