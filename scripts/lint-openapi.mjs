// Builds the OpenAPI description from the same zod schemas the worker validates with, then lints it
// with Spectral's OpenAPI ruleset. Fails on any error-severity finding.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { registerHooks } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tsImport } from "tsx/esm/api";
import { writeReferenceScript } from "./reference-assets.mjs";

// The worker imports a `.bin` file as its bytes (a Data module, as wrangler bundles it); so does Node here. The
// reference script's is made from the locked package, not committed: a fresh clone has it only once written.
writeReferenceScript();
registerHooks({
  load(url, context, nextLoad) {
    const file = new URL(url);
    if (!file.pathname.endsWith(".bin")) return nextLoad(url, context);
    file.search = ""; // tsx marks the modules it loads with a query
    const source = `import { readFileSync } from "node:fs";
const bytes = readFileSync(new URL(${JSON.stringify(file.href)}));
export default bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);`;
    return { format: "module", source, shortCircuit: true };
  },
});

const { buildApp } = await tsImport("../worker/app.ts", import.meta.url);
const { openApiDocument } = await tsImport("../worker/openapi.ts", import.meta.url);
const document = openApiDocument(buildApp());
const file = join(mkdtempSync(join(tmpdir(), "openapi-")), "openapi.json");
writeFileSync(file, JSON.stringify(document, null, 2));

const result = spawnSync("spectral", ["lint", file, "--ruleset", ".spectral.yaml", "--fail-severity", "error"], {
  stdio: "inherit",
});
process.exit(result.status ?? 1);
