// SQLite's plan for the read-by-id query: a timing-independent check that the read searches an index
// rather than scanning the table (timings on a busy host are noisy).
import { runWrangler } from "./wrangler.mjs";

const sqlText = (value) => `'${String(value).replaceAll("'", "''")}'`;

/** The plan of the statement findEntity (worker/db/queries/entities.ts) runs, as "detail; detail". */
export async function readByIdQueryPlan({ persistDir, companyId, entityType, id }) {
  const statement =
    "EXPLAIN QUERY PLAN SELECT id, company_id, kind, entity_type, data, version, created_at, updated_at, created_by FROM entities " +
    `WHERE id = ${sqlText(id)} AND company_id = ${sqlText(companyId)} AND entity_type = ${sqlText(entityType)} LIMIT 1`;
  const output = await runWrangler(["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--json", "--command", statement]);
  const [{ results }] = JSON.parse(output);
  return results.map((step) => step.detail).join("; ");
}
