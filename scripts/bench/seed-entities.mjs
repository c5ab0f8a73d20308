// Seeds many entity rows fast: generated SQL run by `wrangler d1 execute --local` against the dev server's
// persist dir. Seeding through the API would take minutes per 100,000 rows; the SQL path takes seconds.
// Running it while `wrangler dev` serves the same persist dir is safe: both open the same SQLite file, and
// the server sees the rows on its next query (checked when this was written, wrangler 4.164).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runWrangler } from "./wrangler.mjs";

// Rows per INSERT statement (keeps each statement well under D1's 100 KB statement limit) and per file
// (keeps each file a few MB).
const ROWS_PER_STATEMENT = 100;
const ROWS_PER_FILE = 20_000;

const sqlText = (value) => (value === null ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);

/**
 * Inserts `count` exposures of `companyId` whose data is `dataOf(index)` for index `firstIndex`,
 * `firstIndex + 1`, ... Returns their ids in insertion order.
 * @param {{ persistDir: string, companyId: string, createdBy: string | null, entityType: string, count: number,
 *   firstIndex?: number, dataOf: (index: number) => Record<string, unknown> }} options
 */
export async function seedEntities({ persistDir, companyId, createdBy, entityType, count, firstIndex = 0, dataOf }) {
  const sqlDir = join(persistDir, "bench-seed-sql");
  mkdirSync(sqlDir, { recursive: true });
  const ids = [];
  // Distinct, increasing creation times ending now, so list order is the insertion order.
  const startMs = Date.now() - count;
  try {
    for (let fileStart = 0; fileStart < count; fileStart += ROWS_PER_FILE) {
      const statements = [];
      const fileEnd = Math.min(count, fileStart + ROWS_PER_FILE);
      for (let statementStart = fileStart; statementStart < fileEnd; statementStart += ROWS_PER_STATEMENT) {
        const rows = [];
        for (let offset = statementStart; offset < Math.min(fileEnd, statementStart + ROWS_PER_STATEMENT); offset++) {
          const id = crypto.randomUUID();
          const at = new Date(startMs + offset).toISOString();
          ids.push(id);
          const values = [id, companyId, "entity", entityType, JSON.stringify(dataOf(firstIndex + offset))].map(sqlText);
          rows.push(`(${values.join(", ")}, 1, ${sqlText(at)}, ${sqlText(at)}, ${sqlText(createdBy)})`);
        }
        statements.push(
          `INSERT INTO entities (id, company_id, kind, entity_type, data, version, created_at, updated_at, created_by) VALUES\n${rows.join(",\n")};`,
        );
      }
      const file = join(sqlDir, `entities-${firstIndex + fileStart}.sql`);
      writeFileSync(file, `${statements.join("\n")}\n`);
      await runWrangler(["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--file", file, "--yes"]);
      rmSync(file);
    }
  } finally {
    rmSync(sqlDir, { recursive: true, force: true });
  }
  return ids;
}
