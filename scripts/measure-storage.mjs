// Bytes per stored record (issue 16, docs/SCALE.md): starts a local server with the demo program, adds a
// book through the API (vehicles, policies with endorsements, invoices and payments), then asks the local
// D1 for each table's rows and average row size (the sum of its columns' stored lengths), and, once the
// server has stopped, what each table takes on disk per row in whole pages, its indexes included
// (`pages-on-disk.mjs`): a row of 2 to 4 KB fills a 4 KB page by itself.
// `node scripts/measure-storage.mjs` prints a table and a JSON line; about a minute.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pagesOnDisk } from "./bench/pages-on-disk.mjs";
import { runWrangler } from "./bench/wrangler.mjs";
import { freePort, startDevServer } from "./dev-server.mjs";

const POLICIES = Number(process.env.MEASURE_POLICIES || 20);
const ENDORSEMENTS = Number(process.env.MEASURE_ENDORSEMENTS || 5);
const TABLES = [
  "entities",
  "policy_versions",
  "policies",
  "audit_log",
  "journal_entries",
  "journal_entry_scopes",
  "invoices",
  "quote_records",
];

const persistDir = mkdtempSync(join(tmpdir(), "iop-measure-"));
// A larger book (MEASURE_POLICIES) would pass the default budget of 600 calls a minute.
const server = await startDevServer({
  port: await freePort(),
  persistDir,
  logLevel: "warn",
  requestsPerMinute: 100_000,
});
const api = async (method, path, body, expected) => {
  const res = await fetch(`${server.baseUrl}/api/v1/companies/${server.companyId}${path}`, {
    method,
    headers: { Authorization: server.adminKey, ...(body && { "Content-Type": "application/json" }) },
    body: body && JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text);
};

try {
  const vehicle = (n) => ({
    vehicleName: `Unit ${n}`,
    vin: `1FTBR1Y80PKA${String(n).padStart(5, "0")}`,
    vehicleType: "van",
    statedValue: 40000 + n,
    garagingState: "NY",
  });
  const day = (date) => ({ date, timezone: "America/New_York" });
  for (let p = 0; p < POLICIES; p++) {
    const exposures = [vehicle(3 * p), vehicle(3 * p + 1), vehicle(3 * p + 2)];
    for (const e of exposures) await api("POST", "/entities/exposure", e, 201);
    const pricing = {
      pricingComponents: [
        { label: "Auto liability", group: "premium", kind: "Premium", value: 4000 + p },
        { label: "Premium tax", group: "taxes", kind: "Taxes", value: 200 },
      ],
    };
    const started = await api(
      "POST",
      "/policies/transaction/new-business",
      {
        transactionTimestamp: new Date().toISOString(),
        displayAuthor: "Measure",
        data: {
          policyStartDate: day("2027-01-01"),
          policyEndDate: day("2028-01-01"),
          insuredName: `Insured ${p}`,
          state: "NY",
          limit: 1000000,
          fullTermPricingInfo: pricing,
          exposures,
        },
      },
      200,
    );
    for (let e = 0; e < ENDORSEMENTS; e++) {
      await new Promise((r) => setTimeout(r, 2));
      await api(
        "POST",
        `/policies/${started.policyId}/transaction/endorse`,
        {
          transactionTimestamp: new Date().toISOString(),
          displayAuthor: "Measure",
          effectiveDate: day(`2027-${String(2 + e).padStart(2, "0")}-01`),
          deltas: [{ path: "policy.limit", value: 1000000 + e }],
        },
        200,
      );
    }
  }
  const sizes = [];
  for (const table of TABLES) {
    const columns = JSON.parse(
      await runWrangler([
        "d1",
        "execute",
        "DB",
        "--local",
        "--persist-to",
        persistDir,
        "--json",
        "--command",
        `PRAGMA table_info(${table})`,
      ]),
    )[0].results.map((c) => c.name);
    const bytes = columns.map((c) => `coalesce(length(CAST("${c}" AS BLOB)), 0)`).join(" + ");
    const sql = `SELECT count(*) AS rows, coalesce(avg(${bytes}), 0) AS avgBytes, coalesce(max(${bytes}), 0) AS maxBytes FROM ${table}`;
    const [row] = JSON.parse(
      await runWrangler(["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--json", "--command", sql]),
    )[0].results;
    sizes.push({ table, rows: row.rows, avgBytes: Math.round(row.avgBytes), maxBytes: row.maxBytes });
  }
  await server.stop();
  const pages = pagesOnDisk(persistDir);
  for (const s of sizes) {
    const { tableBytes = 0, indexBytes = 0 } = pages.get(s.table) ?? {};
    s.diskBytesPerRow = s.rows ? Math.round(tableBytes / s.rows) : 0;
    s.indexBytesPerRow = s.rows ? Math.round(indexBytes / s.rows) : 0;
  }
  console.log("table                    rows   avg bytes   max bytes   on disk per row   its indexes per row");
  for (const s of sizes)
    console.log(
      `${s.table.padEnd(22)} ${String(s.rows).padStart(6)} ${String(s.avgBytes).padStart(11)} ${String(s.maxBytes).padStart(11)} ${String(s.diskBytesPerRow).padStart(17)} ${String(s.indexBytesPerRow).padStart(21)}`,
    );
  console.log(`MEASURE_RESULT ${JSON.stringify({ policies: POLICIES, endorsementsEach: ENDORSEMENTS, sizes })}`);
} finally {
  await server.stop();
  rmSync(persistDir, { recursive: true, force: true });
}
