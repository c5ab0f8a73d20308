// Runs generated INSERTs through `wrangler d1 execute --local` against the dev server's persist dir, in
// files of a few MB each, cleaning up after itself. Shared by the entity and policy seeders.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runWrangler } from "./wrangler.mjs";

/** A SQL literal: NULL, or single-quoted text with quotes doubled. */
export const sqlText = (value) => (value === null ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);

/**
 * Generates and runs `count` rows in files of `rowsPerFile` rows and statements of `rowsPerStatement` rows.
 * `statementsFor(start, end)` returns the SQL statements inserting rows `start` (inclusive) to `end`.
 * @param {{ persistDir: string, name: string, count: number, rowsPerFile: number, rowsPerStatement: number,
 *   statementsFor: (start: number, end: number) => string[] }} options
 */
export async function runSqlBatches({ persistDir, name, count, rowsPerFile, rowsPerStatement, statementsFor }) {
  const sqlDir = join(persistDir, `bench-seed-${name}-sql`);
  mkdirSync(sqlDir, { recursive: true });
  try {
    for (let fileStart = 0; fileStart < count; fileStart += rowsPerFile) {
      const fileEnd = Math.min(count, fileStart + rowsPerFile);
      const statements = [];
      for (let start = fileStart; start < fileEnd; start += rowsPerStatement)
        statements.push(...statementsFor(start, Math.min(fileEnd, start + rowsPerStatement)));
      const file = join(sqlDir, `${name}-${fileStart}.sql`);
      writeFileSync(file, `${statements.join("\n")}\n`);
      await runWrangler(["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--file", file, "--yes"]);
      rmSync(file);
    }
  } finally {
    rmSync(sqlDir, { recursive: true, force: true });
  }
}
