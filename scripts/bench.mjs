// `npm run bench`: starts the service (wrangler dev, fresh temporary state) and drives each scenario with
// autocannon. BENCH_SECONDS (default 10) per scenario, BENCH_CONNECTIONS (default 16),
// BENCH_WARMUP_SECONDS (default 1, unmeasured, 0 to skip), BENCH_GOAL_ROUNDS (default 3: issue 16's goal rows,
// each measured that many times beside `GET /health`). Prints a table and one JSON line (`BENCH_RESULT {...}`);
// exits 1 when any request answered non-2xx or failed.
// Entity scenarios (scripts/bench/entity-scenarios.mjs) import a small exposure configuration into the demo
// company and seed rows through SQL, so reads, updates and creates run at 10,000 stored exposures and
// read by id is compared at 100 and 100,000. Policy scenarios (scripts/bench/policy-scenarios.mjs) endorse at
// version 2 and at version 1,000 (the cost must not grow with history) and time 50,000 bordereau rows.
// Attachment scenarios (scripts/bench/attachment-scenarios.mjs) upload and download a 10 MiB file (MiB/s,
// with workerd's resident memory sampled during the upload) and list a record's notes at 10,000 notes.
// Quote scenarios (scripts/bench/quote-scenarios.mjs) rate one quote with 50 embedded exposures through a
// four-stage workflow and bind quotes of a seeded pool, one at a time.
// Financial scenarios (scripts/bench/financial-scenarios.mjs) read the global balances at 100 and 100,000
// journal entries, time invoice create and payment record (over 200 invoices, and on one), and measure bill
// review runs per second.
// Bounds scenarios (scripts/bench/bounds-scenarios.mjs, issue 11) run last: the largest accepted configuration
// (validate, import, the entity configuration read), data-validation batch and run, and a 500-delta
// endorsement, each with workerd's memory after it. Then, on fresh servers of their own, the rate limiter's cost
// and the harness floor (scripts/bench/harness-floor.mjs: a bare worker's constant answer against one D1 read).
// About 20 minutes at the defaults on 2 cores.
// Numbers go through wrangler dev's local proxy, so compare them with each other, not with production.
// wrangler's local trace collector (a dev-only sidecar that stores every span in SQLite on workerd's one thread)
// is off unless BENCH_LOCAL_TRACES=true: it does not run on the edge, and it taxes a call per D1 or object call.
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import {
  attachmentScenarios,
  DOWNLOAD_SCENARIO,
  KEYED_UPLOAD_SCENARIO,
  NOTE_LIST_SCENARIO,
  UPLOAD_SCENARIO,
} from "./bench/attachment-scenarios.mjs";
import { BOUNDS_SCENARIOS, boundsScenarios } from "./bench/bounds-scenarios.mjs";
import { GOAL_SCENARIOS, printEdgeGoals } from "./bench/edge-goals.mjs";
import { entityScenarios, readCostComparison } from "./bench/entity-scenarios.mjs";
import { BILL_REVIEW_SCENARIO, balancesCostComparison, financialScenarios } from "./bench/financial-scenarios.mjs";
import { FLOOR_CONFIG, FLOOR_CONSTANT, FLOOR_READS, FLOOR_ROWS, printHarnessFloor } from "./bench/harness-floor.mjs";
import {
  BORDEREAU_SCENARIO,
  describeHistories,
  endorseCostComparison,
  policyScenarios,
} from "./bench/policy-scenarios.mjs";
import { quoteScenarios } from "./bench/quote-scenarios.mjs";
import { growth, printTable, ratio, summarize } from "./bench/report.mjs";
import {
  LIFECYCLE_FRESH_WITH_LIMITER,
  LIFECYCLE_WITHOUT_LIMITER,
  PERSON_CREATE,
  PERSON_CREATE_KEYED,
  PERSON_CREATE_REPLAYED,
  retryScenarios,
} from "./bench/retry-scenarios.mjs";
import { cpuPerRequest, workerdTicks } from "./bench/workerd-cpu.mjs";
import { freePort, startBareWorker, startDevServer } from "./dev-server.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 16);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
// BENCH_ONLY (a regular expression) runs only the scenarios whose names match; comparisons that lack a row are left out.
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const LOCAL_TRACES = process.env.BENCH_LOCAL_TRACES === "true";
const GOAL_ROUNDS = Math.max(1, Number(process.env.BENCH_GOAL_ROUNDS || 3));

const HEALTH_REQUEST = { path: "/health" };

