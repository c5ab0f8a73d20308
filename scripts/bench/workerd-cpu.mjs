// CPU time of the dev server's workerd processes over a measured run, per request (Linux only: /proc).
// wrangler dev runs two: its proxy, which listens on the bench's port, and the runtime, whose one JS thread runs
// the worker, its Durable Objects and the D1 simulator. That thread is what a call's cost saturates, so its CPU
// per request is a steadier figure than req/s on a shared host, where /health is held back by the proxy and
// the load generator instead.
import { execSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { workerdProcesses } from "./workerd-processes.mjs";

/** Clock ticks per second of /proc's utime and stime (100 on every common Linux). */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execSync("getconf CLK_TCK", { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU ticks so far of each workerd in the process group, as { runtime, proxy } (summed over processes of
 * each kind), or null when /proc cannot be read. The proxy is the one whose command line names `port`.
 */
export function workerdTicks(groupId, port) {
  const processes = workerdProcesses(groupId);
  if (!processes?.length) return null;
  const ticks = { runtime: 0, proxy: 0 };
  for (const { pid, fields } of processes) {
    let command = "";
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    } catch {
      continue; // the process ended while we looked
    }
    ticks[command.includes(`127.0.0.1:${port}`) ? "proxy" : "runtime"] += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

/** Milliseconds of CPU per request between two readings, to 0.01 ms; null when either reading is missing. */
export function cpuPerRequest(before, after, requests) {
  if (!before || !after || !requests) return { runtimeCpuMs: null, proxyCpuMs: null };
  const perRequest = (kind) => Math.round(((after[kind] - before[kind]) * 100_000) / TICKS_PER_SECOND / requests) / 100;
  return { runtimeCpuMs: perRequest("runtime"), proxyCpuMs: perRequest("proxy") };
}
