// Issue 16's table: the figures the issue measured before its levers, beside this run's, with the goals as
// ratios to `GET /health` in the same run (the only comparison that survives a different host or load).
import { cpuCell, median } from "./report.mjs";

/** [label, scenario of this bench, before: { rps, p50, p99, ratio } from the run, goal ratio or null]. */
const ROWS = [
  ["GET /health (bare worker)", "health", { rps: 436, p50: 32, p99: 150, ratio: 1 }, null],
  ["authenticated GET P/lifecycle", "lifecycle", { rps: 205, p50: 74, p99: 134, ratio: 0.47 }, 0.8],
  [
    "entity read by id (10,000 stored; issue: 1,000)",
    "entity read 10k",
    { rps: 139, p50: 101, p99: 395, ratio: 0.32 },
    0.6,
  ],
  ["entity create", "entity create 10k", { rps: 99, p50: 141, p99: 552, ratio: 0.23 }, 0.4],
  [
    "endorse, 16 connections on one policy",
    "policy endorse 16 conns one policy",
    { rps: 61, p50: 237, p99: 528, ratio: 0.14 },
    0.5,
  ],
];

const ENDORSE_P99_GOAL_MS = 100;

/** The scenarios with a goal: the bench measures `GET /health` again right before each (`healthBeside`). */
export const GOAL_SCENARIOS = ROWS.filter(([, , , goal]) => goal !== null).map(([, name]) => name);

/** Health's workerd CPU per request over the row's: the ratio the shared thread's cost alone would give. */
const cpuRatio = (health, row) =>
  health.runtimeCpuMs && row.runtimeCpuMs ? (health.runtimeCpuMs / row.runtimeCpuMs).toFixed(2) : "n/a";

/** "met"/"not met" of a ratio against its goal, or "-" where there is no goal or no ratio. */
const verdict = (ratio, goal) => (goal === null || ratio === null ? "-" : Number(ratio) >= goal ? "met" : "not met");

/**
 * Prints the before/now table; rows whose scenario did not run are left out. Each goal row has three ratios:
 * against the run's first `GET /health` (the definition), against the one measured right before
 * the row on the same server ("beside"): the dev server's own tail grows with its age (README, "Reading the
 * local figures"), so a row measured minutes after the first health is compared with a younger server; and
 * the median of the "beside" ratio over the row's rounds, which one slow minute of the host does not decide.
 */
export function printEdgeGoals(byName) {
  const health = byName.health;
  if (!health) return;
  const lines = [
    [
      "scenario",
      "before req/s",
      "p50",
      "p99",
      "ratio",
      "now req/s",
      "p50",
      "p99",
      "ratio",
      "health beside",
      "ratio beside",
      "median beside",
      "goal: run, beside, median",
      "CPU ms",
      "CPU ratio",
      "beside",
    ],
  ];
  for (const [label, name, before, goal] of ROWS) {
    const now = byName[name];
    if (!now) continue;
    const beside = now.healthBeside;
    const ratio = (now.rps / health.rps).toFixed(2);
    const ratioBeside = beside ? (now.rps / beside.rps).toFixed(2) : null;
    const ratioMedian = now.rounds ? median(now.rounds.map((pair) => pair.rps / pair.healthRps)).toFixed(2) : null;
    const met =
      goal === null
        ? "-"
        : `≥ ${goal.toFixed(2)}: ${[ratio, ratioBeside, ratioMedian].map((r) => verdict(r, goal)).join(", ")}`;
    lines.push([
      label,
      String(before.rps),
      String(before.p50),
      String(before.p99),
      before.ratio.toFixed(2),
      now.rps.toFixed(1),
      String(now.p50Ms),
      String(now.p99Ms),
      ratio,
      beside ? beside.rps.toFixed(1) : "-",
      ratioBeside ?? "-",
      ratioMedian ? `${ratioMedian} (${now.rounds.length})` : "-",
      met,
      cpuCell(now.runtimeCpuMs),
      cpuRatio(health, now),
      beside ? cpuRatio(beside, now) : "-",
    ]);
  }
  const widths = lines[0].map((_, i) => Math.max(...lines.map((line) => line[i].length)));
  const format = (line) =>
    line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(
    "Issue 16: before (the issue's run) and now (this run); ratio = req/s over GET /health's at the run's start,",
  );
  console.log("ratio beside = over GET /health's measured right before the row, on the server as aged as the row;");
  console.log(
    "median beside = the median of that ratio over the row's rounds (BENCH_GOAL_ROUNDS, each GET /health then the row); the row's own figures are its first round's",
  );
  console.log(
    "CPU ms = the workerd runtime's CPU per request (its one JS thread runs the worker, objects and D1 simulator); " +
      "CPU ratio = health's CPU ms over the row's (the run's first health, then the one beside)",
  );
  console.log(format(lines[0]));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines.slice(1)) console.log(format(line));
  const endorse = byName["policy endorse 16 conns one policy"];
  if (endorse) printEndorseP99(endorse);
  printPerCall(byName);
  const [long, short] = [byName["policy endorse at v1000"], byName["policy endorse at v2"]];
  if (long && short)
    console.log(
      `endorse at version 1,000 vs version 2 (one at a time): p50 ${long.p50Ms} vs ${short.p50Ms} ms; before: 20.4 vs 19.3 ms`,
    );
}

/** The endorsement's p99 goal (≤ 100 ms): its first round, the median over its rounds, and health's beside each. */
function printEndorseP99(endorse) {
  const met = (ms) => (ms <= ENDORSE_P99_GOAL_MS ? "met" : "not met");
  let line = `endorse p99 goal ≤ ${ENDORSE_P99_GOAL_MS} ms: ${endorse.p99Ms} ms (${met(endorse.p99Ms)})`;
  if (endorse.healthBeside) line += `; GET /health right before it: p99 ${endorse.healthBeside.p99Ms} ms`;
  if (endorse.rounds) {
    const p99s = endorse.rounds.map((pair) => pair.p99Ms);
    const p99 = median(p99s);
    line += `; median of ${p99s.length} rounds ${p99} ms (${met(p99)}; rounds ${p99s.join(", ")} ms, GET /health beside ${endorse.rounds.map((pair) => pair.healthP99Ms).join(", ")} ms)`;
  }
  console.log(line);
}

/** New policies and money writes, one at a time, against an endorsement's p50 (the goal: no slower per call). */
const PER_CALL = [
  ["new business, 1 exposure", "policy new business"],
  ["quote bind, 1 exposure", "quote bind 1 exposure"],
  ["quote bind, 50 exposures", "quote bind"],
  ["invoice create", "financials invoice create"],
  ["payment record (invoices with a few payments)", "financials payment record, 200 invoices"],
  ["payment record on one invoice (its answer lists hundreds of payments)", "financials payment record"],
];

function printPerCall(byName) {
  const endorse = byName["policy endorse at v2"];
  if (!endorse) return;
  const ran = PER_CALL.filter(([, name]) => byName[name]);
  if (!ran.length) return;
  console.log(`per call, one at a time, p50 against endorse (1 exposure) at ${endorse.p50Ms} ms:`);
  for (const [label, name] of ran) {
    const { p50Ms } = byName[name];
    console.log(`  ${label}: ${p50Ms} ms (${p50Ms <= endorse.p50Ms ? "no slower: met" : "slower: not met"})`);
  }
}
