/**
 * A D1 handle that adds one statement to every write it runs (CONTRACT 8.1: the idempotency key is marked
 * `committed` in the same D1 batch as each write of the request holding it). Batches get the mark appended
 * (its result dropped, so the caller sees its own results); a single write statement runs as a batch of
 * itself and the mark. Reads run untouched.
 */

const WRITE = /^\s*(insert|update|delete|replace)\b/i;

export function markingWrites(d1: D1Database, mark: () => D1PreparedStatement): D1Database {
  const batch = async <T>(statements: D1PreparedStatement[]) => {
    const results = await d1.batch<T>([...statements, mark()]);
    return results.slice(0, statements.length);
  };
  const wrap = (statement: D1PreparedStatement, query: string): D1PreparedStatement => {
    if (!WRITE.test(query)) return statement;
    const alone = async <T>() => (await batch<T>([statement]))[0] as D1Result<T>;
    return new Proxy(statement, {
      get(target, member) {
        if (member === "bind") return (...values: unknown[]) => wrap(target.bind(...values), query);
        if (member === "run" || member === "all") return alone;
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
        const value = Reflect.get(target, member, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  };
  return new Proxy(d1, {
    get(target, member) {
      if (member === "prepare") return (query: string) => wrap(target.prepare(query), query);
      if (member === "batch") return batch;
      const value = Reflect.get(target, member, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
