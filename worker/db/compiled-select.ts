import { getTableColumns, is, SQL } from "drizzle-orm";
import { QueryBuilder, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { withoutWaiting } from "./coalesced-reads";
import { type BuiltQuery, boundParams } from "./compiled-write";

/** A select of one table, written with drizzle's query builder and `sql.placeholder` for the call's values. */
type BuildSelect = (qb: QueryBuilder) => { toSQL(): BuiltQuery };

/** What a compiled select names: table columns (decoded by their column), or SQL under an alias (as SQLite gives it). */
export type SelectedField = SQLiteColumn | SQL.Aliased;

/** The name a field's value comes back under, and how it is decoded. */
const fieldReader = (field: SelectedField): readonly [string, (value: unknown) => unknown] =>
  is(field, SQL.Aliased)
    ? [field.fieldAlias, (value) => value]
    : [field.name, (value) => field.mapFromDriverValue(value)];

/**
 * A hot read whose SQL drizzle builds once per isolate, then runs as a plain D1 statement with each call's
 * values. Building the text of a query on every call cost about a tenth of a read by id's CPU (issue 16's
 * profile) though only its values change. `fields` are the columns the select names (the whole row by
 * default); rows come back keyed and decoded as drizzle's own select would give them.
 */
export class CompiledSelect<Row, Values extends Record<string, unknown>> {
  private built: BuiltQuery | null = null;
  private readonly columns: ReadonlyArray<readonly [string, string, (value: unknown) => unknown]>;

  constructor(
    table: SQLiteTable,
    private readonly build: BuildSelect,
    fields: Record<string, SelectedField> = getTableColumns(table),
  ) {
    this.columns = Object.entries(fields).map(([key, field]) => [key, ...fieldReader(field)] as const);
  }

  /** The statement of one call, for `run` or a D1 batch. */
  statement(d1: D1Database, values: Values): D1PreparedStatement {
    this.built ??= this.build(new QueryBuilder()).toSQL();
    return d1.prepare(this.built.sql).bind(...boundParams(this.built, values));
  }

  /** The rows of the statement's result, each keyed by field and decoded (JSON columns parsed). */
  rowsOf(result: D1Result<Record<string, unknown>>): Row[] {
    return (result.results ?? []).map((stored) => {
      const row: Record<string, unknown> = {};
      for (const [key, name, decode] of this.columns) {
        const value = stored[name];
        row[key] = value === null || value === undefined ? null : decode(value);
      }
      return row as Row;
    });
  }

  /** Runs the statement of one call on its own. */
  async run(d1: D1Database, values: Values): Promise<Row[]> {
    return this.rowsOf(await this.statement(d1, values).all());
  }

  /** `run` for a read its caller knows no other joins: sent at once, without waiting for others (`withoutWaiting`). */
  async runAlone(d1: D1Database, values: Values): Promise<Row[]> {
    return this.rowsOf(await withoutWaiting(this.statement(d1, values)).all());
  }
}

/** Two compiled selects in one D1 batch (one round trip, one snapshot), the rows of each decoded. */
export async function selectTogether<A, VA extends Record<string, unknown>, B, VB extends Record<string, unknown>>(
  d1: D1Database,
  [first, firstValues]: readonly [CompiledSelect<A, VA>, VA],
  [second, secondValues]: readonly [CompiledSelect<B, VB>, VB],
): Promise<[A[], B[]]> {
  const [firstResult, secondResult] = await d1.batch<Record<string, unknown>>([
    first.statement(d1, firstValues),
    second.statement(d1, secondValues),
  ]);
  return [
    first.rowsOf(firstResult as D1Result<Record<string, unknown>>),
    second.rowsOf(secondResult as D1Result<Record<string, unknown>>),
  ];
}
