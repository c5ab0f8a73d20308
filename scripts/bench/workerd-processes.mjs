// The dev server's workerd processes, read from /proc (Linux only): the bench's memory and CPU figures.
import { readdirSync, readFileSync } from "node:fs";

/**
 * The workerd processes in process group `groupId` (wrangler's, which `startDevServer` leads), each as its pid
 * and the fields of `/proc/<pid>/stat` after the command name (`fields[2]` the group, `[11]` and `[12]` user
 * and system CPU ticks); null when /proc cannot be read or `groupId` is unknown.
 */
export function workerdProcesses(groupId) {
  if (!groupId) return null;
  let pids;
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const found = [];
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const fields = stat.slice(close + 2).split(" ");
      if (Number(fields[2]) === groupId && stat.slice(stat.indexOf("(") + 1, close).startsWith("workerd"))
        found.push({ pid, fields });
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

/** A number (in kB) from `/proc/<pid>/status`, such as `VmRSS` or `VmHWM`; 0 once the process is gone. */
export function statusKiB(pid, name) {
  try {
    return Number(
      new RegExp(`^${name}:\\s*(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0,
    );
  } catch {
    return 0;
  }
}
