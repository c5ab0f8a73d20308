// The [build] command of wrangler.toml (scripts/reference-assets.mjs), which `wrangler dev` runs again on every
// change in its watched folders: it writes the reference script module only when it does not hold the bundle.
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { referenceScriptSource, writeReferenceScript } from "../../scripts/reference-assets.mjs";

const dir = mkdtempSync(join(tmpdir(), "iop-reference-"));
const target = join(dir, "generated", "reference-script.gz.bin");
const decoded = () => gunzipSync(readFileSync(target));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the reference script module's build step", () => {
  it("writes the pinned bundle gzipped where there is none, then leaves it untouched while it holds the bundle", () => {
    expect(writeReferenceScript(target)).toEqual({ path: target, written: true });
    expect(decoded().equals(referenceScriptSource())).toBe(true);

    // An old time stamp shows whether a second run wrote the file again.
    utimesSync(target, 1_000, 1_000);
    expect(writeReferenceScript(target)).toEqual({ path: target, written: false });
    expect(statSync(target).mtimeMs).toBe(1_000_000);
  });

  it.each([
    ["another script", () => gzipSync("console.log('not the reference');")],
    ["half a file", () => readFileSync(target).subarray(0, 1_000)],
    ["bytes that are not gzip", () => Buffer.from("plain text")],
  ])("writes the bundle again over %s", (_what, bytes) => {
    writeReferenceScript(target);
    writeFileSync(target, bytes());
    expect(writeReferenceScript(target).written).toBe(true);
    expect(decoded().equals(referenceScriptSource())).toBe(true);
  });
});

describe("wrangler.toml's watched folders", () => {
  it("hold every source file the worker is bundled from, so a change to any of them reloads npm start", async () => {
    const root = resolve(import.meta.dirname, "../..");
    const { build: config } = unstable_readConfig({ config: join(root, "wrangler.toml") }, { hideWarnings: true });
    const watched = [config.watch_dir].flat().map((dir) => resolve(root, dir));
    // The bundle's own inputs, as wrangler's bundler (esbuild) resolves them from `main`.
    const { metafile } = await build({
      entryPoints: [join(root, "worker/index.ts")],
      absWorkingDir: root,
      bundle: true,
      write: false,
      metafile: true,
      format: "esm",
      platform: "neutral",
      conditions: ["workerd", "worker", "browser"],
      mainFields: ["module", "main"],
      external: ["cloudflare:*", "node:*"],
      loader: { ".bin": "binary" },
      logLevel: "silent",
    });
    const sources = Object.keys(metafile.inputs).filter((input) => !input.includes("node_modules"));
    expect(sources.length).toBeGreaterThan(100);
    const unwatched = sources.filter(
      (input) => !watched.some((dir) => !relative(dir, resolve(root, input)).startsWith("..")),
    );
    expect(unwatched).toEqual([]);
  });
});
