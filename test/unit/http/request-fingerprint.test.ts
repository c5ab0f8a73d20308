import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bodyFingerprint, MAX_FINGERPRINT_BODY_BYTES } from "../../../worker/http/request-fingerprint";
import { multipartBody, type Part } from "../../attachments/multipart";

/** A body delivered in the given chunk sizes (the last chunk takes the rest). */
function streamOf(bytes: Uint8Array, chunkSizes: number[] = []): ReadableStream<Uint8Array> {
  let offset = 0;
  let turn = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      const size = chunkSizes[turn++] ?? bytes.length;
      controller.enqueue(bytes.slice(offset, offset + Math.max(1, size)));
      offset += Math.max(1, size);
    },
  });
}

const multipartType = (boundary: string) => `multipart/form-data; boundary=${boundary}`;
const fingerprintOf = (parts: Part[], boundary: string, chunkSizes?: number[]) =>
  bodyFingerprint(multipartType(boundary), streamOf(multipartBody(parts, boundary), chunkSizes));

/** How the fingerprint described a multipart body before it streamed: through the runtime's whole-body form reader. */
async function formDataDescription(parts: Part[], boundary: string) {
  const form = await new Response(multipartBody(parts, boundary), {
    headers: { "Content-Type": multipartType(boundary) },
  }).formData();
  const described: unknown[] = [];
  for (const [name, value] of form) {
    if (typeof value === "string") described.push([name, value]);
    else {
      const digest = await crypto.subtle.digest("SHA-256", await value.arrayBuffer());
      const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
      described.push([name, value.name, value.type, hex]);
    }
  }
  return `multipart\n${JSON.stringify(described)}`;
}

const partArbitrary: fc.Arbitrary<Part> = fc.oneof(
  fc.record({
    name: fc.constantFrom("name", "folderId", "batchId", "note"),
    value: fc.string({ unit: "grapheme", maxLength: 40 }),
  }),
  // An empty filename makes a text part, and a file part may name no media type, as the form reader reads them.
  fc.record(
    {
      name: fc.constant("file"),
      filename: fc.stringMatching(/^[a-z0-9 ._-]{0,20}$/),
      contentType: fc.constantFrom("text/plain", "application/pdf", "image/png"),
      value: fc.uint8Array({ maxLength: 300 }),
    },
    { requiredKeys: ["name", "filename", "value"] },
  ),
);
const partsArbitrary = fc.array(partArbitrary, { minLength: 1, maxLength: 5 });
const chunkSizesArbitrary = fc.array(fc.integer({ min: 1, max: 64 }), { maxLength: 40 });

describe("the fingerprint of a multipart body (CONTRACT 8.1)", () => {
  it("is the same whatever the boundary and however the body arrives in chunks", async () => {
    await fc.assert(
      fc.asyncProperty(partsArbitrary, chunkSizesArbitrary, async (parts, chunkSizes) => {
        const first = await fingerprintOf(parts, "fp-boundary-one-7f3a91");
        expect(first).not.toBeNull();
        expect(await fingerprintOf(parts, "fp-boundary-two-c04e2d", chunkSizes)).toBe(first);
      }),
      { numRuns: 60 },
    );
  });

  it("describes the parts as the runtime's form reader did, so keys saved before streaming still match", async () => {
    await fc.assert(
      fc.asyncProperty(partsArbitrary, async (parts) => {
        expect(await fingerprintOf(parts, "fp-boundary-b81")).toBe(await formDataDescription(parts, "fp-boundary-b81"));
      }),
      { numRuns: 60 },
    );
  });

  it("changes with any part's name, text, filename, media type or bytes, or the parts' order", async () => {
    const file: Part = { name: "file", filename: "a.txt", contentType: "text/plain", value: "hello" };
    const text: Part = { name: "name", value: "Policy schedule" };
    const base = await fingerprintOf([file, text], "b1");
    const variants: Part[][] = [
      [{ ...file, value: "hellp" }],
      [{ ...file, filename: "b.txt" }],
      [{ ...file, contentType: "application/pdf" }],
      [file, { ...text, value: "Policy schedul" }],
      [file, { ...text, name: "batchId" }],
      [text, file],
    ].map((variant) => (variant.length === 1 ? [...variant, text] : variant));
    const others = await Promise.all(variants.map((parts) => fingerprintOf(parts, "b1")));
    expect(new Set([base, ...others]).size).toBe(variants.length + 1);
  });

  it("is null for a body that is not well-formed or has no boundary", async () => {
    const cut = new TextEncoder().encode(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nhello',
    );
    expect(await bodyFingerprint(multipartType("b"), streamOf(cut))).toBeNull();
    expect(await bodyFingerprint("multipart/form-data", streamOf(cut))).toBeNull();
  });
});

/** A body that never ends, counting what was read of it and whether it was cancelled. */
function endlessBody(chunkBytes: number) {
  const seen = { bytes: 0, cancelled: false };
  const chunk = new Uint8Array(chunkBytes).fill(120);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      seen.bytes += chunk.length;
      controller.enqueue(chunk);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

describe("the fingerprint reads within its bound", () => {
  const chunkBytes = 1 << 20;
  // A pulled chunk or two may be queued ahead of the reader.
  const slack = 2 * chunkBytes;

  it("stops a body of other bytes past the bound, cancelling the rest, and is null", async () => {
    const { stream, seen } = endlessBody(chunkBytes);
    expect(await bodyFingerprint("text/plain", stream)).toBeNull();
    expect(seen.cancelled).toBe(true);
    expect(seen.bytes).toBeLessThanOrEqual(MAX_FINGERPRINT_BODY_BYTES + slack);
  });

  it("stops a multipart body past the bound, cancelling the rest, and is null", async () => {
    const { stream, seen } = endlessBody(chunkBytes);
    const head = new TextEncoder().encode('--b\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\n');
    const reader = stream.getReader();
    let sentHead = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!sentHead) {
          sentHead = true;
          return controller.enqueue(head);
        }
        const next = await reader.read();
        if (next.value) controller.enqueue(next.value);
      },
      cancel: () => reader.cancel(),
    });
    expect(await bodyFingerprint(multipartType("b"), body)).toBeNull();
    expect(seen.cancelled).toBe(true);
    expect(seen.bytes).toBeLessThanOrEqual(MAX_FINGERPRINT_BODY_BYTES + slack);
  });

  it("hashes a body of other bytes as the whole body's SHA-256, chunks or not", async () => {
    const bytes = new TextEncoder().encode("not json, not multipart");
    const hex = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("");
    expect(await bodyFingerprint("text/plain", streamOf(bytes, [3, 5, 1]))).toBe(`bytes text/plain\n${hex}`);
    expect(await bodyFingerprint("text/plain", null)).toBe("empty");
  });
});
