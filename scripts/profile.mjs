// `npm run profile -- <path> [seconds]`: a CPU profile of the worker (and the Durable Objects it runs) under
// load. Attaches to the V8 inspector of a running `npm start` (wrangler dev serves it on 127.0.0.1:9229),
// drives `<path>` with 16 autocannon connections for `seconds` (default 8) with the printed Admin key, and
// prints the functions taking the most samples, by self time and including what they call. The profile is
// saved as profile.cpuprofile (open it in Chrome DevTools). How issue 16's profile pass was made.
//
//   PROFILE_KEY=<api key> npm run profile -- /api/v1/companies/<id>/lifecycle 8
//
// PROFILE_METHOD (default GET) and PROFILE_BODY (JSON, sent on every request) profile a write.
// PROFILE_BASE_URL (default http://127.0.0.1:8787) and PROFILE_INSPECTOR (default 127.0.0.1:9229) override the
// addresses. Raise the key's budget first (staff `PATCH /admin/companies/{id}` with `rateLimit`) or the load is
// refused with 429 after 600 requests. Start `npm start` with X_LOCAL_OBSERVABILITY=false to leave out wrangler's
// local trace collector, as the benchmark does (it shares workerd's thread and does not run on the edge).
//
// Read the shares with care: workerd took about one sample in nine of those asked for (4,645 in 8 s at 200 µs),
// and they fall on loops and JSON builtins far beyond their CPU share (a 200-byte body's nesting check drew 3.8%
// of an endorsement's samples; it takes 0.5 µs in Node). Time a candidate on its own before changing code.
import { writeFileSync } from "node:fs";
import autocannon from "autocannon";

const [path = "/health", seconds = "8"] = process.argv.slice(2);
const BASE_URL = process.env.PROFILE_BASE_URL ?? "http://127.0.0.1:8787";
const INSPECTOR = process.env.PROFILE_INSPECTOR ?? "127.0.0.1:9229";
const TOP = 40;

/** A DevTools protocol session on the worker's inspector (Node 22's WebSocket, which takes headers). */
async function inspectorSession() {
  // wrangler's inspector proxy refuses a WebSocket without the DevTools front end's origin.
  const socket = new WebSocket(`ws://${INSPECTOR}/ws`, {
    headers: { Origin: "https://devtools.devprod.cloudflare.dev" },
  });
  const pending = new Map();
  let lastId = 0;
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", () => reject(new Error(`no inspector at ${INSPECTOR}: is npm start running?`)), {
      once: true,
    });
  });
  return {
    send: (method, params = {}) =>
      new Promise((resolve) => {
        lastId += 1;
        pending.set(lastId, resolve);
        socket.send(JSON.stringify({ id: lastId, method, params }));
      }),
    close: () => socket.close(),
  };
}

const frameName = ({ callFrame: f }) =>
  `${f.functionName || "(anonymous)"} ${f.url.split("/").slice(-2).join("/")}:${f.lineNumber + 1}`;

/** Samples per function: by self time, and including every function below it on the stack. */
function tally(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const self = new Map();
  const inclusive = new Map();
  for (const sample of profile.samples) {
    const name = frameName(nodes.get(sample));
    self.set(name, (self.get(name) ?? 0) + 1);
    const seen = new Set();
    for (let id = sample; id !== undefined; id = parents.get(id)) {
      const above = frameName(nodes.get(id));
      if (seen.has(above)) continue;
      seen.add(above);
      inclusive.set(above, (inclusive.get(above) ?? 0) + 1);
    }
  }
  return { self, inclusive, total: profile.samples.length };
}

function printTop(title, counts, total) {
  console.log(`\n${title}`);
  for (const [name, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`${((100 * count) / total).toFixed(1).padStart(6)} %  ${name}`);
  }
}

const session = await inspectorSession();
await session.send("Profiler.enable");
await session.send("Profiler.setSamplingInterval", { interval: 200 });
await session.send("Profiler.start");
const load = await autocannon({
  url: `${BASE_URL}${path}`,
  connections: 16,
  duration: Number(seconds),
  method: process.env.PROFILE_METHOD ?? "GET",
  headers: {
    ...(process.env.PROFILE_KEY ? { authorization: process.env.PROFILE_KEY } : {}),
    ...(process.env.PROFILE_BODY ? { "content-type": "application/json" } : {}),
  },
  body: process.env.PROFILE_BODY,
});
const { result } = await session.send("Profiler.stop");
session.close();
writeFileSync("profile.cpuprofile", JSON.stringify(result.profile));

const { self, inclusive, total } = tally(result.profile);
console.log(
  `${path}: ${load.requests.average} req/s, p50 ${load.latency.p50} ms, ${load.non2xx} non-2xx; ${total} samples`,
);
printTop("By self time", self, total);
printTop("Including callees", inclusive, total);
process.exit(0);
