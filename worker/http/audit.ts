import type { Context, MiddlewareHandler } from "hono";
import { database } from "../db/client";
import { auditLog } from "../db/schema";
import type { AppEnv } from "./context";

/** Unauthenticated liveness and documentation reads are not external calls on a company; skip them. */
const UNAUDITED = new Set(["/health", "/openapi.json", "/docs"]);
const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const COMPANY_IN_PATH = /^\/api(?:\/v1)?(?:\/external)?\/companies\/([^/]+)/;

/**
 * Records every external call, refused ones included, after the response is ready; the write runs in
 * `waitUntil` so it never delays the caller. Also stamps the request id and `Cache-Control: no-store`.
 */
export const auditAndHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  const startedAt = Date.now();
  const requestId = crypto.randomUUID();
  c.set("requestId", requestId);
  await next();
  // A route may add to `no-store` (file content adds `no-transform`); every answer carries `no-store`.
  if (!/(^|,)\s*no-store\s*(,|$)/.test(c.res.headers.get("Cache-Control") ?? "")) c.header("Cache-Control", "no-store");
  c.header("X-Request-Id", requestId);

  const path = new URL(c.req.url).pathname;
  if (UNAUDITED.has(path)) return;
  const row = { ...(await describeCall(c, path)), requestId, durationMs: Date.now() - startedAt };
  c.executionCtx.waitUntil(
    database(c.env.DB)
      .insert(auditLog)
      .values({ id: crypto.randomUUID(), kind: "request", createdAt: new Date(startedAt).toISOString(), ...row })
      .then(
        () => undefined,
        (err: unknown) => console.error(JSON.stringify({ requestId, auditWriteFailed: String(err) })),
      ),
  );
};

async function describeCall(c: Context<AppEnv>, path: string) {
  const actor = c.get("actor");
  // A key's calls are logged under the key's own company, even when it named another company's path.
  const companyId = c.get("companyId") ?? COMPANY_IN_PATH.exec(path)?.[1] ?? null;
  return {
    companyId,
    keyId: actor?.keyId ?? null,
    actor: actor?.kind ?? "anonymous",
    action: c.get("actionName") ?? null,
    method: c.req.method,
    path,
    status: c.res.status,
    batchId: MUTATIONS.has(c.req.method) ? (c.get("batchId") ?? (await batchIdOf(c))) : null,
  };
}

/** `batchId` at the root of a JSON mutation body: passed through, never validated. */
async function batchIdOf(c: Context<AppEnv>): Promise<string | null> {
  if (!c.req.header("content-type")?.includes("application/json")) return null;
  try {
    const body: unknown = await c.req.json();
    if (body && typeof body === "object" && !Array.isArray(body)) {
      const batchId = (body as Record<string, unknown>).batchId;
      if (typeof batchId === "string") return batchId;
      if (typeof batchId === "number") return String(batchId);
    }
  } catch {
    // Malformed or already-consumed bodies carry no batch id.
  }
  return null;
}
