import { Scalar } from "@scalar/hono-api-reference";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";

/** The pinned reference bundle, served by Workers static assets (scripts/reference-assets.mjs). */
export const REFERENCE_SCRIPT = "/docs/scalar.js";

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
