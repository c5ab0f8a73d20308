import { drizzle } from "drizzle-orm/d1";

export type Database = ReturnType<typeof database>;

/**
 * A drizzle handle on a D1 database or session. No relational `schema` is given: nothing uses `db.query`,
 * and building its relational configuration cost about a tenth of an authenticated read's CPU, per handle
 * (issue 16's profile); queries name their tables from `./schema` directly.
 */
export function database(d1: D1Database) {
  return drizzle(d1);
}
