// Runs the service locally the way `npm start` does: `.dev.vars` from the example, local D1 migrations,
// `wrangler dev` on 127.0.0.1, then an idempotent Sandbox demo company seeded through the admin API.
// Used by scripts/start.mjs, scripts/bench.mjs and the e2e test.

import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { seedDemoProgram } from "./demo-program.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const WRANGLER = join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
// wrangler needs Node >= 22.12: prefer the project's pinned `node` devDependency over whatever runs us.
const PINNED_NODE = join(ROOT, "node_modules", "node", "bin", "node");
const NODE = existsSync(PINNED_NODE) ? PINNED_NODE : process.execPath;
const DEFAULT_PERSIST_DIR = join(ROOT, ".wrangler", "state");
const READY_TIMEOUT_MS = 120_000;
/** A start waiting this long on /health or on one seeding call says so in the log, and again each interval. */
const STALL_NOTICE_MS = 10_000;
const OUTPUT_TAIL_CHARS = 8_000;

const DEMO_COMPANY = { name: "Sandbox Demo Insurance", shortName: "sandbox-demo", lifecycle: "sandbox" };

/**
 * Starts `wrangler dev` and seeds the demo company.
 * @param {{ port?: number, persistDir?: string, log?: (text: string) => void, logLevel?: string,
 *   requestsPerMinute?: number, program?: boolean, vars?: Record<string, string>, localTraces?: boolean }} options
 *   `log` receives wrangler's output as it arrives; `logLevel` is passed to `wrangler dev --log-level`;
 *   `requestsPerMinute` sets the demo company's per-key budget (the benchmark raises it above its load);
 *   `program: false` leaves out the demo program and its sample data (the benchmark seeds its own); `vars`
 *   are passed as `wrangler dev --var NAME:VALUE`; `localTraces: false` turns off wrangler's local trace
 *   collector (`X_LOCAL_OBSERVABILITY`), a dev-only sidecar that stores every span of every call in its own
 *   SQLite on workerd's thread: it does not run on the edge, and it costs a call in proportion to its D1 and
 *   object calls, so the benchmark leaves it out.
 * @returns {Promise<{ baseUrl: string, companyId: string, adminKey: string, sandboxManagerKey: string,
 *   processGroup: number, pid: number, exited: Promise<{ code: number | null, signal: string | null }>,
 *   stop: () => Promise<void> }>}
 *   `processGroup` (= `pid`) leads wrangler's process group (workerd included), for the bench's memory readings.
 */
