import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCompany } from "../support/harness";
import { documentArbitrary } from "./arbitrary-document";

describe("export then import of the export is a no-op", () => {
  it("holds for generated documents in every accepted spelling", async () => {
    // Direction of line item types is immutable per company; a fresh company per run keeps runs independent.
    await fc.assert(
      fc.asyncProperty(documentArbitrary, async (document) => {
        const run = await createCompany();
        const key = await run.key(["SUPER_ADMIN"]);
        const imported = await run.call("POST", "/configuration/import", key, { body: document });
        expect(imported.status, JSON.stringify(imported.json)).toBe(200);

        const exported = (await run.call("GET", "/configuration/export", key)).json;
        expect(exported.contentHash).toBe(imported.json.contentHash);
        const again = await run.call("POST", "/configuration/import", key, { body: exported });
        expect(again.json.changed).toBe(false);
        expect(again.json.contentHash).toBe(exported.contentHash);
        for (const diff of Object.values<any>(again.json.changes)) {
          if (typeof diff === "object") expect(diff.additions + diff.updates + diff.deletes).toBe(0);
        }
        expect((await run.call("GET", "/configuration/export", key)).json).toEqual(exported);

        const verdict = await run.call("POST", "/configuration/validate", key, { body: document });
        expect(verdict.json.isValid).toBe(true);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
