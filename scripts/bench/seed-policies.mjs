// Seeds many policies at version 1 fast: generated SQL run by `wrangler d1 execute --local` against the dev
// server's persist dir (see seed-entities.mjs for why that is safe). Each seeded policy is a copy of a
// template version the API wrote, with its own id and policy number, so its rows are exactly what the
// engine stores for new business (worker/operations/policies/start-policy.ts): a head row and one version row
// whose `coverage` holds the term, the segments and no cancellation, and whose `transaction_premium` holds
// the whole term's premium per kind.
import { runSqlBatches, sqlText } from "./sql-batches.mjs";

// A version row carries its coverage JSON (about 1 KB here): 50 rows keep each INSERT well under D1's
// 100 KB statement limit; 10,000 rows per file keep each file about 12 MB.
const ROWS_PER_STATEMENT = 50;
const ROWS_PER_FILE = 10_000;

/**
 * Inserts `count` policies of `companyId` copied from `template` (a full version response of new
 * business: root fields and `segments`), numbered `${prefix}${firstIndex}`, `${prefix}${firstIndex + 1}`...
 * Returns their ids in insertion order.
 * @param {{ persistDir: string, companyId: string, createdBy: string | null, template: any, count: number,
 *   firstIndex?: number, prefix?: string }} options
 */
export async function seedPolicies({
  persistDir,
  companyId,
  createdBy,
  template,
  count,
  firstIndex = 0,
  prefix = "BENCH-",
}) {
  const ids = [];
  const { startDate: termStart, endDate: termEnd } = template;
  const data = template.segments[0].data;
  const transactionPremium = JSON.stringify(wholeTermPremium(data.fullTermPricingInfo));
  // Distinct, increasing times ending now, so list and bordereau order is the insertion order.
  const startMs = Date.now() - count;
  await runSqlBatches({
    persistDir,
    name: "policies",
    count,
    rowsPerFile: ROWS_PER_FILE,
    rowsPerStatement: ROWS_PER_STATEMENT,
    statementsFor(start, end) {
      const heads = [];
      const versions = [];
      for (let offset = start; offset < end; offset++) {
        const id = crypto.randomUUID();
        const at = new Date(startMs + offset).toISOString();
        const policyNumber = `${prefix}${String(firstIndex + offset).padStart(6, "0")}`;
        ids.push(id);
        const coverage = {
          termStart,
          termEnd,
          segments: [{ startDate: termStart, endDate: termEnd, data: { ...data, policyNumber } }],
          cancellation: null,
        };
        heads.push(
          `(${[id, companyId, policyNumber, 1, "active", null, termStart, termEnd, at, at].map(sqlText).join(", ")})`,
        );
        const version = [
          crypto.randomUUID(),
          companyId,
          id,
          1,
          "NEW_BUSINESS",
          at,
          "Benchmark seed",
          termStart,
          termStart,
          termEnd,
          JSON.stringify(coverage),
          transactionPremium,
          at,
          createdBy,
        ];
        versions.push(`(${version.map(sqlText).join(", ")})`);
      }
      return [
        `INSERT INTO policies (id, company_id, policy_number, current_version, status, previous_policy_id, term_start, term_end, created_at, updated_at) VALUES\n${heads.join(",\n")};`,
        `INSERT INTO policy_versions (id, company_id, policy_id, version, action, transaction_timestamp, display_author, effective_date, start_date, end_date, coverage, transaction_premium, created_at, created_by) VALUES\n${versions.join(",\n")};`,
      ];
    },
  });
  return ids;
}

/**
 * The ledger entry of new business over its whole term (policy_versions.transaction_premium): every
 * component written whole, so each kind is the sum of its components in cents.
 */
function wholeTermPremium(pricing) {
  const kinds = ["Premium", "Taxes", "Fees", "BrokerCommission", "ProgramCommission"];
  const components = pricing?.pricingComponents ?? [];
  return Object.fromEntries(
    kinds.map((kind) => [
      kind,
      components.filter((c) => c.kind === kind).reduce((sum, c) => sum + Math.round(c.value * 100), 0),
    ]),
  );
}
