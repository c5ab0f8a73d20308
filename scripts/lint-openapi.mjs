// Builds the OpenAPI description from the same zod schemas the worker validates with, then lints it
// with Spectral's OpenAPI ruleset. Fails on any error-severity finding.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tsImport } from "tsx/esm/api";

const { buildApp } = await tsImport("../worker/app.ts", import.meta.url);
const { openApiDocument } = await tsImport("../worker/openapi.ts", import.meta.url);
const document = openApiDocument(buildApp());
const file = join(mkdtempSync(join(tmpdir(), "openapi-")), "openapi.json");
writeFileSync(file, JSON.stringify(document, null, 2));

const result = spawnSync("spectral", ["lint", file, "--ruleset", ".spectral.yaml", "--fail-severity", "error"], {
  stdio: "inherit",
});
process.exit(result.status ?? 1);
