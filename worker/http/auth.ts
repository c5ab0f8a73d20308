import type { Context, MiddlewareHandler } from "hono";
import { database } from "../db/client";
import { findActiveKeyByHash, hashApiKey } from "../db/queries/api-keys";
import { ApiError } from "../errors/api-error";
import { logFailure } from "../lib/log";
import type { Actor } from "../operations/context";
import type { AppEnv } from "./context";
import { VerifiedKeyCache } from "./key-cache";
import { chargeApiKey } from "./rate-limit";

const MISSING_KEY = "API key authentication required";
const INVALID_KEY = "Invalid API key";
const WRONG_COMPANY = "API key is not scoped to the requested company";

/** A scheme prefix means a bearer token or a decorated key; the interface takes only the raw key. */
const SCHEME_PREFIX = /^(bearer|apikey)\s/i;

/** This isolate's verified keys (at most 1 s old): see `VerifiedKeyCache`. */
export const verifiedKeys = new VerifiedKeyCache<NonNullable<Awaited<ReturnType<typeof findActiveKeyByHash>>>>();

const unauthenticated = (message: string) => new ApiError({ code: "AuthenticationError", message });

/**
 * Company paths for platform staff only (interface, Authentication 10: policy repair takes a staff
 * Bearer token and refuses API keys): the staff token is checked here instead of an API key.
 */
const STAFF_ONLY_COMPANY_PATH = /^\/api\/v1\/companies\/[^/]+\/policies\/repair$/;

/**
 * Authenticates company-scoped calls (interface, Authentication 1-4): the raw key in `Authorization`,
 * from this isolate's cache of keys verified within the last second, else looked up in D1 by hash, then
 * scoped to the `{companyId}` in the path.
 */
export const authenticateApiKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (STAFF_ONLY_COMPANY_PATH.test(c.req.path)) {
    c.set("companyId", c.req.param("companyId"));
    return authenticateStaff(c, next);
  }
  // The header value as HTTP gives it (surrounding spaces and tabs already removed): nothing else is
  // trimmed, so a key with a vertical tab or form feed around it is not the key.
  const rawKey = c.req.header("Authorization");
  if (!rawKey) throw unauthenticated(MISSING_KEY);
  if (SCHEME_PREFIX.test(rawKey)) throw unauthenticated(INVALID_KEY);

  const now = Date.now();
  const key = verifiedKeys.get(rawKey, now) ?? (await verifiedInD1(c, rawKey));
  if (!key) throw unauthenticated(INVALID_KEY);
  if (verifiedKeys.claimRefresh(rawKey, now)) c.executionCtx.waitUntil(refreshInBackground(c, rawKey));

  c.set("actor", actorOfKey(key));
  c.set("lifecycle", key.lifecycle);
  c.set("features", key.features);
  // A key acts on its own company; naming another company's path is refused just below (and audited).
  c.set("companyId", key.companyId);
  await chargeApiKey(c, key.id, key.rateLimit);
  if (key.companyId !== c.req.param("companyId")) {
    throw new ApiError({ code: "AuthorizationError", message: WRONG_COMPANY });
  }
  await next();
};

/**
 * The active key stored under `rawKey`'s hash, kept in the cache from the time of this read: only a read from
 * D1 starts an entry's second, so a key in constant use is still read again within every second, in the
 * background once half of it has passed (a revocation written by another isolate is honoured within the bound
 * however busy the key is). The cache is keyed by the raw key,
 * so a call on a warm isolate computes no hash either.
 */
async function verifiedInD1(c: Context<AppEnv>, rawKey: string) {
  const { key, ticket } = await readKey(c, rawKey);
  if (key) verifiedKeys.set(rawKey, key, ticket);
  return key;
}

/** Reads a cached key again in `waitUntil`, which its call does not wait for (`VerifiedKeyCache.claimRefresh`); a revoked one is dropped. */
async function refreshInBackground(c: Context<AppEnv>, rawKey: string): Promise<void> {
  try {
    const { key, ticket } = await readKey(c, rawKey);
    verifiedKeys.refreshed(rawKey, key, ticket);
  } catch (error) {
    verifiedKeys.refreshFailed(rawKey);
    logFailure("key-refresh-failed", error);
  }
}

/** The key stored under `rawKey`'s hash, and the ticket it is kept under: its second counts from before the read. */
async function readKey(c: Context<AppEnv>, rawKey: string) {
  const ticket = verifiedKeys.beginRead(Date.now());
  return { key: await findActiveKeyByHash(database(c.env.DB), await hashApiKey(rawKey)), ticket };
}

/**
 * One actor per verified key read: a key kept in the cache is the same object for up to a second, so its
 * actor (and the permission grants computed for it, `grantsOf`) is built once, not on every call.
 */
const actors = new WeakMap<object, Actor>();
function actorOfKey(key: NonNullable<Awaited<ReturnType<typeof findActiveKeyByHash>>>): Actor {
  let actor = actors.get(key);
  if (!actor) {
    actor = { kind: "api-key", keyId: key.id, roles: key.roles, permissions: key.permissions };
    actors.set(key, actor);
  }
  return actor;
}

/** Platform administration: `Authorization: Bearer <STAFF_TOKEN>` only; API keys are refused. */
export const authenticateStaff: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header("Authorization");
  if (!header) throw unauthenticated("Staff authentication required");
  const match = /^bearer[ \t]+(.+)$/i.exec(header);
  if (!match || !c.env.STAFF_TOKEN || !(await tokensEqual(match[1] ?? "", c.env.STAFF_TOKEN))) {
    throw unauthenticated("Invalid staff token");
  }
  c.set("actor", { kind: "staff", keyId: null, roles: [], permissions: [] });
  await next();
};

/** Constant-time comparison of two secrets, through their digests so lengths do not leak. */
async function tokensEqual(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([hashApiKey(given), hashApiKey(expected)]);
  const encoder = new TextEncoder();
  return crypto.subtle.timingSafeEqual(encoder.encode(a), encoder.encode(b));
}
