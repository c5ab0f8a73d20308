import { Column, getTableColumns, is, Param, Placeholder, sql } from "drizzle-orm";
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
    const built = this.builtOn(db);
    return new BoundWrite(db.$client.prepare(built.sql).bind(...boundParams(built, values)));
  }

  /**
   * The write, and the values as a read of what it stores gives them back: each value decoded from the very
   * text bound (a JSON column parsed from it, an absent value null), so a caller keeping the written row
   * pays one serialization of its JSON, not a second one for its copy.
   */
  boundWithStored(db: Database, values: Values): { write: BoundWrite; stored: Values } {
    const built = this.builtOn(db);
    const bound = boundParams(built, values);
    const stored: Record<string, unknown> = {};
    built.params.forEach((param, i) => {
      const name = placeholderName(param);
      if (name === undefined) return;
      const value = bound[i];
      const column = is(param, Param) && is(param.encoder, Column) ? param.encoder : undefined;
      stored[name] = value !== null && column ? column.mapFromDriverValue(value) : value;
    });
    return { write: new BoundWrite(db.$client.prepare(built.sql).bind(...bound)), stored: stored as Values };
  }

  private builtOn(db: Database): BuiltQuery {
    this.built ??= this.build(db).toSQL();
    return this.built;
  }
}

/** The name of the placeholder a parameter binds, bare or under its column's encoder. */
function placeholderName(param: unknown): string | undefined {
  if (is(param, Placeholder)) return param.name;
  if (is(param, Param) && is(param.value, Placeholder)) return param.value.name;
  return undefined;
}

/** The parameters of a statement built once (compiled selects and writes) with one call's values bound. */
export const boundParams = (built: BuiltQuery, values: Record<string, unknown>): unknown[] =>
  built.params.map((param) => boundValue(param, values));

/** A parameter with the call's value in place of its placeholder (encoded by its column when it has one). */
function boundValue(param: unknown, values: Record<string, unknown>): unknown {
  const name = placeholderName(param);
  if (name === undefined) return param;
  const value = values[name];
  if (value === null || value === undefined) return null;
  return is(param, Param) ? param.encoder.mapToDriverValue(value) : value;
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
