/**
 * D1 handles that add statements to the batches they run. Batches that make a change (`makesChange`) get the
 * added statements appended (their results dropped, so the caller sees its own results); reads and counter mints
 * run untouched. What a single write statement does differs: `markingWrites` runs it as a batch of itself and
 * the mark, `batchOnlyWrites` refuses it.
 */

import { forwarded } from "./forwarded";
import { isCounterMint, isSelect, isWrite } from "./statement-kinds";

/** The SQL a statement runs (D1's prepared statements expose it as `statement`). */
const sqlOf = (statement: D1PreparedStatement) => (statement as { statement?: unknown }).statement;

/**
 * Whether a batch makes the request's change, so it carries the added statements: anything but reads and
 * counter mints does (a statement whose SQL cannot be read counts as a change).
 */
export function makesChange(statements: readonly D1PreparedStatement[]): boolean {
  return statements.some((statement) => {
    const sql = sqlOf(statement);
    return typeof sql !== "string" || !(isSelect(sql) || isCounterMint(sql));
  });
}

type Execute = "run" | "all" | "first" | "raw";
type Batch = <T>(statements: D1PreparedStatement[]) => Promise<D1Result<T>[]>;

/**
 * `d1` whose batches that make a change carry `added()` after their own statements, and whose write statements
 * (bound or not; counter mints aside) run through `execute` instead of on their own.
 */
function addingToBatches(
  d1: D1Database,
  added: () => readonly D1PreparedStatement[],
  execute: (statement: D1PreparedStatement, batch: Batch, member: Execute) => unknown,
): D1Database {
  const batch: Batch = async <T>(statements: D1PreparedStatement[]) => {
    if (!makesChange(statements)) return d1.batch<T>(statements);
    const results = await d1.batch<T>([...statements, ...added()]);
    return results.slice(0, statements.length);
  };
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, member) {
        if (member === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        if (member === "run" || member === "all" || member === "first" || member === "raw")
          return execute(target, batch, member);
        return forwarded(target, member);
      },
    });
  return new Proxy(d1, {
    get(target, member) {
      if (member === "prepare")
        // A write is the request's change, decided once here; a counter mint is not, and runs as it is.
        return (query: string) =>
          isWrite(query) && !isCounterMint(query) ? wrap(target.prepare(query)) : target.prepare(query);
      if (member === "batch") return batch;
      return forwarded(target, member);
    },
  });
}

/**
 * CONTRACT 8.1: the idempotency key is marked `committed` in the same D1 batch as each write of the request
 * holding it; a single write statement runs as a batch of itself and the mark.
 */
export function markingWrites(d1: D1Database, mark: () => D1PreparedStatement): D1Database {
  return addingToBatches(
    d1,
    () => [mark()],
    (statement, batch, member) => {
      const alone = async <T>() => (await batch<T>([statement]))[0] as D1Result<T>;
      if (member === "first")
        return async (column?: string) => {
          const row = ((await alone<Record<string, unknown>>()).results ?? [])[0] ?? null;
          return column === undefined || row === null ? row : row[column];
        };
      if (member === "raw")
        return async (options?: { columnNames?: boolean }) => {
          const rows = (await alone<Record<string, unknown>>()).results ?? [];
          const values = rows.map((row) => Object.values(row));
          return options?.columnNames ? [Object.keys(rows[0] ?? {}), ...values] : values;
        };
      return alone;
    },
  );
}

/**
 * A group commit's handle (`durable/endorsement-groups.ts`): its batch carries `marks` (the idempotency marks
 * of the group's accepted members, as they stand when it runs); a write outside the batch would commit apart
 * from the group, so it is refused as a bug.
 */
export function batchOnlyWrites(d1: D1Database, marks: readonly D1PreparedStatement[]): D1Database {
  return addingToBatches(
    d1,
    () => marks,
    () => () => Promise.reject(new Error("a grouped transaction wrote outside its group's batch")),
  );
}
