// Runs `npm start` for real (scripts/start.mjs: wrangler dev + demo company seed) and follows what it prints.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { must } from "../support/must";

const ROOT = resolve(import.meta.dirname, "../..");
const READY_LINE = "Press Ctrl-C to stop.";
/** A start on a machine busy with the rest of the suite can take minutes; alone it takes about 20 s. */
const START_DEADLINE_MS = 240_000;

interface Started {
  child: ChildProcess;
  stdout: string;
  companyId: string;
  adminKey: string;
  sandboxManagerKey: string;
  curlUrl: string;
  curlKey: string;
}

const running = new Set<ChildProcess>();
let persistDir: string;
let port: number;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Spawns `node scripts/start.mjs` and resolves once it has printed its summary. */
function start(): Promise<Started> {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), PERSIST_DIR: persistDir, WRANGLER_SEND_METRICS: "false" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.on("exit", () => running.delete(child));
  let stdout = "";
  let stderr = "";
  return new Promise((resolveStarted, reject) => {
    // Fails with what the start printed, before the test's own timeout would fail it with no word.
    const deadline = setTimeout(
      () =>
        reject(
          new Error(
            `start.mjs printed no summary within ${START_DEADLINE_MS} ms.\nstdout:\n${stdout}\nstderr:\n${stderr}`,
          ),
        ),
      START_DEADLINE_MS,
    );
    child.on("exit", () => clearTimeout(deadline));
    must(child.stderr).on("data", (chunk) => (stderr = (stderr + chunk).slice(-8000)));
    must(child.stdout).on("data", (chunk) => {
      stdout += chunk;
      if (!stdout.includes(READY_LINE)) return;
      clearTimeout(deadline);
      const field = (label: string) => new RegExp(`${label}:\\s+(\\S+)`).exec(stdout)?.[1] ?? "";
      const curl = /curl -s (\S+) -H 'Authorization: ([^']+)'/.exec(stdout);
      resolveStarted({
        child,
        stdout,
        companyId: field("Demo company \\(Sandbox\\)"),
        adminKey: field("Admin key"),
        sandboxManagerKey: field("SandboxManager key"),
        curlUrl: curl?.[1] ?? "",
        curlKey: curl?.[2] ?? "",
      });
    });
    child.on("exit", (code, signal) =>
      reject(
        new Error(
          `start.mjs exited (code ${code}, signal ${signal}) before it was ready.\nstdout:\n${stdout}\nstderr:\n${stderr}`,
        ),
      ),
    );
  });
}

/** SIGTERM, as Ctrl-C would: start.mjs stops wrangler and exits 0. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  child.kill("SIGTERM");
  return exited;
}

async function get(path: string, auth?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    headers: auth === undefined ? {} : { Authorization: auth },
  });
  return { status: res.status, json: (await res.json()) as any };
}

beforeAll(async () => {
  persistDir = mkdtempSync(join(tmpdir(), "iop-e2e-"));
  port = await freePort();
});

/** Stops every start still running, so a test that failed midway leaves no server holding the port. */
async function stopAll() {
  for (const child of running) {
    await Promise.race([stop(child), new Promise((r) => setTimeout(r, 10_000))]);
    child.kill("SIGKILL");
  }
}

afterEach(stopAll);

afterAll(async () => {
  await stopAll();
  rmSync(persistDir, { recursive: true, force: true });
});

describe("npm start", () => {
  let first: Started;

  it("serves the API and prints a demo company with a working sample call", async () => {
    first = await start();
    expect(first.companyId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.adminKey).toMatch(/^iop_/);
    expect(first.sandboxManagerKey).toMatch(/^iop_/);
    expect(first.curlUrl).toBe(`http://127.0.0.1:${port}/api/v1/companies/${first.companyId}/lifecycle`);
    expect(first.curlKey).toBe(first.adminKey);
    expect(first.stdout).toContain(`http://127.0.0.1:${port}/docs`);

    expect((await get("/health")).status).toBe(200);

    const lifecycle = await fetch(first.curlUrl, { headers: { Authorization: first.curlKey } });
    expect(lifecycle.status).toBe(200);
    expect(await lifecycle.json()).toEqual({ companyId: first.companyId, lifecycle: "sandbox" });

    const me = await get(`/api/v1/companies/${first.companyId}/me`, first.adminKey);
    expect(me.status).toBe(200);
    expect(me.json.companyId).toBe(first.companyId);
    expect(me.json.roles).toEqual(["Admin"]);

    const sandboxMe = await get(`/api/v1/companies/${first.companyId}/me`, first.sandboxManagerKey);
    expect(sandboxMe.status).toBe(200);
    expect(sandboxMe.json.roles).toEqual(["SandboxManager"]);

    const anonymous = await get(`/api/v1/companies/${first.companyId}/lifecycle`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error.code).toBe("AuthenticationError");
    expect(anonymous.json.error.message).toBe("API key authentication required");

    expect(await stop(first.child)).toBe(0);
  });

  it("reuses the demo company and its keys when started again on the same state", async () => {
    expect(first, "the first start must have succeeded").toBeDefined();
    const second = await start();
    expect(second.companyId).toBe(first.companyId);
    expect(second.adminKey).toBe(first.adminKey);
    expect(second.sandboxManagerKey).toBe(first.sandboxManagerKey);
    const lifecycle = await get(`/api/v1/companies/${second.companyId}/lifecycle`, second.adminKey);
    expect(lifecycle).toEqual({ status: 200, json: { companyId: first.companyId, lifecycle: "sandbox" } });
    expect(await stop(second.child)).toBe(0);
  });

  it("rebuilds and reloads the worker when a file it is built from changes, once a change", async () => {
    const started = await start();
    let output = "";
    for (const stream of [started.child.stdout, started.child.stderr])
      must(stream).on("data", (chunk) => (output += chunk));
    const times = (line: string) => output.split(line).length - 1;

    // Written again with the same bytes: a change to the watcher, and nothing to undo should the test stop here.
    for (const file of ["worker/index.ts", "durable/company.ts"]) {
      const reloads = times(RELOADING);
      writeFileSync(join(ROOT, file), readFileSync(join(ROOT, file)));
      await until(
        () => times(RELOADING) > reloads,
        `reload after ${file} changed`,
        () => output,
      );
      expect((await get("/health")).status).toBe(200);
    }
    // The build found its module up to date each time, so its own run set off no other build.
    expect(times(UP_TO_DATE)).toBe(2);
    const builds = times(BUILD_RUNNING);
    await new Promise((r) => setTimeout(r, 5_000));
    expect(times(BUILD_RUNNING)).toBe(builds);
    expect(await stop(started.child)).toBe(0);
  });
});

