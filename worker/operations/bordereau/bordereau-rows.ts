import { selectBordereauRows } from "../../db/queries/bordereau-rows";
import { type Cell, type Column, FIXED_COLUMNS, fixedColumns } from "../../domain/bordereau/columns";
import type { RowsSelection } from "../../domain/bordereau/request";
import { cellOf, resolveTransposablePath, type TransposedPath } from "../../domain/bordereau/transpositions";
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
  return { columns: [...fixedColumns(), ...transposed.map((t) => t.column)], rows };
}
