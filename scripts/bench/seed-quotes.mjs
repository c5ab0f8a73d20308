// Seeds many bindable quotes fast: generated SQL run by `wrangler d1 execute --local` against the dev server's
// persist dir (see seed-entities.mjs for why that is safe). Each seeded quote is a copy of a template quote the
// API wrote, rated and priced, on its own copy of the template's submission (a submission binds one quote), so
// its rows are what the quote operations store: the submission's entity row and record, the quote's entity row
// and record (ordinal 1, the template's recorded rating workflow).
import { runSqlBatches, sqlText } from "./sql-batches.mjs";

// A quote with 50 exposures and its pricing is about 12 KB of JSON: 5 quotes per statement keep each INSERT
// under D1's 100 KB statement limit; 1,000 per file keep each file about 15 MB.
const ROWS_PER_STATEMENT = 5;
const ROWS_PER_FILE = 1_000;

const row = (values) => `(${values.map(sqlText).join(", ")})`;
const insert = (table, columns, rows) => `INSERT INTO ${table} (${columns}) VALUES\n${rows.join(",\n")};`;

const ENTITY_COLUMNS = "id, company_id, kind, entity_type, data, version, created_at, updated_at, created_by";
const SUBMISSION_RECORD_COLUMNS = "submission_id, company_id, intake_status, quotes_created, application_id";
const QUOTE_RECORD_COLUMNS = "quote_id, company_id, submission_id, ordinal, rating_workflow_name, rated_at";

/**
 * Inserts `count` quotes of `companyId`, each on its own submission, copied from `template` ({quote,
 * submission}: entity reads of the API-written template, and `ratingWorkflowName`). Returns the quote ids.
 * @param {{ persistDir: string, companyId: string, createdBy: string | null, template: any, count: number,
 *   firstNumber: number }} options
 */
export async function seedQuotes({ persistDir, companyId, createdBy, template, count, firstNumber }) {
  const ids = [];
  const startMs = Date.now() - count;
  await runSqlBatches({
    persistDir,
    name: "quotes",
    count,
    rowsPerFile: ROWS_PER_FILE,
    rowsPerStatement: ROWS_PER_STATEMENT,
    statementsFor(start, end) {
      const entities = [];
      const submissionRecords = [];
      const quoteRecords = [];
      for (let offset = start; offset < end; offset++) {
        const at = new Date(startMs + offset).toISOString();
        const submissionId = crypto.randomUUID();
        const quoteId = crypto.randomUUID();
        const digits = String(firstNumber + offset).padStart(8, "0");
        ids.push(quoteId);
        const submissionData = {
          ...template.submission.data,
          submissionNumber: `S${digits}`,
          submissionStatus: "quoted",
        };
        const quoteData = { ...template.quote.data, quoteNumber: `Q${digits}-01`, quoteSubmissionId: submissionId };
        entities.push(
          row([submissionId, companyId, "entity", "submission", JSON.stringify(submissionData), 1, at, at, createdBy]),
        );
        entities.push(row([quoteId, companyId, "entity", "quote", JSON.stringify(quoteData), 1, at, at, createdBy]));
        submissionRecords.push(row([submissionId, companyId, "draft", 1, crypto.randomUUID()]));
        quoteRecords.push(row([quoteId, companyId, submissionId, 1, template.ratingWorkflowName, at]));
      }
      return [
        insert("entities", ENTITY_COLUMNS, entities),
        insert("submission_records", SUBMISSION_RECORD_COLUMNS, submissionRecords),
        insert("quote_records", QUOTE_RECORD_COLUMNS, quoteRecords),
      ];
    },
  });
  return ids;
}
