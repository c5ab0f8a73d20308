import { describe, expect, it } from "vitest";
import { call } from "../support/harness";

/**
 * The served description names only what is served (issue 8): each capability the overview names must
 * have at least one path, so the text cannot claim notes or financials before their routes exist.
 */
const CAPABILITY_PATHS: Record<string, RegExp> = {
  notes: /\/notes(\/|$)/,
  tasks: /\/tasks(\/|$)/,
  files: /\/files(\/|$)/,
  folders: /\/folders(\/|$)/,
  forms: /\/forms(\/|$)/,
  financials: /\/financials\//,
  invoices: /\/invoices/,
  "bill review": /\/bill-review/,
  policies: /\/policies\//,
  "custom objects": /\/custom-objects\//,
  relationships: /\/relationships\//,
  configuration: /\/configuration\//,
  "audit log": /\/audit-log$/,
  "earned premium": /\/earned-premium$/,
  bordereau: /\/bordereau\//,
};

describe("the served OpenAPI description", () => {
  it("names in its overview only capabilities that have paths", async () => {
    const document = (await call("GET", "/openapi.json")).json as {
      info: { description: string };
      paths: Record<string, unknown>;
    };
    const overview = document.info.description.split("**Authentication.**")[0]?.toLowerCase() ?? "";
    const paths = Object.keys(document.paths);
    const named = Object.entries(CAPABILITY_PATHS).filter(([word]) => overview.includes(word));
    expect(named.length).toBeGreaterThan(3);
    for (const [word, pattern] of named) {
      expect(
        paths.some((path) => pattern.test(path)),
        `the overview names ${word} but no path serves it`,
      ).toBe(true);
    }
  });

  it("has a tag for every tag an operation uses, and uses every tag it declares", async () => {
    const document = (await call("GET", "/openapi.json")).json as {
      tags: Array<{ name: string }>;
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const declared = new Set(document.tags.map((t) => t.name));
    const used = new Set(
      Object.values(document.paths).flatMap((item) => Object.values(item).flatMap((op) => op.tags ?? [])),
    );
    expect([...used].filter((t) => !declared.has(t))).toEqual([]);
    expect([...declared].filter((t) => !used.has(t))).toEqual([]);
  });
});
