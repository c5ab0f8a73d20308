// SQLite's plan for the read-by-id query: a timing-independent check that the read searches an index
// rather than scanning the table (timings on a busy host are noisy).
import { runWrangler } from "./wrangler.mjs";

const sqlText = (value) => `'${String(value).replaceAll("'", "''")}'`;

/** The plan of the statement findEntity (worker/db/queries/entities.ts) runs, as "detail; detail". */
export async function readByIdQueryPlan({ persistDir, companyId, entityType, id }) {
  const statement =
    "EXPLAIN QUERY PLAN SELECT id, company_id, kind, entity_type, data, version, created_at, updated_at, created_by FROM entities " +
    `WHERE id = ${sqlText(id)} AND company_id = ${sqlText(companyId)} AND entity_type = ${sqlText(entityType)} LIMIT 1`;
  const output = await runWrangler([
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    persistDir,
    "--json",
    "--command",
    statement,
  ]);
  const [{ results }] = JSON.parse(output);
  return results.map((step) => step.detail).join("; ");
}

/** The plan of the statement findVersion (worker/db/queries/policies.ts) runs: a transaction's read of the current version. */
export async function versionReadQueryPlan({ persistDir, companyId, policyId, version }) {
  const statement =
    "EXPLAIN QUERY PLAN SELECT id, company_id, policy_id, version, action, transaction_timestamp, display_author, effective_date, start_date, end_date, coverage, created_at, created_by " +
    `FROM policy_versions WHERE policy_id = ${sqlText(policyId)} AND version = ${Number(version)} AND company_id = ${sqlText(companyId)} LIMIT 1`;
  const output = await runWrangler([
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    persistDir,
    "--json",
    "--command",
    statement,
  ]);
  const [{ results }] = JSON.parse(output);
  return results.map((step) => step.detail).join("; ");
}
