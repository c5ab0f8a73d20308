import type { MiddlewareHandler } from "hono";
import { ApiError } from "../errors/api-error";
import { nestsDeeperThan } from "../lib/json";
import type { AppEnv } from "./context";

/** Request body bounds (CONTRACT 8.3). */
export const BODY_LIMITS = {
  /** Every JSON body. */
  json: 1024 * 1024,
  /** A configuration document (import, validate, compare). */
  configurationDocument: 5 * 1024 * 1024,
} as const;
export const MAX_JSON_DEPTH = 32;

const DECLARED_LENGTH = /^\d+$/;
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

export const isJsonMediaType = (contentType: string | undefined) =>
  !!contentType && JSON_MEDIA_TYPE.test(contentType.split(";")[0]?.trim() ?? "");

const mebibytes = (bytes: number) => `${bytes / (1024 * 1024)} MiB`;

const payloadTooLarge = (limit: number) =>
  new ApiError({
    code: "PayloadTooLarge",
    message: `Request body exceeds ${mebibytes(limit)}`,
    userMessages: [`The request body is larger than the ${mebibytes(limit)} this operation accepts.`],
  });

const tooDeep = () =>
  new ApiError({
    code: "VALIDATION_ERROR",
    message: `Invalid body: JSON is nested deeper than ${MAX_JSON_DEPTH} levels`,
    userMessages: [`The request body nests objects and lists deeper than ${MAX_JSON_DEPTH} levels.`],
    details: [{ field: "body", message: `must not nest deeper than ${MAX_JSON_DEPTH} levels` }],
  });

const prototypeMember = () =>
  new ApiError({
    code: "VALIDATION_ERROR",
    message: "Invalid body: __proto__ is not accepted as a member name",
    userMessages: ["The request body uses __proto__ as a member name, which is not accepted."],
    details: [{ field: "__proto__", message: "is not accepted as a member name" }],
  });

/**
 * True when parsed JSON has a member named `__proto__` at any depth: JSON.parse makes it an own member,
 * but any copy by assignment would set the copy's prototype instead. Only run when the text names it.
 */
function hasPrototypeMember(text: string): boolean {
  let found = false;
  JSON.parse(text, (key, value) => {
    if (key === "__proto__") found = true;
    return value;
  });
  return found;
}

const malformed = () =>
  new ApiError({
    code: "VALIDATION_ERROR",
    message: "Malformed JSON in request body",
    userMessages: ["The request body is not valid JSON."],
  });

/** Cancels an unread body, so the client reads the answer instead of a broken connection. */
export async function discardBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  await request.body.cancel().catch(() => undefined);
}

/** The body's text, or null once more than `limit` bytes arrived (the rest is cancelled, never read). */
async function readWithin(body: ReadableStream<Uint8Array>, limit: number): Promise<string | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * Reads a JSON request body once, within `limit` bytes, before any validator parses it: a declared or
 * actual size over the limit is 413 `PayloadTooLarge` (the unread rest cancelled), nesting deeper than
 * 32 levels or malformed text is 400 `VALIDATION_ERROR`. The parsed body is kept (`jsonBody`) for the
 * audit row's `batchId`, and the text for the route's validator. Other media types pass untouched (the
 * route's media-type gate answers 415; file uploads keep their own limit).
 */
export function boundedJsonBody(
  limit: number = BODY_LIMITS.json,
  /** The route's body is optional: an empty one with a JSON content type is no body (`{}`), not malformed JSON. */
  optional = false,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const request = c.req.raw;
    if (request.bodyUsed || !isJsonMediaType(c.req.header("content-type"))) return next();
    const cache = c.req.bodyCache as Record<string, Promise<unknown>>;
    if (!request.body) {
      if (optional) cache.json = Promise.resolve({});
      return next();
    }
    const length = c.req.header("content-length");
    const declared = Number(length ?? 0);
    if (declared > limit) {
      await discardBody(request);
      throw payloadTooLarge(limit);
    }
    // A declared length frames the body (the runtime reads exactly that many bytes), so within the limit it
    // is read whole; only a body of unknown length is counted as it streams.
    const text =
      length !== undefined && DECLARED_LENGTH.test(length)
        ? await request.text()
        : await readWithin(request.body, limit);
    if (text === null) throw payloadTooLarge(limit);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw tooDeep();
    let parsed: unknown;
    try {
      parsed = text.trim() === "" ? undefined : JSON.parse(text);
    } catch {
      throw malformed();
    }
    if (text.includes('"__proto__"') && hasPrototypeMember(text)) throw prototypeMember();
    // Hono's body cache holds promises; the route's validator reads the text (or the value) from here.
    if (optional && parsed === undefined) cache.json = Promise.resolve({});
    else cache.text = Promise.resolve(text);
    c.set("jsonBody", parsed);
    await next();
  };
}
