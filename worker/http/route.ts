import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { JsonText } from "../../durable/rpc-result";
import { BOOKMARK_HEADER, BOOKMARK_PATTERN, RequestSession } from "../db/request-session";
import type { ErrorCode } from "../errors/api-error";
import { batchIdMember, uuidString } from "../lib/bounded";
import { type Actor, databaseOf, type OperationContext, type PlatformContext } from "../operations/context";
import type { AppEnv } from "./context";
import { ErrorEnvelopeSchema } from "./errors";
import { idempotency } from "./idempotency";
import { BODY_LIMITS, boundedJsonBody } from "./request-body";
import {
  acceptingLifecycles,
  describePermission,
  type FeatureGate,
  type QueryPermission,
  type RoutePermission,
  requireAccess,
} from "./route-access";

export { type PathPermission, pathPermission, type RoutePermission } from "./route-access";

/** The three address families (interface, "Address families in use"). */
export const FAMILY_PREFIX = {
  P: "/api/v1/companies/{companyId}",
  X: "/api/v1/external/companies/{companyId}",
  O: "/api/external/companies/{companyId}",
} as const;
export type Family = keyof typeof FAMILY_PREFIX;

export const UuidSchema = uuidString();
export const CompanyIdParam = uuidString().openapi({
  param: { name: "companyId", in: "path" },
  example: "8f0c8c9e-5b7e-4a55-9e3c-3f2b6f1f4a11",
});

/** Path parameters of a company route: `companyId` plus the route's own. */
export function companyParams<T extends z.ZodRawShape>(shape: T = {} as T) {
  return z.object({ companyId: CompanyIdParam, ...shape });
}

/** A JSON response entry for `responses`. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** A JSON request body entry for `request.body`. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

/**
 * `request.body` of an operation that takes no input (CONTRACT 5.1's "none" bodies, and section 6's deletes): no
 * body, `{}` or `{batchId}`; any other member is 400 `VALIDATION_ERROR` naming it.
 */
export const NoBody = {
  required: false,
  content: { "application/json": { schema: z.strictObject({ batchId: batchIdMember() }).openapi("NoBody") } },
};

const errorResponse = (description: string) => jsonContent(ErrorEnvelopeSchema, description);

/** An answer the company object sent as its JSON text (`asJsonText`), as `c.json` would send the value. */
export const jsonText = (c: Context, text: JsonText<unknown>, status: 200 | 201 = 200) =>
  c.body(text, status, { "Content-Type": "application/json" });

/** Errors every authenticated route can answer; routes add their own 400/404/409 as they need. */
export const commonErrorResponses = {
  401: errorResponse("Missing or invalid API key (`AuthenticationError`)."),
  403: errorResponse("Key scoped to another company, or missing the route's permission (`AuthorizationError`)."),
  500: errorResponse("Unexpected error (`UncaughtActionError`)."),
};
export const validationErrorResponse = { 400: errorResponse("Invalid parameters or body (`VALIDATION_ERROR`).") };
export const notFoundResponse = {
  404: errorResponse("Unknown id, or one that belongs to another company (`NotFoundError`)."),
};
export const conflictResponse = (what: string) => ({ 409: errorResponse(what) });

type CompanyRouteConfig = Omit<RouteConfig, "path" | "middleware" | "operationId"> & {
  path: string;
  operationId: string;
};

export interface CompanyRouteOptions {
  /** The code input validation failures carry (default VALIDATION_ERROR). */
  validationErrorCode?: ErrorCode;
  /** A POST that changes nothing (CONTRACT 8.1's read-only POSTs): a retired company still answers it. */
  readOnly?: boolean;
  /** A configuration read or import: an uninitialized company accepts it (CONTRACT section 4). */
  duringSetup?: boolean;
  /** Sandbox only: the operation refuses every other lifecycle itself, with its own message. */
  sandboxOnly?: boolean;
  /** The largest JSON body accepted (default 1 MiB; CONTRACT 8.3). */
  bodyLimit?: number;
  /** A further permission a query parameter asks for, checked with the route's before the lifecycle. */
  queryPermission?: QueryPermission;
  /** A feature switch the route answers whoever asks, before its permission (CONTRACT 7.1: policy financials). */
  featureGate?: FeatureGate;
}

const LIFECYCLE_CONFLICT =
  "`CompanyLifecycleRefused`: the company is retired (it can be read but not changed) or not initialized (it " +
  "accepts only configuration reads and imports).";

