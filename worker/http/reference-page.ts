import { Scalar } from "@scalar/hono-api-reference";
import type { MiddlewareHandler } from "hono";
import referenceScriptGzip from "../generated/reference-script.gz.bin";
import { hexOf } from "../lib/sha256";
import { acceptsGzip, entityTagListed } from "./content-negotiation";
import type { AppEnv } from "./context";

/** Where the page loads the pinned reference bundle from (`referenceScriptResponse`). */
export const REFERENCE_SCRIPT = "/docs/scalar.js";
/** The bundle is public: any cache may keep it, revalidating by its ETag each time. */
export const REFERENCE_SCRIPT_CACHING = "public, max-age=0, must-revalidate";

/**
 * The reference page's Content-Security-Policy: scripts only from this service and with this answer's
 * nonce (no other inline script runs), styles inline or from this service, requests only to this
 * service, and never framed. Nothing is loaded from the internet, so the page works offline.
 */
const policyOf = (nonce: string) =>
  [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "img-src 'self' data:",
    "connect-src 'self'",
    "worker-src blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");

/** `GET /docs`: the Scalar reference of `/openapi.json`, served with a per-answer nonce and its CSP. */
export const referencePage: MiddlewareHandler<AppEnv> = async (c, next) => {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const render = Scalar({
    url: "/openapi.json",
    pageTitle: "Insurance Operations API",
    nonce,
    cdn: REFERENCE_SCRIPT,
    withDefaultFonts: false,
  });
  // Scalar's handler is typed for a plain Hono context; it reads nothing of ours.
  const response = await render(c as unknown as Parameters<typeof render>[0], next);
  if (response) response.headers.set("Content-Security-Policy", policyOf(nonce));
  return response;
};

/**
 * The bundle's entity tag: the start of its gzip bytes' SHA-256, computed once per isolate. The string is kept,
 * not the promise: a request must not wait on a promise another request's work settles (Workers' I/O contexts).
 */
let referenceScriptTag: string | undefined;
async function referenceScriptTagOf(): Promise<string> {
  if (referenceScriptTag === undefined) {
    const hex = hexOf(await crypto.subtle.digest("SHA-256", referenceScriptGzip));
    referenceScriptTag = `"${hex.slice(0, 32)}"`;
  }
  return referenceScriptTag;
}

/**
 * The answer of `GET /docs/scalar.js` (`worker/routes/system/reference-script.ts`): the pinned Scalar bundle, which
 * scripts/reference-assets.mjs gzips into a Data module of the worker, so no static-assets router stands in front
 * of every API call. Sent as stored with `Content-Encoding: gzip` to a client that accepts it, decompressed
 * otherwise; revalidated by its ETag (304).
 */
export async function referenceScriptResponse(ifNoneMatch?: string, acceptEncoding?: string): Promise<Response> {
  const etag = await referenceScriptTagOf();
  const headers: Record<string, string> = {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": REFERENCE_SCRIPT_CACHING,
    ETag: etag,
    Vary: "Accept-Encoding",
  };
  if (entityTagListed(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  if (acceptsGzip(acceptEncoding))
    return new Response(referenceScriptGzip, {
      headers: { ...headers, "Content-Encoding": "gzip" },
      encodeBody: "manual", // the bytes are gzip already: the runtime must not encode them again
    });
  const text = new Response(referenceScriptGzip).body?.pipeThrough(new DecompressionStream("gzip"));
  return new Response(text, { headers });
}