export async function startDevServer({
  port = 8787,
  persistDir,
  log,
  logLevel,
  requestsPerMinute,
  program = true,
  vars = {},
  localTraces = true,
} = {}) {
  const startedAt = Date.now();
  const staffToken = ensureDevVars();
  const persist = persistDir ? resolve(persistDir) : undefined;
  const persistArgs = persist ? ["--persist-to", persist] : [];

  await runWrangler(["d1", "migrations", "apply", "DB", "--local", ...persistArgs], log);

  const { child, baseUrl, stop } = await startWranglerDev({ port, persistArgs, log, logLevel, vars, localTraces });
  try {
    log?.(
      `Healthy after ${Math.round((Date.now() - startedAt) / 1000)} s; seeding the demo company through the admin API.\n`,
    );
    const stateFile = join(persist ?? DEFAULT_PERSIST_DIR, "demo-company.json");
    const demo = await seedDemoCompany(baseUrl, staffToken, stateFile, program, log);
    if (requestsPerMinute) await setRateLimit(baseUrl, staffToken, demo.companyId, requestsPerMinute);
    return { baseUrl, ...demo, processGroup: child.pid, pid: child.pid, exited: child.exited, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `wrangler dev` on 127.0.0.1:`port` (the service, or the worker of `configPath`), once `/health` answers 200. */
async function startWranglerDev({ port, persistArgs, configPath, log, logLevel, vars = {}, localTraces }) {
  if (!(await portIsFree(port)))
    throw new Error(`Port ${port} on 127.0.0.1 is already in use; set PORT to another port.`);
  const devArgs = [
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--show-interactive-dev-session=false",
    ...persistArgs,
  ];
  if (configPath) devArgs.push("--config", configPath);
  if (logLevel) devArgs.push("--log-level", logLevel);
  for (const [name, value] of Object.entries(vars)) devArgs.push("--var", `${name}:${value}`);
  const child = spawnWrangler(devArgs, log, localTraces ? {} : { X_LOCAL_OBSERVABILITY: "false" });
  const stop = () => killTree(child);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await Promise.race([
      waitForHealth(baseUrl, child, log),
      child.exited.then(({ code, signal }) => {
        throw new Error(`wrangler dev exited early (code ${code}, signal ${signal}). Its output:\n${child.output()}`);
      }),
    ]);
    return { child, baseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A worker other than the service under `wrangler dev` (the benchmark's harness floor, scripts/bench/floor/),
 * with its state in `persistDir` and wrangler's local trace collector off, as the benchmark runs the service.
 * @returns {Promise<{ baseUrl: string, processGroup: number, stop: () => Promise<void> }>}
 */
export async function startBareWorker({ configPath, port, persistDir, logLevel }) {
  const persistArgs = ["--persist-to", resolve(persistDir)];
  const { child, baseUrl, stop } = await startWranglerDev({ port, persistArgs, configPath, logLevel });
  return { baseUrl, processGroup: child.pid, stop };
}

/** Sets a company's per-key budget through the staff API (CONTRACT 8.2). */
async function setRateLimit(baseUrl, staffToken, companyId, requestsPerMinute) {
  const res = await fetch(`${baseUrl}/admin/companies/${companyId}`, {
    method: "PATCH",
    headers: { Authorization: `Bearer ${staffToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ rateLimit: { requestsPerMinute } }),
  });
  if (res.status !== 200)
    throw new Error(`Setting the demo company's rate limit answered ${res.status}: ${await res.text()}`);
}

/** Creates `.dev.vars` from `.dev.vars.example` when missing and returns its STAFF_TOKEN. */
function ensureDevVars() {
  const file = join(ROOT, ".dev.vars");
  if (!existsSync(file)) copyFileSync(join(ROOT, ".dev.vars.example"), file);
  const match = /^\s*STAFF_TOKEN\s*=\s*"?([^"\r\n]*)"?\s*$/m.exec(readFileSync(file, "utf8"));
  if (!match?.[1]) throw new Error(`${file} has no STAFF_TOKEN line`);
  return match[1];
}

/** Spawns wrangler in its own process group (so stop() can end workerd too), capturing its output. */
function spawnWrangler(args, log, env) {
  const child = spawn(NODE, [WRANGLER, ...args], {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", FORCE_COLOR: "0", NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let tail = "";
  const onData = (chunk) => {
    const text = chunk.toString();
    tail = (tail + stripVTControlCharacters(text)).slice(-OUTPUT_TAIL_CHARS);
    log?.(text);
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  child.output = () => tail;
  child.exited = new Promise((resolve) => {
    child.on("exit", (code, signal) => resolve({ code, signal }));
    child.on("error", (error) => {
      tail += `\n${error.message}`;
      resolve({ code: null, signal: null });
    });
  });
  // Last resort if our process exits without calling stop().
  const killOnExit = () => signalGroup(child.pid, "SIGKILL");
  process.on("exit", killOnExit);
  child.exited.then(() => process.off("exit", killOnExit));
  return child;
}

async function runWrangler(args, log) {
  const child = spawnWrangler(args, log);
  const { code, signal } = await child.exited;
  if (code !== 0)
    throw new Error(
      `wrangler ${args.join(" ")} failed (code ${code}, signal ${signal}). Its output:\n${child.output()}`,
    );
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // group already gone
  }
}

/** SIGTERM to wrangler's process group (wrangler and workerd), then SIGKILL whatever is left after 5 s. */
async function killTree(child) {
  if (!signalGroup(child.pid, "SIGTERM")) return;
  const deadline = Date.now() + 5_000;
  while (signalGroup(child.pid, 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  signalGroup(child.pid, "SIGKILL");
  await child.exited;
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * `fetch` with its text, failing after `ms` even should the runtime lose the abort (undici can drop a
 * request's abort signal after a garbage collection: nodejs/undici#3644, #4068), and naming the call every
 * STALL_NOTICE_MS while it waits, so a start that stalls says where.
 */
export async function fetchText(url, init, ms, { log, what }) {
  const controller = new AbortController();
  const began = Date.now();
  let timer;
  const expired = new Promise((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer within ${ms / 1000} s`));
    }, ms);
  });
  const notice = setInterval(
    () => log?.(`${what}: still waiting after ${Math.round((Date.now() - began) / 1000)} s\n`),
    STALL_NOTICE_MS,
  );
  try {
    return await Promise.race([
      (async () => {
        const res = await fetch(url, { ...init, signal: controller.signal });
        return { status: res.status, text: await res.text() };
      })(),
      expired,
    ]);
  } finally {
    clearTimeout(timer);
    clearInterval(notice);
  }
}

/**
 * Polls until /health answers 200; gives up when `child` has exited (the caller reports that). A poll is
 * never abandoned while the deadline lasts: wrangler's dev proxy holds requests while the runtime starts
 * (and reloads once), and a held request its client gave up on can leave the proxy broken
 * (cloudflare/workers-sdk#15447), which once stalled a start with every later request unanswered. A poll
 * that finds nothing listening fails at once.
 */
export async function waitForHealth(baseUrl, child, log) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastFailure = "";
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    try {
      const { status } = await fetchText(`${baseUrl}/health`, {}, deadline - Date.now(), {
        log,
        what: `Waiting for ${baseUrl}/health`,
      });
      if (status === 200) return;
      lastFailure = ` (last: answered ${status})`;
    } catch (error) {
      // not listening yet
      lastFailure = ` (last: ${error.cause?.code ?? error.message})`;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${baseUrl}/health did not answer 200 within ${READY_TIMEOUT_MS / 1000} s${lastFailure}`);
}

/** How long one seeding call may take: minutes, since a loaded machine (CI running the suite) is slow. */
const SEED_CALL_TIMEOUT_MS = 120_000;

/**
 * Reuses the demo company recorded in `stateFile` while it still works; mints fresh keys for it when its
 * keys stopped working; creates it (and records it) only when there is none.
 */
async function seedDemoCompany(baseUrl, staffToken, stateFile, withProgram, log) {
  const api = async (method, path, { auth = `Bearer ${staffToken}`, body } = {}) => {
    const headers = { Authorization: auth, ...(body && { "Content-Type": "application/json" }) };
    // A call that never answers fails the start with its name, instead of leaving the start waiting with no word.
    let res;
    try {
      res = await fetchText(
        `${baseUrl}${path}`,
        { method, headers, body: body && JSON.stringify(body) },
        SEED_CALL_TIMEOUT_MS,
        { log, what: `Seeding the demo company: ${method} ${path}` },
      );
    } catch (error) {
      throw new Error(`Seeding the demo company: ${method} ${path} failed: ${error.message}`);
    }
    const { text } = res;
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON; the status and text tell what happened
    }
    return { status: res.status, text, json };
  };
  const expectStatus = (res, status, what) => {
    if (res.status !== status) throw new Error(`Seeding the demo company: ${what} answered ${res.status}: ${res.text}`);
    return res.json;
  };
  const keyWorks = async (companyId, key) =>
    typeof key === "string" && (await api("GET", `/api/v1/companies/${companyId}/me`, { auth: key })).status === 200;
  const mintKey = async (companyId, name, role) =>
    expectStatus(
      await api("POST", `/admin/companies/${companyId}/api-keys`, { body: { name, roles: [role] } }),
      201,
      `creating the ${role} key`,
    ).key;

  let saved = null;
  try {
    saved = JSON.parse(readFileSync(stateFile, "utf8"));
  } catch {
    // no state yet
  }

  let companyId = null;
  if (typeof saved?.companyId === "string") {
    const company = await api("GET", `/admin/companies/${saved.companyId}`);
    if (company.status === 200) companyId = saved.companyId;
    else if (company.status !== 404) expectStatus(company, 200, "reading the saved demo company");
  }
  if (
    companyId &&
    (await keyWorks(companyId, saved.adminKey)) &&
    (await keyWorks(companyId, saved.sandboxManagerKey)) &&
    (saved.program || !withProgram)
  ) {
    return { companyId, adminKey: saved.adminKey, sandboxManagerKey: saved.sandboxManagerKey, program: saved.program };
  }

  companyId ??= expectStatus(
    await api("POST", "/admin/companies", { body: DEMO_COMPANY }),
    201,
    "creating the demo company",
  ).id;
  const keys =
    saved?.companyId === companyId &&
    (await keyWorks(companyId, saved.adminKey)) &&
    (await keyWorks(companyId, saved.sandboxManagerKey))
      ? { adminKey: saved.adminKey, sandboxManagerKey: saved.sandboxManagerKey }
      : {
          adminKey: await mintKey(companyId, "Demo Admin", "Admin"),
          sandboxManagerKey: await mintKey(companyId, "Demo SandboxManager", "SandboxManager"),
        };
  // The program and its sample data, once per demo company (a company seeded before it existed gets it now).
  const program =
    withProgram &&
    (await seedDemoProgram(async (method, path, body, status) =>
      expectStatus(
        await api(method, `/api/v1/companies/${companyId}${path}`, { auth: keys.adminKey, body }),
        status,
        `${method} ${path}`,
      ),
    ));
  const demo = { companyId, ...keys, program };
  mkdirSync(dirname(stateFile), { recursive: true });
  writeFileSync(stateFile, `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
  return demo;
}