/**
 * Each scenario: `name`, optional `setup(ctx)` run once before it (ctx = { baseUrl, companyId, adminKey,
 * sandboxManagerKey, persistDir } plus whatever earlier setups stored; it may return extra row fields such as
 * `storedEntities`, or `skip` with a note to print instead of running), and `request(ctx)` giving autocannon
 * request options ({ method, path, headers, body } or { requests: [...] } for a sequence, optionally
 * `connections`, or `amount` to make a fixed number of requests instead of running for BENCH_SECONDS), used
 * for the warm-up and the measured run. Optional `beforeRun(ctx)` runs between the warm-up and the measured
 * run; `afterRun(ctx, result)` and `after(ctx)` return more row fields (from autocannon's result, or measured
 * once the run is over: workerd's memory).
 */
const scenarios = [
  { name: "health", request: () => HEALTH_REQUEST },
  {
    name: "lifecycle",
    request: (ctx) => ({
      path: `/api/v1/companies/${ctx.companyId}/lifecycle`,
      headers: { authorization: ctx.adminKey },
    }),
  },
  ...retryScenarios,
  ...entityScenarios,
  ...policyScenarios,
  ...attachmentScenarios,
  ...quoteScenarios,
  ...financialScenarios,
  ...boundsScenarios,
].filter((scenario) => !ONLY || ONLY.test(scenario.name));

/** Ratios of one scenario's requests/second to another's: [name, numerator, denominator]. */
const ratios = [
  ["lifecycle/health", "lifecycle", "health"],
  ["lifecycle with/without the rate limiter (fresh servers)", LIFECYCLE_FRESH_WITH_LIMITER, LIFECYCLE_WITHOUT_LIMITER],
  ["person create with/without a new Idempotency-Key", PERSON_CREATE_KEYED, PERSON_CREATE],
];

/**
 * The limiter's cost: `lifecycle` on two fresh servers of their own, one with the limiter on (budget raised so
 * it never refuses) and one started with it off (`RATE_LIMITS=off`). Both fresh, so the ratio compares the
 * limiter and nothing else: the main server has by then run every other scenario.
 */
async function measureLimiterCost() {
  const rows = [];
  for (const [name, settings] of [
    [LIFECYCLE_FRESH_WITH_LIMITER, { requestsPerMinute: 100_000 }],
    [LIFECYCLE_WITHOUT_LIMITER, { vars: { RATE_LIMITS: "off" } }],
  ]) {
    const start = (port, persistDir) =>
      startDevServer({ port, persistDir, logLevel: "warn", program: false, localTraces: LOCAL_TRACES, ...settings });
    const row = await onFreshServer("iop-bench-limiter-", start, async (fresh, port) => {
      const request = {
        path: `/api/v1/companies/${fresh.companyId}/lifecycle`,
        headers: { authorization: fresh.adminKey },
      };
      return summarize(name, ...(await measure(fresh, port, request)));
    });
    rows.push(row);
  }
  return rows;
}

/**
 * The harness floor (scripts/bench/harness-floor.mjs): a bare worker on a fresh server of its own, measured in
 * BENCH_GOAL_ROUNDS rounds of its constant answer and then each D1 read. Each row's figures are its first
 * round's; `rounds` holds every round's req/s.
 */
function measureHarnessFloor() {
  const start = (port, persistDir) => startBareWorker({ configPath: FLOOR_CONFIG, port, persistDir, logLevel: "warn" });
  return onFreshServer("iop-bench-floor-", start, async (floor, port) => {
    const rows = new Map();
    for (let round = 0; round < GOAL_ROUNDS; round += 1) {
      for (const [name, path] of [[FLOOR_CONSTANT, "/health"], ...FLOOR_READS]) {
        const [result, cpu] = await measure(floor, port, { path });
        const row = rows.get(name) ?? summarize(name, result, { ...cpu, rounds: [] });
        row.rounds.push(summarize(name, result).rps);
        rows.set(name, row);
      }
    }
    return [...rows.values()];
  });
}

/**
 * Runs `use(server, port)` on a server that `start(port, persistDir)` starts on a free port with fresh state in a
 * new temporary folder, then stops it and removes the folder. One dev server per checkout at a time: the caller
 * has stopped the main one.
 */
