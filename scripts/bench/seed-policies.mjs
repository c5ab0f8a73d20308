// Seeds many policies at version 1 fast: generated SQL run by `wrangler d1 execute --local` against the dev
// server's persist dir (see seed-entities.mjs for why that is safe). Each seeded policy is a copy of a
// template version the API wrote, with its own id and policy number, so its rows are exactly what the
// engine stores for new business (durable/policy-transactions.ts): a head row and one version row whose
// `coverage` holds the term, the segments and no cancellation.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runWrangler } from "./wrangler.mjs";

// A version row carries its coverage JSON (about 1 KB here): 50 rows keep each INSERT well under D1's
// 100 KB statement limit; 10,000 rows per file keep each file about 12 MB.
const ROWS_PER_STATEMENT = 50;
const ROWS_PER_FILE = 10_000;

const sqlText = (value) => (value === null ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);

/**
 * Inserts `count` policies of `companyId` copied from `template` (a full version response of new
 * business: root fields and `segments`), numbered `${prefix}${firstIndex}`, `${prefix}${firstIndex + 1}`...
 * Returns their ids in insertion order.
 * @param {{ persistDir: string, companyId: string, createdBy: string | null, template: any, count: number,
 *   firstIndex?: number, prefix?: string }} options
 */
export async function seedPolicies({ persistDir, companyId, createdBy, template, count, firstIndex = 0, prefix = "BENCH-" }) {
  const sqlDir = join(persistDir, "bench-seed-policies-sql");
  mkdirSync(sqlDir, { recursive: true });
  const ids = [];
  const { startDate: termStart, endDate: termEnd } = template;
  const data = template.segments[0].data;
  // Distinct, increasing times ending now, so list and bordereau order is the insertion order.
  const startMs = Date.now() - count;
  try {
    for (let fileStart = 0; fileStart < count; fileStart += ROWS_PER_FILE) {
      const statements = [];
      const fileEnd = Math.min(count, fileStart + ROWS_PER_FILE);
      for (let statementStart = fileStart; statementStart < fileEnd; statementStart += ROWS_PER_STATEMENT) {
        const heads = [];
        const versions = [];
        for (let offset = statementStart; offset < Math.min(fileEnd, statementStart + ROWS_PER_STATEMENT); offset++) {
          const id = crypto.randomUUID();
          const at = new Date(startMs + offset).toISOString();
          const policyNumber = `${prefix}${String(firstIndex + offset).padStart(6, "0")}`;
          ids.push(id);
          const coverage = { termStart, termEnd, segments: [{ startDate: termStart, endDate: termEnd, data: { ...data, policyNumber } }], cancellation: null };
          heads.push(`(${[id, companyId, policyNumber, 1, "active", null, termStart, termEnd, at, at].map(sqlText).join(", ")})`);
          const version = [crypto.randomUUID(), companyId, id, 1, "NEW_BUSINESS", at, "Benchmark seed", termStart, termStart, termEnd, JSON.stringify(coverage), at, createdBy];
          versions.push(`(${version.map(sqlText).join(", ")})`);
        }
        statements.push(
          `INSERT INTO policies (id, company_id, policy_number, current_version, status, previous_policy_id, term_start, term_end, created_at, updated_at) VALUES\n${heads.join(",\n")};`,
          `INSERT INTO policy_versions (id, company_id, policy_id, version, action, transaction_timestamp, display_author, effective_date, start_date, end_date, coverage, created_at, created_by) VALUES\n${versions.join(",\n")};`,
        );
      }
      const file = join(sqlDir, `policies-${firstIndex + fileStart}.sql`);
      writeFileSync(file, `${statements.join("\n")}\n`);
      await runWrangler(["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--file", file, "--yes"]);
      rmSync(file);
    }
  } finally {
    rmSync(sqlDir, { recursive: true, force: true });
  }
  return ids;
}
