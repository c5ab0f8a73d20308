import type { Context } from "hono";
import { MAX_PART_HEADER_BYTES, MAX_UPLOAD_BODY_BYTES } from "../domain/files/limits";
import { readPartHeaders } from "../domain/files/part-headers";
import { canonicalJson } from "../lib/json";
import {
  isMultipartFormData,
  MalformedMultipart,
  MultipartBodyTooLarge,
  multipartBoundary,
  type PartReceiver,
  readMultipart,
} from "../lib/multipart";
import { StreamingSha256, sha256OfText } from "../lib/sha256";
import type { AppEnv } from "./context";

/**
 * The most body a fingerprint reads: the largest body any route reads (an upload's). A bigger body is refused
 * by its route (413), and the request's clone buffers what the fingerprint reads ahead of the route.
 */
export const MAX_FINGERPRINT_BODY_BYTES = MAX_UPLOAD_BODY_BYTES;

/**
 * A SHA-256 of what makes two requests the same one (CONTRACT 8.1): method, path and body, the body
 * compared as its kind is: JSON in canonical form (members sorted), `multipart/form-data` part by part
 * (names and order, text values, each file's name, media type and SHA-256: boundaries differ between
 * retries), anything else byte for byte. Only the digest is kept, never the body. Null when the body cannot
 * be read as its kind within the bound (malformed multipart, no boundary, too large): its route refuses it
 * 400, 413 or 415, so it holds no key.
 */
export async function requestFingerprint(c: Context<AppEnv>): Promise<string | null> {
  const head = `${c.req.method}\n${c.req.path}\n`;
  const json = c.get("jsonBody");
  if (json !== undefined) return sha256OfText(`${head}json\n${canonicalJson(json)}`);
  const request = c.req.raw.clone();
  const body = await bodyFingerprint(request.headers.get("Content-Type") ?? "", request.body);
  return body === null ? null : sha256OfText(`${head}${body}`);
}

/**
 * The body's part of a fingerprint, read as a stream within MAX_FINGERPRINT_BODY_BYTES: a file part is
 * hashed as it arrives, never collected. Null when the body is not what its media type says or is too large.
 */
export async function bodyFingerprint(
  contentType: string,
  body: ReadableStream<Uint8Array> | null,
): Promise<string | null> {
  if (!body) return "empty";
  if (!isMultipartFormData(contentType)) {
    const bytes = await streamedDigest(body);
    return bytes === null ? null : `bytes ${contentType}\n${bytes}`;
  }
  const boundary = multipartBoundary(contentType);
  if (!boundary) {
    await body.cancel().catch(() => undefined);
    return null;
  }
  const parts = await multipartParts(body, boundary);
  return parts === null ? null : `multipart\n${JSON.stringify(parts)}`;
}

/** SHA-256 of a whole body, or null (the rest cancelled) once it passes the bound. */
async function streamedDigest(body: ReadableStream<Uint8Array>): Promise<string | null> {
  const digest = new StreamingSha256();
  const reader = body.getReader();
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > MAX_FINGERPRINT_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    await digest.write(read.value);
  }
  return digest.hex();
}

/**
 * Each part as `[name, text]`, or for a file part (one with a non-empty quoted filename, as the runtime's form
 * reader counts it) `[name, filename, media type or "", SHA-256]`. A part whose headers cannot be read is
 * described by their text: its upload is refused (400), and a retry of the same body still matches.
 */
async function multipartParts(body: ReadableStream<Uint8Array>, boundary: string): Promise<unknown[] | null> {
  const parts: unknown[] = [];
  const onPart = (headerText: string): PartReceiver => {
    const headers = readPartHeaders(headerText);
    if (headers?.filename) {
      const digest = new StreamingSha256();
      const { name, filename, contentType } = headers;
      return {
        data: (chunk) => digest.write(chunk),
        end: async () => {
          parts.push([name, filename, contentType ?? "", await digest.hex()]);
        },
      };
    }
    const text = new TextDecoder();
    let value = "";
    return {
      data: (chunk) => {
        value += text.decode(chunk, { stream: true });
      },
      end: () => {
        value += text.decode();
        parts.push(headers ? [headers.name, value] : [{ unreadHeaders: headerText }, value]);
      },
    };
  };
  try {
    await readMultipart(body, boundary, onPart, {
      maxBodyBytes: MAX_FINGERPRINT_BODY_BYTES,
      maxHeaderBytes: MAX_PART_HEADER_BYTES,
    });
  } catch (error) {
    if (error instanceof MalformedMultipart || error instanceof MultipartBodyTooLarge) return null;
    throw error;
  }
  return parts;
}
