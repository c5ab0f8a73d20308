import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  type Cell,
  FIXED_COLUMNS,
  type FixedColumnKey,
  type SortField,
  TRANSACTION_COLUMNS,
} from "../../domain/bordereau/columns";
import type { RowsSelection } from "../../domain/bordereau/request";
import type { TransposedPath } from "../../domain/bordereau/transpositions";
import type { Database } from "../client";
import { policies, policyVersions } from "../schema";

const v = policyVersions;

/**
 * The JSON path of a version's root data inside `coverage`: the last segment's data, or when a flat
 * cancellation left none the data in force at inception (as `rootData` in version-view.ts reads it).
 */
const ROOT_PATH = sql`(case when json_array_length(${v.coverage}, '$.segments') > 0
  then '$.segments[#-1].data' else '$.cancellation.restore[0].data' end)`;
const memberPath = (members: TransposedPath) => members.map((m) => `."${m}"`).join("");
/** A scalar of the root data as SQL text, number or null. */
const rootScalar = (...members: string[]) => sql`(${v.coverage} ->> (${ROOT_PATH} || ${memberPath(members)}))`;
/** Any value of the root data as JSON text (parsed into a cell afterwards). */
const rootJson = (members: TransposedPath) => sql`(${v.coverage} -> (${ROOT_PATH} || ${memberPath(members)}))`;

/** `transactionTimestamp` is stored as sent (any offset); compare and sort it as a UTC instant. */
const INSTANT = sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${v.transactionTimestamp})`;
const instantOf = (iso: string) => new Date(iso).toISOString();

/** The transaction premium of the row's version per kind, stored in cents, as plain USD (null before the ledger). */
function transactionSelects() {
  return Object.fromEntries(
    TRANSACTION_COLUMNS.map(({ key, kind }) => [
      key,
      sql`((${v.transactionPremium} ->> ${sql.raw(`'$.${kind}'`)}) / 100.0)`,
    ]),
  ) as Record<(typeof TRANSACTION_COLUMNS)[number]["key"], SQL>;
}

const FIXED_SELECT: Record<FixedColumnKey, SQL> = {
  policyId: sql`${v.policyId}`,
  policyNumber: sql`${policies.policyNumber}`,
  version: sql`${v.version}`,
  action: sql`${v.action}`,
  transactionTimestamp: sql`${v.transactionTimestamp}`,
  effectiveDate: sql`${v.effectiveDate}`,
  // The term as the coverage holds it: a cancellation shrinks the covered span, never the term.
  policyStartDate: sql`(${v.coverage} ->> '$.termStart')`,
  policyEndDate: sql`(${v.coverage} ->> '$.termEnd')`,
  coverageStartDate: sql`${v.startDate}`,
  coverageEndDate: sql`${v.endDate}`,
  primaryInsuredName: rootScalar("primaryInsuredName"),
  premium: rootScalar("fullTermPricingInfo", "premium"),
  taxes: rootScalar("fullTermPricingInfo", "taxes"),
  fees: rootScalar("fullTermPricingInfo", "fees"),
  brokerCommission: rootScalar("fullTermPricingInfo", "brokerCommission"),
  programCommission: rootScalar("fullTermPricingInfo", "programCommission"),
  ...transactionSelects(),
  displayAuthor: sql`${v.displayAuthor}`,
  createdAt: sql`${v.createdAt}`,
};

const SORT_KEY: Record<SortField, SQL> = {
  policyNumber: sql`${policies.policyNumber}`,
  primaryInsuredName: rootScalar("primaryInsuredName"),
  effectiveDate: sql`${v.effectiveDate}`,
  transactionTimestamp: INSTANT,
  createdAt: sql`${v.createdAt}`,
};

function whereOf(companyId: string, selection: RowsSelection): SQL {
  const conditions = [sql`${v.companyId} = ${companyId}`];
  if (selection.periodStart) conditions.push(sql`${INSTANT} >= ${instantOf(selection.periodStart)}`);
  if (selection.periodEnd) conditions.push(sql`${INSTANT} < ${instantOf(selection.periodEnd)}`);
  if (selection.actions) conditions.push(sql`${v.action} in ${[...new Set(selection.actions)]}`);
  return sql.join(conditions, sql` and `);
}

/**
 * The bordereau rows: one per policy version of the company, filtered, sorted and paged in one SQL
 * statement so 50,000 rows stay one pass over the company's versions. The fixed columns come first,
 * then one per transposed path as JSON text (null when absent). Ties in the sort field fall back to
 * policy number, then version, in the same direction; nulls sort last either way.
 */
export function selectBordereauRows(
  db: Database,
  companyId: string,
  selection: RowsSelection,
  transposed: readonly TransposedPath[],
): Promise<Cell[][]> {
  const direction = selection.sortDirection === "asc" ? sql`asc` : sql`desc`;
  const selects = [...FIXED_COLUMNS.map((c) => FIXED_SELECT[c.key]), ...transposed.map(rootJson)];
  const query = sql`select ${sql.join(selects, sql`, `)}
    from ${v} inner join ${policies} on ${policies.id} = ${v.policyId} and ${policies.companyId} = ${v.companyId}
    where ${whereOf(companyId, selection)}
    order by ${SORT_KEY[selection.sortBy]} ${direction} nulls last,
      ${policies.policyNumber} ${direction}, ${v.version} ${direction}, ${v.id}
    limit ${selection.limit} offset ${selection.offset}`;
  return db.values<Cell[]>(query);
}

/**
 * The coverage of every version of the given policies (at most 50 ids per call): what the transaction
 * premium of versions stored before the ledger is computed from.
 */
export function selectVersionCoverages(db: Database, companyId: string, policyIds: readonly string[]) {
  return db
    .select({ policyId: v.policyId, version: v.version, coverage: v.coverage })
    .from(v)
    .where(and(eq(v.companyId, companyId), inArray(v.policyId, [...policyIds])));
}
