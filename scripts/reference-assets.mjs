// Writes the pinned Scalar reference bundle (@scalar/api-reference, an exact dependency), gzipped, to
// worker/generated/reference-script.gz.bin, which the worker imports as bytes (a Data module) and serves at
// /docs/scalar.js: the reference page then loads nothing from the internet. Run by `wrangler dev` and
// `wrangler deploy` (the [build] command of wrangler.toml, so `npm start`, the benchmark and the e2e test too), by
// the test configuration and by the OpenAPI lint. The file is not committed: it is made from the locked dependency.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** Where the worker imports the module from. */
export const REFERENCE_MODULE = join(root, "worker/generated/reference-script.gz.bin");

/** The pinned bundle's text, as the package ships it. */
export function referenceScriptSource() {
  const require = createRequire(import.meta.url);
  return readFileSync(join(dirname(require.resolve("@scalar/api-reference")), "browser/standalone.js"));
}

/** Whether the file at `target` already holds exactly `source`, gzipped (a partial or foreign file does not). */
function holds(target, source) {
  if (!existsSync(target)) return false;
  try {
    return gunzipSync(readFileSync(target)).equals(source);
  } catch {
    return false;
  }
}

/**
 * Writes the gzipped bundle the worker imports, unless the file already holds it: `wrangler dev` runs this on
 * every change in its watched folders, the worker's own among them, so a write each time would set off the
 * next build. Written whole under another name, then renamed, so a bundler reading it meanwhile (a test run
 * beside `npm start`) never reads half a file. Says whether it wrote.
 */
export function writeReferenceScript(target = REFERENCE_MODULE) {
  const source = referenceScriptSource();
  if (holds(target, source)) return { path: target, written: false };
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.partial`;
  writeFileSync(partial, gzipSync(source, { level: 9 }));
  renameSync(partial, target);
  return { path: target, written: true };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { path, written } = writeReferenceScript();
  console.log(written ? `wrote ${path}` : `${path} is up to date`);
}
