// The [build] command of wrangler.toml (scripts/reference-assets.mjs), which `wrangler dev` runs again on every
// change in its watched folders: it writes the reference script module only when it does not hold the bundle.
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
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
