import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MalformedMultipart,
  MultipartBodyTooLarge,
  multipartBoundary,
  readMultipart,
} from "../../../worker/lib/multipart";

/**
 * The streaming multipart reader: whatever chunks the body arrives in, each part's headers and bytes come
 * out exactly as they were framed (RFC 2046), and the body and header limits hold.
 */

const encoder = new TextEncoder();
const LIMITS = { maxBodyBytes: 1 << 20, maxHeaderBytes: 1024 };

function frame(parts: Array<{ headers: string; body: Uint8Array }>, boundary: string, preamble = ""): Uint8Array {
  const pieces: Uint8Array[] = [encoder.encode(preamble)];
  for (const part of parts) {
    pieces.push(encoder.encode(`--${boundary}\r\n${part.headers}\r\n\r\n`), part.body, encoder.encode("\r\n"));
  }
  pieces.push(encoder.encode(`--${boundary}--\r\nepilogue`));
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

/** A stream delivering `bytes` cut at the given offsets. */
function streamOf(bytes: Uint8Array, cuts: number[]): ReadableStream<Uint8Array> {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    if (point > from) chunks.push(bytes.slice(from, point));
    from = Math.max(from, point);
  }
  return new ReadableStream({
    pull(controller) {
      const next = chunks.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

async function read(stream: ReadableStream<Uint8Array>, boundary: string, limits = LIMITS) {
  const parts: Array<{ headers: string; body: number[] }> = [];
  await readMultipart(
    stream,
    boundary,
    (headers) => {
      const part = { headers, body: [] as number[] };
      parts.push(part);
      return {
        data: (chunk) => {
          part.body.push(...chunk);
        },
        end: () => undefined,
      };
    },
    limits,
  );
  return parts;
}

describe("readMultipart", () => {
  it("gives back every part's headers and bytes, however the body is chunked", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            name: fc.stringMatching(/^[a-z]{1,8}$/),
            // Bodies full of CR, LF and dashes, so partial delimiters abound.
            body: fc.uint8Array({ maxLength: 200 }).map((b) => b.map((x) => [13, 10, 45, x][x % 4] ?? x)),
          }),
          { maxLength: 5 },
        ),
        fc.array(fc.nat(2000), { maxLength: 30 }),
        async (parts, cuts) => {
          const boundary = "--b0undary--x";
          const framed = parts.map((p) => ({
            headers: `Content-Disposition: form-data; name="${p.name}"`,
            body: p.body,
          }));
          const got = await read(streamOf(frame(framed, boundary, "preamble\r\n"), cuts), boundary);
          expect(got).toEqual(framed.map((p) => ({ headers: p.headers, body: [...p.body] })));
        },
      ),
    );
  });

  it("refuses a body that ends before the closing delimiter, or never opens", async () => {
    const boundary = "xyz";
    const whole = frame([{ headers: 'Content-Disposition: form-data; name="a"', body: encoder.encode("1") }], boundary);
    await expect(read(streamOf(whole.slice(0, whole.length - 14), []), boundary)).rejects.toThrow(MalformedMultipart);
    await expect(read(streamOf(encoder.encode("no delimiters here"), []), boundary)).rejects.toThrow(
      MalformedMultipart,
    );
  });

  it("stops at the body limit and at over-long part headers", async () => {
    const boundary = "xyz";
    const big = frame([{ headers: 'Content-Disposition: form-data; name="a"', body: new Uint8Array(5000) }], boundary);
    await expect(
      read(streamOf(big, [100, 200]), boundary, { maxBodyBytes: 4000, maxHeaderBytes: 1024 }),
    ).rejects.toThrow(MultipartBodyTooLarge);
    const headers = `Content-Disposition: form-data; name="a"; x="${"h".repeat(2000)}"`;
    const longHeaders = frame([{ headers, body: new Uint8Array(1) }], boundary);
    await expect(read(streamOf(longHeaders, []), boundary)).rejects.toThrow(MalformedMultipart);
  });
});

describe("multipartBoundary", () => {
  it("reads a quoted or token boundary of 1 to 70 characters", () => {
    expect(multipartBoundary("multipart/form-data; boundary=abc")).toBe("abc");
    expect(multipartBoundary('multipart/form-data; BOUNDARY="a b:c"')).toBe("a b:c");
    expect(multipartBoundary("multipart/form-data")).toBeNull();
    expect(multipartBoundary(`multipart/form-data; boundary=${"x".repeat(71)}`)).toBe("x".repeat(70));
  });
});
