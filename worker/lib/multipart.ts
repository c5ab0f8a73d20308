/**
 * A streaming `multipart/form-data` reader (RFC 7578 over RFC 2046 framing). It reads the body once, in
 * the chunks the runtime delivers, and hands each part's bytes to a receiver as they arrive: no part is
 * collected here, so a file part can go on to storage while the body is still arriving. Receivers are
 * awaited, so a slow receiver slows the reading (backpressure) instead of growing a buffer.
 */

/** What receives one part's body; `end` is called once the part's closing delimiter has been read. */
export interface PartReceiver {
  data(chunk: Uint8Array): void | Promise<void>;
  end(): void | Promise<void>;
}

export interface MultipartLimits {
  /** The whole body may be at most this many bytes (else `MultipartBodyTooLarge`). */
  maxBodyBytes: number;
  /** The header block of one part may be at most this many bytes (else `MalformedMultipart`). */
  maxHeaderBytes: number;
}

/** The body does not follow the multipart framing (no boundary, a part cut short, headers too long). */
export class MalformedMultipart extends Error {}

/** The body went past `maxBodyBytes`; reading stopped there. */
export class MultipartBodyTooLarge extends Error {}

/** The `boundary` parameter of a `multipart/form-data` media type, or null (RFC 2046: 1 to 70 characters). */
export function multipartBoundary(contentType: string): string | null {
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^";\s]{1,70}))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2] ?? null;
  return boundary && !boundary.endsWith(" ") ? boundary : null;
}

/** True when the media type (before its parameters) is `multipart/form-data`, in any letter case. */
export const isMultipartFormData = (contentType: string | null | undefined) =>
  (contentType ?? "").split(";")[0]?.trim().toLowerCase() === "multipart/form-data";

const CR = 13;
const LF = 10;
const DASH = 45;
const encoder = new TextEncoder();
const headerDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** First index of `needle` in `haystack` at or after `from`, or -1. */
export function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  if (first === undefined) return from;
  const last = haystack.length - needle.length;
  for (let i = haystack.indexOf(first, from); i !== -1 && i <= last; i = haystack.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

function concat(left: Uint8Array, right: Uint8Array): Uint8Array {
  if (left.length === 0) return right;
  const out = new Uint8Array(left.length + right.length);
  out.set(left, 0);
  out.set(right, left.length);
  return out;
}

type State = "preamble" | "after-delimiter" | "headers" | "body" | "epilogue";

/**
 * Reads `body` to its end, calling `onPart(headerText)` at each part and feeding the returned receiver.
 * Throws `MalformedMultipart` or `MultipartBodyTooLarge`, or whatever a receiver throws; on any throw the
 * rest of the body is cancelled, so the caller can answer at once.
 */
export async function readMultipart(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  onPart: (headerText: string) => PartReceiver,
  limits: MultipartLimits,
): Promise<void> {
  // Every delimiter is CRLF "--" boundary; a virtual CRLF in front lets the first one sit at offset 0.
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  const keep = delimiter.length - 1;
  const reader = body.getReader();
  let buffer: Uint8Array = encoder.encode("\r\n");
  let position = 0;
  let state = "preamble" as State;
  let receiver: PartReceiver | null = null;
  let received = 0;
  let finished = false;

  /** Advances through `buffer` as far as it allows; returns false when more bytes are needed. */
  const step = async (): Promise<boolean> => {
    switch (state) {
      case "preamble": {
        const at = indexOfBytes(buffer, delimiter, position);
        if (at === -1) {
          position = Math.max(position, buffer.length - keep);
          return false;
        }
        position = at + delimiter.length;
        state = "after-delimiter";
        return true;
      }
      case "after-delimiter": {
        if (buffer.length - position < 2) return false;
        if (buffer[position] === DASH && buffer[position + 1] === DASH) {
          state = "epilogue";
          return true;
        }
        // Transport padding (spaces, tabs) may follow a delimiter before its CRLF.
        let at = position;
        while (at < buffer.length && (buffer[at] === 32 || buffer[at] === 9)) at++;
        if (at + 1 >= buffer.length) {
          if (at - position > limits.maxHeaderBytes) throw new MalformedMultipart("boundary line too long");
          return false;
        }
        if (buffer[at] !== CR || buffer[at + 1] !== LF) throw new MalformedMultipart("boundary line not ended");
        position = at + 2;
        state = "headers";
        return true;
      }
      case "headers": {
        if (buffer.length - position < 2) return false;
        let text = "";
        if (buffer[position] === CR && buffer[position + 1] === LF) {
          position += 2;
        } else {
          const end = indexOfBytes(buffer, encoder.encode("\r\n\r\n"), position);
          if (end === -1) {
            if (buffer.length - position > limits.maxHeaderBytes) throw new MalformedMultipart("part headers too long");
            return false;
          }
          if (end - position > limits.maxHeaderBytes) throw new MalformedMultipart("part headers too long");
          try {
            text = headerDecoder.decode(buffer.subarray(position, end));
          } catch {
            throw new MalformedMultipart("part headers are not UTF-8");
          }
          position = end + 4;
        }
        receiver = onPart(text);
        state = "body";
        return true;
      }
      case "body": {
        const at = indexOfBytes(buffer, delimiter, position);
        const until = at === -1 ? buffer.length - keep : at;
        if (until > position) await receiver?.data(buffer.subarray(position, until));
        position = Math.max(position, until);
        if (at === -1) return false;
        await receiver?.end();
        receiver = null;
        position = at + delimiter.length;
        state = "after-delimiter";
        return true;
      }
      case "epilogue":
        // Whatever follows the closing delimiter is ignored (but still counted against the body limit).
        position = buffer.length;
        return false;
    }
  };

  try {
    for (;;) {
      while (await step()) {}
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
      if (received > limits.maxBodyBytes) throw new MultipartBodyTooLarge();
      buffer = concat(buffer.subarray(position), value);
      position = 0;
    }
    finished = true;
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  if (state !== "epilogue") throw new MalformedMultipart("the body ended before the closing boundary");
}