async function onFreshServer(prefix, start, use) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const port = await freePort();
  const server = await start(port, dir);
  try {
    return await use(server, port);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One measured run: the warm-up (unmeasured), `beforeRun`, then BENCH_SECONDS with the runtime's CPU read around
 * it. Returns autocannon's result and the CPU per request.
 */
async function measure(server, port, options, beforeRun) {
  if (WARMUP_SECONDS > 0) await drive(server.baseUrl, options, WARMUP_SECONDS);
  await beforeRun?.();
  const ticksBefore = workerdTicks(server.processGroup, port);
  const result = await drive(server.baseUrl, options, SECONDS);
  return [result, cpuPerRequest(ticksBefore, workerdTicks(server.processGroup, port), result.requests.total)];
}

/**
 * Issue 16's goal rows: BENCH_GOAL_ROUNDS (default 3) rounds, each `GET /health` then the row, on the server
 * as aged as the row. The row's figures are its first round's (with that round's health as `healthBeside`);
 * `rounds` holds every round's pair, from which the goal table takes the median ratio: on a shared 2-core
 * host one pair moves by a third from one minute to the next, and the median of three moves less.
 */
async function measureGoalRounds(server, port, run) {
  const rounds = [];
  for (let round = 0; round < GOAL_ROUNDS; round += 1) {
    const health = summarize("health", ...(await measure(server, port, HEALTH_REQUEST)));
    const [result, cpu] = await run();
    rounds.push({ health, result, cpu });
  }
  const [first] = rounds;
  const pairs = rounds.map(({ health, result }) => {
    const { rps, p99Ms } = summarize("round", result);
    return { rps, p99Ms, healthRps: health.rps, healthP99Ms: health.p99Ms };
  });
  return [first.result, { ...first.cpu, healthBeside: first.health, rounds: pairs }];
}

/** autocannon takes the path from `url` (a top-level `path` option is ignored). */
function drive(baseUrl, { path = "/", ...options }, seconds) {
  return autocannon({ url: new URL(path, baseUrl).href, connections: CONNECTIONS, duration: seconds, ...options });
}

const format = (value, digits = 2) => (value === null ? "n/a" : `×${value.toFixed(digits)}`);
// Other work on the host skews the figures; the load average tells a reader when to distrust them.
const hostLoad = () => `load average ${loadavg()[0].toFixed(2)} on ${availableParallelism()} cores`;

const persistDir = mkdtempSync(join(tmpdir(), "iop-bench-"));
let server;
try {
  // The bench drives one key far past the default budget of 600 a minute: the limiter still runs, never refuses.
  const devServer = {
    port: await freePort(),
    persistDir,
    logLevel: "warn",
    requestsPerMinute: 100_000,
    program: false,
    localTraces: LOCAL_TRACES,
  };
  server = await startDevServer(devServer);
  const ctx = { ...server, persistDir };
  const port = devServer.port;
  console.log(
    `Benchmarking ${server.baseUrl}: ${SECONDS} s per scenario, ${CONNECTIONS} connections, wrangler's local ` +
      `trace collector ${LOCAL_TRACES ? "on" : "off"} (host ${hostLoad()})\n`,
  );

  const rows = [];
  const skipped = [];
  for (const scenario of scenarios) {
    const extra = (await scenario.setup?.(ctx)) ?? {};
    if (extra.skip) {
      console.log(`Skipped ${scenario.name}: ${extra.skip}`);
      skipped.push({ name: scenario.name, note: extra.skip });
      continue;
    }
    const run = () => measure(server, port, scenario.request(ctx), () => scenario.beforeRun?.(ctx));
    const [result, measured] = GOAL_SCENARIOS.includes(scenario.name)
      ? await measureGoalRounds(server, port, run)
      : await run();
    const more = { ...((await scenario.afterRun?.(ctx, result)) ?? {}), ...((await scenario.after?.(ctx)) ?? {}) };
    rows.push(summarize(scenario.name, result, { ...extra, ...more, ...measured }));
  }

  // The limiter's cost: the same authenticated read on two fresh servers, limiter on and off. One dev server
  // per checkout at a time, so the main one stops first (after the histories it reports are read).
  const histories = ctx.histories ?? (await describeHistories(ctx));
  if (!ONLY || ONLY.test(LIFECYCLE_WITHOUT_LIMITER)) {
    await server.stop();
    server = null;
    rows.push(...(await measureLimiterCost()));
  }
  if (!ONLY || FLOOR_ROWS.some((name) => ONLY.test(name))) {
    await server?.stop();
    server = null;
    rows.push(...(await measureHarnessFloor()));
  }
  const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
  const measured = (...names) => names.every((name) => byName[name]);
  const ratioValues = Object.fromEntries(
    ratios.filter(([, a, b]) => measured(a, b)).map(([label, a, b]) => [label, ratio(byName[a].rps, byName[b].rps)]),
  );
  /** How a row compares with its baseline, or null when either was not run. */
  const costGrowth = ([label, row, baseline]) =>
    measured(row, baseline) ? { label, row, ...growth(byName[row], byName[baseline]) } : null;
  const readCost = costGrowth(readCostComparison);
  const endorseCost = costGrowth(endorseCostComparison);
  const balancesCost = costGrowth(balancesCostComparison);
  const billReview = byName[BILL_REVIEW_SCENARIO];
  const bordereau = byName[BORDEREAU_SCENARIO];

  console.log();
  printTable(rows);
  console.log();
  printEdgeGoals(byName);
  console.log();
  printHarnessFloor(byName);
  console.log();
  console.log(`host ${hostLoad()} at the end`);
  for (const [label, value] of Object.entries(ratioValues)) console.log(`ratio ${label} (req/s): ${value}`);
  if (readCost) {
    console.log(
      `read cost ${readCost.label}: req/s ${format(readCost.rps)}, p50 ${format(readCost.p50)}, p99 ${format(readCost.p99)} (×1.00 = no growth with the table)`,
    );
    if (byName[readCost.row].queryPlan)
      console.log(`read by id query plan at ${readCost.row}: ${byName[readCost.row].queryPlan}`);
  }
  if (endorseCost) {
    console.log(
      `endorse cost ${endorseCost.label}: req/s ${format(endorseCost.rps)}, p50 ${format(endorseCost.p50)}, p99 ${format(endorseCost.p99)} (×1.00 = no growth with history)`,
    );
    console.log(
      `endorse histories: ${histories.poolEndorsements} pool endorsements (largest pool version ${histories.poolLargestVersion}); the long-history policy went from version 1,000 to ${histories.longHistoryVersion}`,
    );
    if (byName[endorseCost.row].queryPlan)
      console.log(`current version read query plan at ${endorseCost.row}: ${byName[endorseCost.row].queryPlan}`);
  }
  if (bordereau) {
    console.log(
      `bordereau 50,000 rows: first call ${bordereau.firstCallMs} ms; p50 ${bordereau.p50Ms} ms, p99 ${bordereau.p99Ms} ms over ${bordereau.requests} calls`,
    );
  }
  for (const name of [UPLOAD_SCENARIO, KEYED_UPLOAD_SCENARIO, DOWNLOAD_SCENARIO]) {
    const row = byName[name];
    if (row)
      console.log(`${name}: ${row.mibPerSecond ?? "n/a"} MiB/s over ${row.requests} requests, p50 ${row.p50Ms} ms`);
  }
  for (const name of [UPLOAD_SCENARIO, KEYED_UPLOAD_SCENARIO]) {
    const upload = byName[name];
    if (upload)
      console.log(
        upload.workerdRssPeakMiB === null
          ? `workerd peak memory during ${name}: not available (no /proc on this host)`
          : `workerd resident memory during ${name}: ${upload.workerdRssBeforeMiB} MiB before, ` +
              `peak ${upload.workerdRssPeakMiB} MiB (+${upload.workerdRssGrowthMiB} MiB)`,
      );
  }
  const notes = byName[NOTE_LIST_SCENARIO];
  if (notes) console.log(`note list at 10,000 notes on one record: p50 ${notes.p50Ms} ms, p99 ${notes.p99Ms} ms`);
  if (balancesCost) {
    console.log(
      `balances cost ${balancesCost.label}: req/s ${format(balancesCost.rps)}, p50 ${format(balancesCost.p50)}, p99 ${format(balancesCost.p99)} (×1.00 = no growth with the journal)`,
    );
  }
  if (billReview) console.log(`bill review: ${billReview.billReviewRunsPerSecond} runs judged per second`);
  const [written, replayed] = [byName[PERSON_CREATE_KEYED], byName[PERSON_CREATE_REPLAYED]];
  if (written && replayed)
    console.log(
      `idempotency: a replayed answer p50 ${replayed.p50Ms} ms vs the original keyed write p50 ${written.p50Ms} ms ` +
        `(×${(replayed.p50Ms / written.p50Ms).toFixed(2)})`,
    );
  for (const name of BOUNDS_SCENARIOS.filter((n) => byName[n])) {
    const { p50Ms, p99Ms, rssMb, peakRssMb, runStartMs, runCompleteMs } = byName[name];
    const memory = rssMb === null ? "memory n/a" : `workerd ${rssMb} MB resident, ${peakRssMb} MB peak so far`;
    const run =
      runStartMs === undefined ? "" : `; run of 256 types accepted in ${runStartMs} ms, done in ${runCompleteMs} ms`;
    console.log(`bounds ${name}: p50 ${p50Ms} ms, p99 ${p99Ms} ms; ${memory}${run}`);
  }
  for (const { name, note } of skipped) console.log(`skipped ${name}: ${note}`);
  console.log(
    `BENCH_RESULT ${JSON.stringify({ seconds: SECONDS, connections: CONNECTIONS, scenarios: rows, skipped, ratios: ratioValues, readCostGrowth: readCost, endorseCostGrowth: endorseCost, endorseHistories: histories, balancesCostGrowth: balancesCost })}`,
  );
  if (rows.some((row) => row.non2xx > 0 || row.errors > 0)) process.exitCode = 1;
} finally {
  await server?.stop();
  rmSync(persistDir, { recursive: true, force: true });
}