/**
 * The answers every company route can give besides its own (CONTRACT 8.3): 400 for an unknown query
 * parameter; 413 for a body over its bound; 415 for a body that is not JSON; 409 for a change the
 * company's lifecycle refuses.
 */
function boundaryResponses(config: CompanyRouteConfig, changes: boolean): RouteConfig["responses"] {
  const responses: RouteConfig["responses"] = { ...validationErrorResponse };
  if (config.method !== "get")
    responses[413] = errorResponse("The JSON body is over its size bound (`PayloadTooLarge`).");
  if (config.request?.body)
    responses[415] = errorResponse("The body is not `application/json` (`UnsupportedMediaType`).");
  if (changes) responses[409] = errorResponse(LIFECYCLE_CONFLICT);
  return responses;
}

/** A 409 the route documents itself, extended with the lifecycle refusal. */
function withLifecycleConflict(own: RouteConfig["responses"][string] | undefined) {
  if (!own || !("description" in own)) return undefined;
  return { ...own, description: `${own.description} Or ${LIFECYCLE_CONFLICT}` };
}

const IDEMPOTENCY_SENTENCE =
  "Accepts `Idempotency-Key` (CONTRACT 8.1): a retry with the same key, method, path and body replays the first " +
  "answer (its status, body and `Location`, with `Idempotent-Replayed: true`) and runs nothing; the same key with another request is 422 " +
  "`IdempotencyKeyReused`; while the first still runs, 409 `IdempotencyKeyInFlight` with `Retry-After: 1`. An " +
  "answer other than 2xx, 404 or 422 is not saved and frees the key: a refusal (4xx) whatever it wrote on its " +
  "way, a server error only when it committed nothing.";

const SessionHeaders = z.object({
  [BOOKMARK_HEADER.toLowerCase()]: z
    .string()
    .max(59)
    .regex(BOOKMARK_PATTERN, "must be a D1 bookmark as an earlier answer's `X-D1-Bookmark` carried it")
    .optional()
    .openapi({
      description:
        "Read your own writes on any D1 replica: send the `X-D1-Bookmark` of an earlier answer and this call " +
        "reads nothing older than it. Every answer that read or wrote data carries the latest bookmark.",
      example: "00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683",
    }),
});

const IdempotencyHeaders = SessionHeaders.extend({
  "idempotency-key": z
    .string()
    .min(1)
    .max(255)
    .optional()
    .openapi({
      description:
        "1 to 255 printable ASCII characters, scoped to the company and the calling key; answers of a business " +
        "outcome (2xx, 404, 422) are saved for 24 hours, others free the key for a retry.",
    }),
});

/** Unknown query parameters are refused (400 naming them), so every route's query is a strict object. */
function strictQuery(query: unknown) {
  if (query instanceof z.ZodObject) return query.strict();
  if (query === undefined) return z.strictObject({});
  throw new Error("a route's query must be a zod object");
}

/**
 * A route under one address family, authenticated by API key, guarded by its permission and the company's
 * lifecycle before anything else runs, with its JSON body bounded before it is parsed (CONTRACT 8.3).
 */
export function companyRoute<const R extends CompanyRouteConfig>(
  family: Family,
  permission: RoutePermission,
  config: R,
  options: CompanyRouteOptions = {},
) {
  const readOnly = config.method === "get" || !!options.readOnly;
  const lifecycle = { readOnly, duringSetup: !!options.duringSetup, sandboxOnly: !!options.sandboxOnly };
  const { extensions, sentence } = describePermission(permission);
  const changes = !readOnly && !lifecycle.sandboxOnly;
  const ownConflict = changes ? withLifecycleConflict(config.responses[409]) : undefined;
  return createRoute({
    ...config,
    path: `${FAMILY_PREFIX[family]}${config.path}` as string,
    description: [config.description, sentence, readOnly ? "" : IDEMPOTENCY_SENTENCE].filter(Boolean).join("\n\n"),
    security: [{ ApiKey: [] }],
    request: {
      ...config.request,
      query: strictQuery(config.request?.query),
      headers: readOnly || config.operationId.startsWith("rateQuote") ? SessionHeaders : IdempotencyHeaders,
    } as R["request"],
    middleware: [
      requireAccess({ actionName: config.operationId, permission, lifecycle, ...options }),
      // A route whose body is not JSON (the upload) answers its own 415 before any size or shape check.
      takesJsonBody(config) ? boundedJsonBody(options.bodyLimit, config.request?.body?.required === false) : passOn,
      idempotency({ readOnly, actionName: config.operationId }),
    ] as const,
    responses: {
      ...commonErrorResponses,
      ...boundaryResponses(config, changes),
      ...config.responses,
      ...(ownConflict ? { 409: ownConflict } : {}),
    },
    ...extensions,
    "x-lifecycles": acceptingLifecycles(lifecycle),
    ...(config.method === "get" ? {} : { "x-max-body-bytes": options.bodyLimit ?? BODY_LIMITS.json }),
  });
}

