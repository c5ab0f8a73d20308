import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { urlParts } from "../../../worker/lib/url-parts";

/** The audit row's path and query must be what the URL parser gives for a request's (serialized) URL. */
describe("urlParts (worker/lib/url-parts.ts)", () => {
  it.each([
    [
      "http://127.0.0.1:8787/api/v1/companies/c1/entities/exposure?force=true&x=1",
      "/api/v1/companies/c1/entities/exposure",
      "force=true&x=1",
    ],
    ["https://api.example.com/health", "/health", ""],
    ["https://api.example.com/health?", "/health", ""],
    ["https://api.example.com", "/", ""],
    ["https://api.example.com?q=1", "/", "q=1"],
    ["https://api.example.com/a%20b/c?d=%3F#frag?not=query", "/a%20b/c", "d=%3F"],
    ["https://api.example.com/p#only?fragment", "/p", ""],
  ])("%s", (url, path, query) => {
    expect(urlParts(url)).toEqual({ path, query });
    const parsed = new URL(url);
    expect({ path: parsed.pathname, query: parsed.search.slice(1) }).toEqual({ path, query });
  });

  it("agrees with the URL parser on any serialized URL", () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (raw) => {
        const url = new URL(raw);
        expect(urlParts(url.href)).toEqual({ path: url.pathname, query: url.search.slice(1) });
      }),
      { numRuns: 2_000 },
    );
  });
});
