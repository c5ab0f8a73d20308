// Seeds many entity rows fast: generated SQL run by `wrangler d1 execute --local` against the dev server's
// persist dir. Seeding through the API would take minutes per 100,000 rows; the SQL path takes seconds.
// Running it while `wrangler dev` serves the same persist dir is safe: both open the same SQLite file, and
// the server sees the rows on its next query (checked when this was written, wrangler 4.164).
import { runSqlBatches, sqlText } from "./sql-batches.mjs";

// Rows per INSERT statement (keeps each statement well under D1's 100 KB statement limit) and per file
// (keeps each file a few MB).
const ROWS_PER_STATEMENT = 100;
const ROWS_PER_FILE = 20_000;

/**
 * Inserts `count` exposures of `companyId` whose data is `dataOf(index)` for index `firstIndex`,
 * `firstIndex + 1`, ... Returns their ids in insertion order.
 * @param {{ persistDir: string, companyId: string, createdBy: string | null, entityType: string, count: number,
 *   firstIndex?: number, dataOf: (index: number) => Record<string, unknown> }} options
 */
export async function seedEntities({ persistDir, companyId, createdBy, entityType, count, firstIndex = 0, dataOf }) {
  const ids = [];
  // Distinct, increasing creation times ending now, so list order is the insertion order.
  const startMs = Date.now() - count;
  await runSqlBatches({
    persistDir,
    name: "entities",
    count,
    rowsPerFile: ROWS_PER_FILE,
    rowsPerStatement: ROWS_PER_STATEMENT,
    statementsFor(start, end) {
      const rows = [];
      for (let offset = start; offset < end; offset++) {
        const id = crypto.randomUUID();
        const at = new Date(startMs + offset).toISOString();
        ids.push(id);
        const values = [id, companyId, "entity", entityType, JSON.stringify(dataOf(firstIndex + offset))].map(sqlText);
        rows.push(`(${values.join(", ")}, 1, ${sqlText(at)}, ${sqlText(at)}, ${sqlText(createdBy)})`);
      }
      return [
        `INSERT INTO entities (id, company_id, kind, entity_type, data, version, created_at, updated_at, created_by) VALUES\n${rows.join(",\n")};`,
      ];
    },
  });
  return ids;
}