const RELOADING = "Reloading local server";
const BUILD_RUNNING = "[custom build] Running";
const UP_TO_DATE = "reference-script.gz.bin is up to date";

/** Polls `done` every 200 ms for up to a minute; fails with the output seen so far. */
async function until(done: () => boolean, what: string, output: () => string) {
  for (const deadline = Date.now() + 60_000; !done(); ) {
    if (Date.now() > deadline) throw new Error(`no ${what} within 60 s. Output since ready:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it where it can). */
const CHROMIUM = "/usr/bin/chromium";
const hasBrowser = existsSync(CHROMIUM);
if (!hasBrowser) console.warn(`Skipping the /docs browser test: no browser at ${CHROMIUM} (apt-get install chromium).`);

describe.skipIf(!hasBrowser)("the reference page in a real browser", () => {
  it("renders the operations from this service alone: nothing is loaded from the internet", async () => {
    const server = await start();
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    try {
      const page = await browser.newPage();
      const elsewhere: string[] = [];
      // Offline, as a developer without internet: any request off this service fails and is recorded.
      await page.route("**/*", (route) => {
        const url = new URL(route.request().url());
        if (url.hostname === "127.0.0.1") return route.continue();
        elsewhere.push(url.href);
        return route.abort();
      });
      await page.goto(`http://127.0.0.1:${port}/docs`);
      // The System group is open at first: its one operation is listed; opening Policies lists its own.
      await page.getByText("Liveness").first().waitFor({ timeout: 60_000 });
      await page
        .getByRole("button", { name: /Open Group - Policies/ })
        .first()
        .click();
      await page.getByText("Endorse a policy").first().waitFor({ timeout: 10_000 });
      expect(elsewhere).toEqual([]);
    } finally {
      await browser.close();
      await stop(server.child);
    }
  });
});

/** The shell blocks of the README's demo walk, as written there. */
function readmeWalk(): string[] {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const section = readme.split("## A walk through the demo company")[1]?.split("\n## ")[0] ?? "";
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
}

const hasJq = spawnSync("jq", ["--version"]).status === 0;
if (!hasJq) console.warn("Skipping the README walk: it reads answers with jq, which is not installed.");

describe.skipIf(!hasJq)("the README's walk through the demo company", () => {
  it("shows the seeded program and runs quote → rate → bind → endorse → balances, and a claim, as written", async () => {
    const server = await start();
    try {
      const api = `http://127.0.0.1:${port}/api/v1/companies/${server.companyId}`;
      const policyId = /Bound policy:\s+(\S+)/.exec(server.stdout)?.[1] ?? "";
      const seeded = await get(
        `/api/v1/companies/${server.companyId}/financials/entities/policy/${policyId}/balances`,
        server.adminKey,
      );
      expect(seeded.status).toBe(200);
      const premium = seeded.json.categories.find((c: any) => c.name === "Premium");
      expect(premium.paidCents).toBeGreaterThan(0);
      expect(premium.owedCents).toBe(premium.paidCents * 3);

      const [walk, claim] = readmeWalk();
      const run = (script: string) =>
        spawnSync("bash", ["-e", "-o", "pipefail", "-c", script], {
          env: { ...process.env, KEY: server.adminKey, API: api, CO: server.companyId },
          encoding: "utf8",
          timeout: 60_000,
        });
      const walked = run(must(walk));
      expect(walked.status, walked.stderr).toBe(0);
      const lines = walked.stdout.trim().split("\n");
      expect(lines[0]).toBe("1800");
      expect(lines[1]).toBe("2");
      expect(lines.slice(2)).toEqual([
        '{"name":"Premium","owedCents":204000}',
        '{"name":"Commission","owedCents":18000}',
      ]);
      const claimed = run(must(claim));
      expect(claimed.status, claimed.stderr).toBe(0);
      expect(claimed.stdout).toContain('"paid"');
      expect(claimed.stdout).toContain(
        '{"name":"Indemnity","reservesCents":750000,"paidCents":250000,"owedCents":0,"expectedTotalCents":1000000}',
      );
    } finally {
      await stop(server.child);
    }
  });
});