/** True unless the route declares a body in other media types only (CONTRACT 6: the upload's 415 comes first). */
const takesJsonBody = (config: CompanyRouteConfig) => {
  const content = config.request?.body?.content;
  return !content || "application/json" in content;
};

const passOn: MiddlewareHandler<AppEnv> = (_c, next) => next();

/**
 * A staff-only platform administration route (CONTRACT section 1). One under a company's path (policy repair)
 * is a company-scoped route, so it takes `Idempotency-Key` as every company mutation does (CONTRACT 8.1; the
 * staff token counts as one caller).
 */
export function staffRoute<const R extends Omit<RouteConfig, "middleware" | "operationId"> & { operationId: string }>(
  config: R,
) {
  const companyScoped = config.method !== "get" && config.path.startsWith(FAMILY_PREFIX.P);
  return createRoute({
    ...config,
    description: [config.description, companyScoped ? IDEMPOTENCY_SENTENCE : ""].filter(Boolean).join("\n\n"),
    security: [{ StaffToken: [] }],
    request: {
      ...config.request,
      query: strictQuery(config.request?.query),
      ...(companyScoped ? { headers: IdempotencyHeaders } : {}),
    } as R["request"],
    middleware: [
      setActionName(config.operationId),
      boundedJsonBody(),
      companyScoped ? idempotency({ readOnly: false, actionName: config.operationId }) : passOn,
    ] as const,
    responses: {
      401: errorResponse("Missing or invalid staff token; API keys are refused (`AuthenticationError`)."),
      500: commonErrorResponses[500],
      ...validationErrorResponse,
      ...(config.method === "get" ? {} : { 413: errorResponse("The JSON body is over 1 MiB (`PayloadTooLarge`).") }),
      ...(config.request?.body
        ? { 415: errorResponse("The body is not `application/json` (`UnsupportedMediaType`).") }
        : {}),
      ...config.responses,
    },
    "x-permission": "staff",
  });
}

function setActionName(actionName: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("actionName", actionName);
    await next();
  };
}

type RequestContext = Context<AppEnv>;

/** The authenticated actor of a route (set by the authentication middleware before any route runs). */
export function actorOf(c: RequestContext): Actor {
  const actor = c.get("actor");
  if (!actor) throw new Error("route reached without an authenticated actor");
  return actor;
}

/** The company an authenticated company route acts on. */
export function companyIdOf(c: RequestContext): string {
  const companyId = c.get("companyId");
  if (!companyId) throw new Error("company route reached without a company");
  return companyId;
}

/**
 * The operation context of a company route: who calls, for which company, from which request. `batchId`
 * is given by routes whose operation commits an audit receipt with its change; staff routes name the
 * company of their path.
 */
export function contextOf(
  c: RequestContext,
  options: { batchId?: string | null; companyId?: string } = {},
): OperationContext {
  const session = requestSessionOf(c);
  return {
    companyId: options.companyId ?? companyIdOf(c),
    actor: actorOf(c),
    requestId: c.get("requestId"),
    method: c.req.method,
    path: c.req.path,
    batchId: options.batchId ?? null,
    idempotency: c.get("idempotency") ?? null,
    db: databaseOf(c.env, { idempotency: c.get("idempotency") ?? null }, session.handle),
    env: c.env,
    now: new Date(),
    session,
  };
}

/**
 * The request's D1 session, opened on first use at the caller's bookmark (company routes refuse a malformed
 * one with 400; staff routes, which do not declare the header, ignore it).
 */
function requestSessionOf(c: RequestContext): RequestSession {
  let session = c.get("d1Session");
  if (!session) {
    const sent = c.req.header(BOOKMARK_HEADER);
    session = new RequestSession(c.env.DB, sent && BOOKMARK_PATTERN.test(sent) ? sent : null);
    c.set("d1Session", session);
  }
  return session;
}

/** The context of a staff route that acts on no company yet. */
export function platformContextOf(c: RequestContext): PlatformContext {
  const { companyId: _none, ...rest } = contextOf(c, { companyId: "" });
  return rest;
}
