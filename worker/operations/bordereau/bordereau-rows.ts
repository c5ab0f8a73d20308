import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import { policies, policyVersions } from "../../db/schema";
import {
  type Cell,
  type Column,
  FIXED_COLUMNS,
  type FixedColumnKey,
  fixedColumns,
  type SortField,
} from "../../domain/bordereau/columns";
import type { RowsSelection } from "../../domain/bordereau/request";
import {
  cellOf,
  resolveTransposablePath,
  TRANSPOSABLE_PATHS_TEXT,
  type TransposedPath,
} from "../../domain/bordereau/transpositions";
import { ApiError } from "../../errors/api-error";

export interface BordereauTable {
  columns: Column[];
  rows: Cell[][];
}

const v = policyVersions;

/**
 * The JSON path of a version's root data inside `coverage`: the last segment's data, or the last
 * segment to restore when a cancellation left none (as `rootData` in version-view.ts reads it).
 */
const ROOT_PATH = sql`(case when json_array_length(${v.coverage}, '$.segments') > 0 then '$.segments[#-1].data' else '$.cancellation.restore[#-1].data' end)`;
const memberPath = (members: TransposedPath) => members.map((m) => `."${m}"`).join("");
/** A scalar of the root data as SQL text, number or null. */
const rootScalar = (...members: string[]) => sql`(${v.coverage} ->> (${ROOT_PATH} || ${memberPath(members)}))`;
/** Any value of the root data as JSON text (parsed into a cell afterwards). */
const rootJson = (members: TransposedPath) => sql`(${v.coverage} -> (${ROOT_PATH} || ${memberPath(members)}))`;

/** `transactionTimestamp` is stored as sent (any offset); compare and sort it as a UTC instant. */
const INSTANT = sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${v.transactionTimestamp})`;
const instantOf = (iso: string) => new Date(iso).toISOString();

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

function unknownPaths(unknown: Array<{ index: number; path: string }>): ApiError {
  return new ApiError({
    code: "VALIDATION_ERROR",
    message: `Unknown transposition path ${unknown.map((u) => `"${u.path}"`).join(", ")}`,
    userMessages: unknown.map(
      (u) => `"${u.path}" cannot be transposed into a column. Transposable paths are ${TRANSPOSABLE_PATHS_TEXT}.`,
    ),
    details: unknown.map((u) => ({
      field: `transpositions[${u.index}].path`,
      message: `"${u.path}" is not a transposable path`,
    })),
  });
}

async function transposedColumns(db: Database, companyId: string, selection: RowsSelection) {
  if (!selection.transpositions?.length) return [];
  const configuration = (await loadConfiguration(db, companyId)).document;
  const policyFields = configuration.fieldDefinitions.filter((f) => f.entityType === "policy");
  const resolved = selection.transpositions.map((t, index) => ({
    ...t,
    index,
    members: resolveTransposablePath(t.path, policyFields),
  }));
  const unknown = resolved.filter((t) => t.members === null);
  if (unknown.length) throw unknownPaths(unknown);
  return resolved.map((t) => ({ column: { key: t.path, header: t.header }, select: rootJson(t.members!) }));
}

function whereOf(companyId: string, selection: RowsSelection): SQL {
  const conditions = [sql`${v.companyId} = ${companyId}`];
  if (selection.periodStart) conditions.push(sql`${INSTANT} >= ${instantOf(selection.periodStart)}`);
  if (selection.periodEnd) conditions.push(sql`${INSTANT} < ${instantOf(selection.periodEnd)}`);
  if (selection.actions) conditions.push(sql`${v.action} in ${[...new Set(selection.actions)]}`);
  return sql.join(conditions, sql` and `);
}

/**
 * The bordereau: one row per policy version of the company, filtered, sorted and paged in one SQL
 * statement so 50,000 rows stay one pass over the company's versions. Ties in the sort field fall back
 * to policy number, then version, in the same direction; nulls sort last either way.
 */
export async function bordereauRows(
  db: Database,
  companyId: string,
  selection: RowsSelection,
): Promise<BordereauTable> {
  const transposed = await transposedColumns(db, companyId, selection);
  const direction = selection.sortDirection === "asc" ? sql`asc` : sql`desc`;
  const selects = [...FIXED_COLUMNS.map((c) => FIXED_SELECT[c.key]), ...transposed.map((t) => t.select)];
  const query = sql`select ${sql.join(selects, sql`, `)}
    from ${v} inner join ${policies} on ${policies.id} = ${v.policyId} and ${policies.companyId} = ${v.companyId}
    where ${whereOf(companyId, selection)}
    order by ${SORT_KEY[selection.sortBy]} ${direction} nulls last, ${policies.policyNumber} ${direction}, ${v.version} ${direction}, ${v.id}
    limit ${selection.limit} offset ${selection.offset}`;
  const raw = await db.values<Cell[]>(query);
  const fixedCount = FIXED_COLUMNS.length;
  const rows =
    transposed.length === 0
      ? raw
      : raw.map((row) =>
          row.map((cell, i) => (i < fixedCount || cell === null ? cell : cellOf(JSON.parse(cell as string)))),
        );
  return { columns: [...fixedColumns(), ...transposed.map((t) => t.column)], rows };
}
