// The harness floor: what one D1 read costs under `wrangler dev` with nothing of the service around it
// (scripts/bench/floor/worker.js on a fresh server of its own, after the service's server stopped). Each round
// measures a constant answer, one D1 statement on the binding and the same statement in a D1 session; the
// session read's ratio to the constant answer is the most any read by id can reach on this harness, since
// every read of the service runs in a D1 session (issue 16, lever 4) and a read by id is one such statement.
import { fileURLToPath } from "node:url";
import { cpuCell, median } from "./report.mjs";

export const FLOOR_CONFIG = fileURLToPath(new URL("./floor/wrangler.toml", import.meta.url));
export const FLOOR_CONSTANT = "floor: constant answer";
/** The floor's rows after the constant answer: [row name, path]. */
export const FLOOR_READS = [
  ["floor: one D1 read", "/d1"],
  ["floor: one D1 read in a session", "/d1-session"],
];
export const FLOOR_ROWS = [FLOOR_CONSTANT, ...FLOOR_READS.map(([name]) => name)];

/** Prints each floor read's ratio to the constant answer of its round (first round and median) and CPU per call. */
export function printHarnessFloor(byName) {
  const constant = byName[FLOOR_CONSTANT];
  if (!constant) return;
  console.log(
    `harness floor (a bare worker on a fresh wrangler dev, ${constant.rounds.length} rounds): constant answer ` +
      `${constant.rps} req/s, ${cpuCell(constant.runtimeCpuMs)} ms of the runtime's CPU a call`,
  );
  for (const [name] of FLOOR_READS) {
    const row = byName[name];
    if (!row) continue;
    const ratios = row.rounds.map((rps, round) => rps / constant.rounds[round]);
    console.log(
      `  ${name}: ${row.rps} req/s, ${cpuCell(row.runtimeCpuMs)} ms CPU; ratio to the constant answer ` +
        `${ratios[0].toFixed(2)}, median ${median(ratios).toFixed(2)} (rounds ${ratios.map((r) => r.toFixed(2)).join(", ")})`,
    );
  }
  console.log(
    "  read by id is one D1 read in a session plus the service's own work: its ratio to /health stays below the session read's (goal ≥ 0.60)",
  );
}
