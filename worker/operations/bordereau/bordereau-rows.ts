import { selectBordereauRows, selectVersionCoverages } from "../../db/queries/bordereau-rows";
import {
  type Cell,
  type Column,
  FIXED_COLUMNS,
  fixedColumns,
  TRANSACTION_COLUMNS,
} from "../../domain/bordereau/columns";
import type { RowsSelection } from "../../domain/bordereau/request";
import { cellOf, resolveTransposablePath, type TransposedPath } from "../../domain/bordereau/transpositions";
import { transactionPremium } from "../../domain/policies/earned-premium";
import type { Coverage } from "../../domain/policies/segments";
import { unknownTranspositionPaths } from "../../errors/bordereau-refusals";
import type { OperationContext } from "../context";
import { loadPolicyConfiguration } from "../policies/policy-configuration";

export interface BordereauTable {
  columns: Column[];
  rows: Cell[][];
}

/** The transposed columns the selection asks for; a path that cannot be transposed is refused (400). */
async function transposedColumns(ctx: OperationContext, selection: RowsSelection) {
  if (!selection.transpositions?.length) return [];
  const { policyFields } = await loadPolicyConfiguration(ctx);
  const resolved = selection.transpositions.map((t, index) => ({
    ...t,
    index,
    members: resolveTransposablePath(t.path, policyFields),
  }));
  const columns: Array<{ column: Column; members: TransposedPath }> = [];
  const unknown: Array<{ index: number; path: string }> = [];
  for (const t of resolved) {
    if (t.members) columns.push({ column: { key: t.path, header: t.header }, members: t.members });
    else unknown.push(t);
  }
  if (unknown.length) throw unknownTranspositionPaths(unknown);
  return columns;
}

/**
 * `POST P/policies/bordereau/rows`, and the rows of an export: one row per policy version of the company,
 * filtered, sorted and paged as the selection says (the rules are in `domain/bordereau/`).
 */
export async function bordereauRows(ctx: OperationContext, selection: RowsSelection): Promise<BordereauTable> {
  const transposed = await transposedColumns(ctx, selection);
  const raw = await selectBordereauRows(
    ctx.db,
    ctx.companyId,
    selection,
    transposed.map((t) => t.members),
  );
  const fixedCount = FIXED_COLUMNS.length;
  const rows =
    transposed.length === 0
      ? raw
      : raw.map((row) =>
          row.map((cell, i) => (i < fixedCount || cell === null ? cell : cellOf(JSON.parse(cell as string)))),
        );
  await fillLegacyTransactionPremium(ctx, rows);
  return { columns: [...fixedColumns(), ...transposed.map((t) => t.column)], rows };
}

const column = (key: string) => FIXED_COLUMNS.findIndex((c) => c.key === key);
const AT = {
  policyId: column("policyId"),
  version: column("version"),
  transaction: TRANSACTION_COLUMNS.map(({ key, kind }) => ({ index: column(key), kind })),
};
const POLICIES_PER_READ = 50;

/**
 * Versions stored before the ledger carry no transaction premium: it is computed from their coverage and
 * their predecessor's, as a transaction computes it now (rows in place).
 */
async function fillLegacyTransactionPremium(ctx: OperationContext, rows: Cell[][]) {
  const first = AT.transaction[0]?.index ?? -1;
  const legacy = rows.filter((row) => row[first] === null);
  if (!legacy.length) return;
  const policyIds = [...new Set(legacy.map((row) => String(row[AT.policyId])))];
  const coverages = new Map<string, Coverage>();
  for (let i = 0; i < policyIds.length; i += POLICIES_PER_READ) {
    const read = await selectVersionCoverages(ctx.db, ctx.companyId, policyIds.slice(i, i + POLICIES_PER_READ));
    for (const r of read) coverages.set(`${r.policyId}/${r.version}`, r.coverage);
  }
  for (const row of legacy) {
    const [policyId, version] = [String(row[AT.policyId]), Number(row[AT.version])];
    const after = coverages.get(`${policyId}/${version}`);
    if (!after) continue;
    const cents = transactionPremium(coverages.get(`${policyId}/${version - 1}`) ?? null, after);
    for (const { index, kind } of AT.transaction) row[index] = cents[kind] / 100;
  }
}
