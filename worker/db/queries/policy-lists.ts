import { and, asc, count, desc, eq, exists, gt, gte, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { DayFilter } from "../../domain/policies/list-filters";
import type { PolicyStatus } from "../../domain/policies/version-view";
import type { Database } from "../client";
import { policies, policyVersions } from "../schema";
import type { PageWindow } from "./page";
import type { PolicyVersionRow } from "./policies";

export interface PolicyListFilters {
  policyNumber?: string;
  /** The status as of `today` (see `policyStatus` in version-view.ts). */
  status?: PolicyStatus;
  previousPolicy?: string;
  days: DayFilter[];
}

/**
 * A policy's status as of `today` in SQL, as `policyStatus` reads it: the head records whether a
 * cancellation is on the policy, and the current version's covered span ends on its date.
 */
function statusCondition(status: PolicyStatus, today: string): SQL | undefined {
  const cancelledBy = and(eq(policies.status, "cancelled"), lte(policyVersions.endDate, today));
  const notCancelled = or(eq(policies.status, "active"), gt(policyVersions.endDate, today));
  if (status === "cancelled") return cancelledBy;
  if (status === "expired") return and(notCancelled, lte(policies.termEnd, today));
  return and(notCancelled, gt(policies.termEnd, today));
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
  today: string,
): Promise<{ rows: PolicyVersionRow[]; totalCount: number }> {
  const where = and(
    eq(policies.companyId, companyId),
    ...filters.days.map(dayCondition),
    filters.policyNumber ? eq(policies.policyNumber, filters.policyNumber) : undefined,
    filters.status ? statusCondition(filters.status, today) : undefined,
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

/** `transactionTimestamp` as a UTC instant (it is stored as sent, with any offset). */
const BOOKED_AT = sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${policyVersions.transactionTimestamp})`;

/**
 * The versions of each policy with a transaction booked by `bookedAsOf` (its `transactionTimestamp` at or
 * before that instant), by policy number, each marked booked or not: the earned-premium report as booked.
 */
export async function listBookedVersions(
  db: Database,
  companyId: string,
  filters: { policyId?: string; bookedAsOf: string },
  page: PageWindow,
) {
  const booked = sql<number>`(${BOOKED_AT} <= ${new Date(filters.bookedAsOf).toISOString()})`;
  const bookedVersion = db
    .select({ one: sql`1` })
    .from(policyVersions)
    .where(and(eq(policyVersions.policyId, policies.id), booked));
  const where = and(
    eq(policies.companyId, companyId),
    filters.policyId ? eq(policies.id, filters.policyId) : undefined,
    exists(bookedVersion),
  );
  const pageOfPolicies = db
    .select({ id: policies.id })
    .from(policies)
    .where(where)
    .orderBy(asc(policies.policyNumber), asc(policies.id))
    .limit(page.limit)
    .offset(page.offset);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: policies.id,
        policyNumber: policies.policyNumber,
        version: policyVersions.version,
        coverage: policyVersions.coverage,
        booked,
      })
      .from(policyVersions)
      .innerJoin(policies, eq(policies.id, policyVersions.policyId))
      .where(and(eq(policyVersions.companyId, companyId), inArray(policyVersions.policyId, pageOfPolicies)))
      .orderBy(asc(policies.policyNumber), asc(policies.id), asc(policyVersions.version)),
    db.select({ n: count() }).from(policies).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, booked: r.booked === 1 })), totalCount: total?.n ?? 0 };
}
