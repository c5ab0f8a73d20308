// Runs one wrangler command to completion and gives back its standard output.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const WRANGLER = join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
// wrangler needs Node >= 22.12: prefer the project's pinned `node` devDependency over whatever runs us.
export const PINNED_NODE = join(ROOT, "node_modules", "node", "bin", "node");
const NODE = existsSync(PINNED_NODE) ? PINNED_NODE : process.execPath;
const ERROR_TAIL_CHARS = 8_000;

/** @returns {Promise<string>} wrangler's standard output; rejects with its output's tail when it fails. */
export function runWrangler(args) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(NODE, [WRANGLER, ...args], {
      cwd: ROOT,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", FORCE_COLOR: "0", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let tail = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk.toString();
      tail = (tail + chunk.toString()).slice(-ERROR_TAIL_CHARS);
    });
    child.stderr.on("data", (chunk) => {
      tail = (tail + chunk.toString()).slice(-ERROR_TAIL_CHARS);
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolvePromise(stdout);
      else
        reject(new Error(`wrangler ${args.join(" ")} failed (code ${code}, signal ${signal}). Its output:\n${tail}`));
    });
  });
}
