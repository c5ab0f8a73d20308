import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contentHashOf } from "../../worker/domain/configuration/canonical";
import { EMPTY_DOCUMENT } from "../../worker/domain/configuration/document";
import { readDocument } from "../../worker/domain/configuration/read-document";
import { documentArbitrary } from "./arbitrary-document";
import { BASE_DOCUMENT } from "./documents";

/** The canonical text the hashes stored before `canonicalJson` were computed from (kept here as the reference). */
function referenceText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(referenceText).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${referenceText(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

async function referenceHash(value: unknown): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(referenceText(value)));
  return `sha256:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

describe("contentHash: stored hashes stay valid", () => {
  it("the empty document and the base document keep the hashes they had", async () => {
    expect(await contentHashOf(EMPTY_DOCUMENT)).toBe(
      "sha256:a9fef1dabcd016e0acfccc81833ac3dab5baeffa1d080829b48fb52a283611d4",
    );
    // Re-pinned by issue 12: the base document's rating stage now fits its stage type (CONTRACT 5.4).
    const base = readDocument(BASE_DOCUMENT, EMPTY_DOCUMENT).document;
    expect(base).not.toBeNull();
    expect(await contentHashOf(base ?? EMPTY_DOCUMENT)).toBe(
      "sha256:25b7b7a0b35fc11374635071d3ae4c7398ee40a4c44a2eb9a03dcd73de574569",
    );
  });

  it("every valid document hashes as it did before", async () => {
    await fc.assert(
      fc.asyncProperty(documentArbitrary, async (input) => {
        const { document } = readDocument(input, EMPTY_DOCUMENT);
        if (!document) return;
        expect(await contentHashOf(document)).toBe(await referenceHash(document));
      }),
      { numRuns: 100 },
    );
  });
});
