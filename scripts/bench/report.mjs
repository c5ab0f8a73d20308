// Turns autocannon results into rows, prints them as a table, and compares two rows.

/** One table row; `extra` carries scenario facts such as the number of stored entities. */
export function summarize(name, result, extra = {}) {
  return {
    name,
    ...extra,
    connections: result.connections,
    rps: Math.round(result.requests.average * 10) / 10,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** A CPU figure of `workerd-cpu.mjs`, or n/a where /proc could not be read. */
export const cpuCell = (ms) => (ms === null || ms === undefined ? "n/a" : ms.toFixed(2));

export function printTable(rows) {
  const columns = [
    ["scenario", (r) => r.name],
    ["stored", (r) => (r.storedEntities === undefined ? "-" : r.storedEntities.toLocaleString("en-US"))],
    ["history", (r) => r.history ?? "-"],
    ["conns", (r) => String(r.connections)],
    ["req/s (mean)", (r) => r.rps.toFixed(1)],
    ["p50 ms", (r) => String(r.p50Ms)],
    ["p99 ms", (r) => String(r.p99Ms)],
    ["requests", (r) => String(r.requests)],
    ["non-2xx", (r) => String(r.non2xx)],
    ["errors", (r) => String(r.errors)],
    ["workerd CPU ms/req", (r) => cpuCell(r.runtimeCpuMs)],
    ["proxy CPU ms/req", (r) => cpuCell(r.proxyCpuMs)],
  ];
  const cells = [columns.map(([title]) => title), ...rows.map((row) => columns.map(([, cell]) => cell(row)))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i].length)));
  const format = (line) =>
    line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(format(cells[0]));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of cells.slice(1)) console.log(format(line));
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** a / b rounded to three places; null when b is zero (a 0 ms percentile gives no meaningful ratio). */
export function ratio(a, b) {
  return b === 0 ? null : Math.round((a / b) * 1000) / 1000;
}

/** How `row` compares with `baseline`: 1 means the same; rps below 1 or latency above 1 means slower. */
export function growth(row, baseline) {
  return {
    rps: ratio(row.rps, baseline.rps),
    p50: ratio(row.p50Ms, baseline.p50Ms),
    p99: ratio(row.p99Ms, baseline.p99Ms),
  };
}
