import { getTableColumns, is, Param, Placeholder, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "./client";

/** What drizzle gives as a statement's text (`toSQL()`, `getQuery()`): the SQL and its parameters. */
export interface BuiltQuery {
  sql: string;
  params: unknown[];
}

/** An insert, update or delete written with drizzle and `sql.placeholder` for each call's values. */
type BuildWrite = (db: Database) => { toSQL(): BuiltQuery };

/** A write statement bound to one call's values, ready for a D1 batch (`runBatch`). */
export class BoundWrite {
  constructor(readonly statement: D1PreparedStatement) {}
}

/**
 * A write on the hot path whose SQL drizzle builds once per isolate; each call binds its values, each encoded
 * by its column as drizzle would (a JSON column's value written as its text, null kept as NULL). Building the
 * text of the version insert and the head update on every endorsement cost about 5% of its CPU (issue 16's
 * profile). The statement is prepared on the handle it will run on (`db.$client`: a session, or a group's).
 */
export class CompiledWrite<Values extends Record<string, unknown>> {
  private built: BuiltQuery | null = null;

  constructor(private readonly build: BuildWrite) {}

  bound(db: Database, values: Values): BoundWrite {
    this.built ??= this.build(db).toSQL();
    return new BoundWrite(db.$client.prepare(this.built.sql).bind(...boundParams(this.built, values)));
  }
}

/** The parameters of a statement built once (compiled selects and writes) with one call's values bound. */
export const boundParams = (built: BuiltQuery, values: Record<string, unknown>): unknown[] =>
  built.params.map((param) => boundValue(param, values));

/** A parameter with the call's value in place of its placeholder (encoded by its column when it has one). */
function boundValue(param: unknown, values: Record<string, unknown>): unknown {
  if (is(param, Placeholder)) return values[param.name] ?? null;
  if (is(param, Param) && is(param.value, Placeholder)) {
    const value = values[param.value.name];
    return value === null || value === undefined ? null : param.encoder.mapToDriverValue(value);
  }
  return param;
}

/** A placeholder per column of `table`, named by its key: the values of an insert of a whole row. */
export function rowPlaceholders<T extends SQLiteTable>(table: T): { [K in keyof T["$inferInsert"]]-?: Placeholder } {
  const columns = Object.keys(getTableColumns(table));
  return Object.fromEntries(columns.map((key) => [key, sql.placeholder(key)])) as {
    [K in keyof T["$inferInsert"]]-?: Placeholder;
  };
}

/**
 * A column's new value in an update's `set`, taken from the call's values unencoded (drizzle's types take no
 * placeholder there): for columns whose stored value is the value itself (text, integer), not JSON.
 */
export const placeholderValue = (name: string) => sql`${sql.placeholder(name)}`;
