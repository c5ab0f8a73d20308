import { Scalar } from "@scalar/hono-api-reference";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";

const SCALAR_CDN = "https://cdn.jsdelivr.net";

/**
 * The reference page's Content-Security-Policy: its scripts only from the CDN that serves Scalar and
 * with this answer's nonce (no other inline script runs), styles and fonts from the CDN and Google
 * Fonts, requests only to this service, and never framed.
 */
const policyOf = (nonce: string) =>
  [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' ${SCALAR_CDN}`,
    `style-src 'self' 'unsafe-inline' ${SCALAR_CDN} https://fonts.googleapis.com`,
    `font-src 'self' data: ${SCALAR_CDN} https://fonts.gstatic.com`,
    "img-src 'self' data: https:",
    "connect-src 'self'",
    "worker-src blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");

/** `GET /docs`: the Scalar reference of `/openapi.json`, served with a per-answer nonce and its CSP. */
export const referencePage: MiddlewareHandler<AppEnv> = async (c, next) => {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const render = Scalar({ url: "/openapi.json", pageTitle: "Insurance Operations API", nonce });
  // Scalar's handler is typed for a plain Hono context; it reads nothing of ours.
  const response = await render(c as unknown as Parameters<typeof render>[0], next);
  if (response) response.headers.set("Content-Security-Policy", policyOf(nonce));
  return response;
};
