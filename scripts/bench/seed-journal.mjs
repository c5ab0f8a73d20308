// Seeds journal entries fast: generated SQL run by `wrangler d1 execute --local` against the dev server's
// persist dir (see seed-entities.mjs for why that is safe). Each seeded entry is what a 1-cent direct payment
// in an operating payable category posts (Dr additional 1 / Cr cash 1, in an event's scope), and the running
// balances of the company and the event are moved by the seeded total, so the ledger still balances.
import { runSqlBatches, sqlText } from "./sql-batches.mjs";
import { runWrangler } from "./wrangler.mjs";

// An entry row is about 600 bytes: 100 rows per statement, 20,000 per file.
const ROWS_PER_STATEMENT = 100;
const ROWS_PER_FILE = 20_000;

/**
 * @param {{ persistDir: string, companyId: string, eventId: string, categoryId: string, firstSequence: number,
 *   count: number, additional: { accountId: string }, cash: { accountId: string } }} options
 */
export async function seedJournal({
  persistDir,
  companyId,
  eventId,
  categoryId,
  firstSequence,
  count,
  additional,
  cash,
}) {
  const scopes = JSON.stringify([{ entityType: "event", entityId: eventId }]);
  const line = (account, role, direction, side) => ({
    accountId: account.accountId,
    role,
    direction,
    lineItemTypeId: null,
    categoryId: role === "cash" ? null : categoryId,
    side,
    amountCents: 1,
  });
  const lines = JSON.stringify([
    line(additional, "additional", "payable", "debit"),
    line(cash, "cash", null, "credit"),
  ]);
  const at = new Date().toISOString();
  await runSqlBatches({
    persistDir,
    name: "journal",
    count,
    rowsPerFile: ROWS_PER_FILE,
    rowsPerStatement: ROWS_PER_STATEMENT,
    statementsFor(start, end) {
      const entries = [];
      const scopeRows = [];
      for (let offset = start; offset < end; offset++) {
        const id = crypto.randomUUID();
        const sequence = firstSequence + offset;
        entries.push(
          `(${[id, companyId, sequence, "payment_recorded", at, null, null, crypto.randomUUID(), null, scopes, lines].map(sqlText).join(", ")})`,
        );
        scopeRows.push(`(${[companyId, id, "event", eventId, sequence].map(sqlText).join(", ")})`);
      }
      return [
        `INSERT INTO journal_entries (id, company_id, sequence, kind, created_at, reverses, invoice_id, payment_id, category_id, scopes, lines) VALUES\n${entries.join(",\n")};`,
        `INSERT INTO journal_entry_scopes (company_id, journal_id, entity_type, entity_id, sequence) VALUES\n${scopeRows.join(",\n")};`,
      ];
    },
  });
  const move = (accountId, cents) =>
    `UPDATE financial_balances SET net_debit_cents = net_debit_cents + ${cents} WHERE company_id = ${sqlText(companyId)} AND account_id = ${sqlText(accountId)} AND ((scope_type = 'company' AND scope_id = '') OR (scope_type = 'event' AND scope_id = ${sqlText(eventId)}));`;
  await runWrangler([
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    persistDir,
    "--yes",
    "--command",
    `${move(additional.accountId, count)} ${move(cash.accountId, -count)}`,
  ]);
}
