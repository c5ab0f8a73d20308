import type { Context, MiddlewareHandler } from "hono";
import { database } from "../db/client";
import { insertAuditRows } from "../db/queries/audit-log";
import { BOOKMARK_HEADER } from "../db/request-session";
import { logFailure } from "../lib/log";
import { urlParts } from "../lib/url-parts";
import { AUDIT_ROWS_MESSAGE, type AuditSink, writeAuditRows } from "../operations/audit/write-audit-rows";
import { AuditBuffer } from "./audit-buffer";
import type { AppEnv } from "./context";
import { rateLimitHeaders } from "./rate-limit";
import { REFERENCE_SCRIPT } from "./reference-page";
import { requestBatchId } from "./request-batch-id";

/** Unauthenticated liveness and documentation reads are not external calls on a company; skip them. */
const UNAUDITED = new Set(["/health", "/openapi.json", "/docs", REFERENCE_SCRIPT]);
/** A route's own `Cache-Control` that is kept: `no-store` (to which a route may add) or `public` (a public file). */
const OWN_CACHING_KEPT = /(^|,)\s*(no-store|public)\s*(,|$)/;
const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const COMPANY_IN_PATH = /^\/api(?:\/v1)?(?:\/external)?\/companies\/([^/]+)/;

/**
 * Records every external call, refused ones included, after the response is ready; the rows join this
 * isolate's audit buffer, written in `waitUntil` so it never delays the caller. Also stamps the request id, `Cache-Control: no-store`
 * (but on an answer its route declares `public`: the reference page's script, revalidated by its ETag) and `X-Content-Type-Options: nosniff` on every answer.
 */
export const auditAndHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  const startedAt = Date.now();
  const requestId = crypto.randomUUID();
  c.set("requestId", requestId);
  await next();
  const headers: Record<string, string> = { "X-Content-Type-Options": "nosniff", "X-Request-Id": requestId };
  // Every answer carries `no-store` (file content adds `no-transform`) but a route's declared public file.
  if (!OWN_CACHING_KEPT.test(c.res.headers.get("Cache-Control") ?? "")) headers["Cache-Control"] = "no-store";
  const rateLimit = c.get("rateLimit");
  if (rateLimit) Object.assign(headers, rateLimitHeaders(rateLimit));
  const bookmark = c.get("d1Session")?.bookmark();
  if (bookmark) headers[BOOKMARK_HEADER] = bookmark;
  stampHeaders(c, headers);

  const url = urlParts(c.req.url);
  if (UNAUDITED.has(url.path)) return;
  const timing = { requestId, durationMs: Date.now() - startedAt, createdAt: new Date(startedAt).toISOString() };
  const rows = describeCall(c, url).map((row) => ({
    id: crypto.randomUUID(),
    kind: "request" as const,
    ...timing,
    ...row,
  }));
  const write = auditRows.add(rows, (taken) => writeAuditRows(taken, auditSink(c.env)));
  if (write) c.executionCtx.waitUntil(write);
};

/**
 * Sets headers on the finished answer in place: Hono's `c.header` copies the whole response once per header
 * after a route has answered (eight copies an answer here, issue 16's profile). An answer whose headers
 * cannot change (one passed through from a fetch) is copied once.
 */
function stampHeaders(c: Context<AppEnv>, headers: Record<string, string>): void {
  let target = c.res;
  try {
    for (const [name, value] of Object.entries(headers)) target.headers.set(name, value);
  } catch {
    target = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(headers)) target.headers.set(name, value);
    c.res = target;
  }
}

/** This isolate's unwritten audit rows: one D1 batch for the calls of a few milliseconds. */
const auditRows = new AuditBuffer();

/** Where the buffer writes: D1 first, the background queue when that fails. */
function auditSink(env: AppEnv["Bindings"]): AuditSink {
  return {
    write: (rows) => insertAuditRows(database(env.DB), rows),
    retryLater: (rows) =>
      env.BACKGROUND.send({
        type: AUDIT_ROWS_MESSAGE,
        messageId: rows[0]?.id ?? crypto.randomUUID(),
        companyId: rows[0]?.companyId ?? "",
        payload: { rows },
      }).then(() => undefined),
    lost: (rows, error) => logFailure("audit-rows-lost", error, { rows: rows.length, firstRowId: rows[0]?.id }),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The audit rows of one call (issue 10, item 10):
 * - the query string is kept (`detail.query`), so a forced import (`?force=true`) reads as one;
 * - a call that failed authentication goes to the platform log (no company), with no body-derived value
 *   (CONTRACT 8.3): nobody without a valid key can place a row or a `batchId` in a company's log;
 * - a valid key naming another company's path is logged in its own company's log (`detail.companyIdInPath`)
 *   and in the log of the company it tried to reach (`detail.crossCompany`), there without its `batchId`.
 */
function describeCall(c: Context<AppEnv>, url: { path: string; query: string }) {
  const actor = c.get("actor");
  const { path, query } = url;
  // Only a well-formed company id is kept apart from the path (anything else cannot name a company).
  const named = COMPANY_IN_PATH.exec(path)?.[1] ?? null;
  const companyIdInPath = named && UUID.test(named) ? named : null;
  const queryDetail = query ? { query } : {};
  const base = {
    keyId: actor?.keyId ?? null,
    actor: actor?.kind ?? "anonymous",
    action: c.get("actionName") ?? null,
    method: c.req.method,
    path,
    status: c.res.status,
  };
  const detailOf = (members: Record<string, unknown>) => (Object.keys(members).length ? members : null);
  if (!actor)
    return [{ ...base, companyId: null, batchId: null, detail: detailOf({ ...queryDetail, companyIdInPath }) }];

  const companyId = c.get("companyId") ?? companyIdInPath;
  // A multipart upload's `batchId` part is set by its route; JSON bodies are read once accepted (issue 11).
  const batchId = MUTATIONS.has(c.req.method) ? (c.get("batchId") ?? requestBatchId(c)) : null;
  const crossCompany = actor.kind === "api-key" && companyIdInPath !== null && companyIdInPath !== companyId;
  if (!crossCompany) return [{ ...base, companyId, batchId, detail: detailOf(queryDetail) }];
  return [
    { ...base, companyId, batchId, detail: { ...queryDetail, companyIdInPath } },
    { ...base, companyId: companyIdInPath, batchId: null, detail: { ...queryDetail, crossCompany: true } },
  ];
}
