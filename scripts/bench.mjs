// `npm run bench`: starts the service (wrangler dev, fresh temporary state) and drives each scenario with
// autocannon. BENCH_SECONDS (default 10) per scenario, BENCH_CONNECTIONS (default 16),
// BENCH_WARMUP_SECONDS (default 1, unmeasured, 0 to skip). Prints a table and one JSON line (`BENCH_RESULT {...}`).
// Numbers go through wrangler dev's local proxy, so compare them with each other, not with production.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { freePort, startDevServer } from "./dev-server.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 16);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);

/**
 * Each scenario: `name`, optional `setup(ctx)` run once before it (ctx = { baseUrl, companyId, adminKey,
 * sandboxManagerKey } plus whatever earlier setups stored), and `request(ctx)` giving autocannon request
 * options ({ method, path, headers, body } or { requests: [...] } for a sequence).
 */
const scenarios = [
  { name: "health", request: () => ({ path: "/health" }) },
  {
    name: "lifecycle",
    request: (ctx) => ({ path: `/api/v1/companies/${ctx.companyId}/lifecycle`, headers: { authorization: ctx.adminKey } }),
  },
];

/** Ratios of one scenario's requests/second to another's: [name, numerator, denominator]. */
const ratios = [["lifecycle/health", "lifecycle", "health"]];

/** autocannon takes the path from `url` (a top-level `path` option is ignored). */
function drive(baseUrl, { path = "/", ...options }, seconds) {
  return autocannon({ url: new URL(path, baseUrl).href, connections: CONNECTIONS, duration: seconds, ...options });
}

function summarize(name, result) {
  return {
    name,
    rps: Math.round(result.requests.average * 10) / 10,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function printTable(rows) {
  const columns = [
    ["scenario", (r) => r.name],
    ["req/s (mean)", (r) => r.rps.toFixed(1)],
    ["p50 ms", (r) => String(r.p50Ms)],
    ["p99 ms", (r) => String(r.p99Ms)],
    ["requests", (r) => String(r.requests)],
    ["non-2xx", (r) => String(r.non2xx)],
    ["errors", (r) => String(r.errors)],
  ];
  const cells = [columns.map(([title]) => title), ...rows.map((row) => columns.map(([, cell]) => cell(row)))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i].length)));
  const format = (line) => line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(format(cells[0]));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of cells.slice(1)) console.log(format(line));
}

const persistDir = mkdtempSync(join(tmpdir(), "iop-bench-"));
let server;
try {
  server = await startDevServer({ port: await freePort(), persistDir, logLevel: "warn" });
  const ctx = { ...server };
  console.log(`Benchmarking ${server.baseUrl}: ${SECONDS} s per scenario, ${CONNECTIONS} connections\n`);

  const rows = [];
  for (const scenario of scenarios) {
    await scenario.setup?.(ctx);
    const options = scenario.request(ctx);
    if (WARMUP_SECONDS > 0) await drive(server.baseUrl, options, WARMUP_SECONDS);
    rows.push(summarize(scenario.name, await drive(server.baseUrl, options, SECONDS)));
  }

  const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
  const ratioValues = Object.fromEntries(
    ratios.map(([label, a, b]) => [label, Math.round((byName[a].rps / byName[b].rps) * 1000) / 1000]),
  );

  printTable(rows);
  console.log();
  for (const [label, value] of Object.entries(ratioValues)) console.log(`ratio ${label} (req/s): ${value}`);
  console.log(`BENCH_RESULT ${JSON.stringify({ seconds: SECONDS, connections: CONNECTIONS, scenarios: rows, ratios: ratioValues })}`);
  if (rows.some((row) => row.non2xx > 0 || row.errors > 0)) process.exitCode = 1;
} finally {
  await server?.stop();
  rmSync(persistDir, { recursive: true, force: true });
}
