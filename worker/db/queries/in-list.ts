import { type Column, type SQL, sql } from "drizzle-orm";

/**
 * `column IN (values)` bound as one parameter, a JSON array read back by `json_each`: D1 binds at most 100
 * parameters a statement, so a list from a request, a configuration or a page (`inArray` binds one each)
 * could otherwise fail at 100 values. Empty: matches nothing, as `inArray` does.
 */
export function inList(column: Column | SQL, values: readonly string[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}
