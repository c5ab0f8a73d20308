// Copies the pinned Scalar reference bundle (@scalar/api-reference, an exact dependency) into public/docs/,
// where Workers static assets serve it at /docs/scalar.js: the reference page then loads nothing from the
// internet. Run by `npm start`, the e2e test and the benchmark (through dev-server.mjs) and before deploy.
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

export function copyReferenceAssets() {
  const require = createRequire(import.meta.url);
  const bundle = join(dirname(require.resolve("@scalar/api-reference")), "browser/standalone.js");
  const target = join(root, "public/docs/scalar.js");
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(bundle, target);
  return target;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(`copied ${copyReferenceAssets()}`);
