// Writes the pinned Scalar reference bundle (@scalar/api-reference, an exact dependency), gzipped, to
// worker/generated/reference-script.gz.bin, which the worker imports as bytes (a Data module) and serves at
// /docs/scalar.js: the reference page then loads nothing from the internet. Run by `wrangler dev` and
// `wrangler deploy` (the [build] command of wrangler.toml, so `npm start`, the benchmark and the e2e test too), by
// the test configuration and by the OpenAPI lint. The file is not committed: it is made from the locked dependency.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The pinned bundle's text, as the package ships it. */
export function referenceScriptSource() {
  const require = createRequire(import.meta.url);
  return readFileSync(join(dirname(require.resolve("@scalar/api-reference")), "browser/standalone.js"));
}

/** Writes the gzipped bundle the worker imports; returns its path. */
export function writeReferenceScript() {
  const target = join(root, "worker/generated/reference-script.gz.bin");
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, gzipSync(referenceScriptSource(), { level: 9 }));
  return target;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(`wrote ${writeReferenceScript()}`);
