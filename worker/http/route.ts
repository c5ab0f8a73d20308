import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { database } from "../db/client";
import { requirePermissionName } from "../domain/access/permissions";
import { type ErrorCode, notAuthorized } from "../errors/api-error";
import type { Actor, OperationContext, PlatformContext } from "../operations/context";
import { holds } from "../operations/context";
import type { AppEnv } from "./context";
import { ErrorEnvelopeSchema } from "./errors";

/** The three address families (interface, "Address families in use"). */
export const FAMILY_PREFIX = {
  P: "/api/v1/companies/{companyId}",
  X: "/api/v1/external/companies/{companyId}",
  O: "/api/external/companies/{companyId}",
} as const;
export type Family = keyof typeof FAMILY_PREFIX;

export const UuidSchema = z.uuid({ message: "must be a UUID" });
export const CompanyIdParam = z
  .string()
  .openapi({ param: { name: "companyId", in: "path" }, example: "8f0c8c9e-5b7e-4a55-9e3c-3f2b6f1f4a11" });

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

const errorResponse = (description: string) => jsonContent(ErrorEnvelopeSchema, description);

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

/**
 * The permission a route needs, declared once beside its definition: it is checked here, shown in the
 * OpenAPI description (`x-permission`), and listed in the catalog. `null` means any valid key of the company.
 */
function requirePermission(
  permission: string | null,
  actionName: string,
  validationErrorCode?: ErrorCode,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("actionName", actionName);
    if (validationErrorCode) c.set("validationErrorCode", validationErrorCode);
    const actor = c.get("actor");
    if (permission && (actor?.kind !== "api-key" || !holds(actor, permission))) throw notAuthorized();
    await next();
  };
}

type CompanyRouteConfig = Omit<RouteConfig, "path" | "middleware" | "operationId"> & {
  path: string;
  operationId: string;
};

/**
 * A route under one address family, authenticated by API key and guarded by one permission.
 * `validationErrorCode` names the code its input validation failures carry (default VALIDATION_ERROR).
 */
export function companyRoute<const R extends CompanyRouteConfig>(
  family: Family,
  permission: string | null,
  config: R,
  options: { validationErrorCode?: ErrorCode } = {},
) {
  const canonical = permission === null ? null : requirePermissionName(permission);
  const needs = canonical ? `Requires permission \`${canonical}\`.` : "Requires any valid API key of the company.";
  return createRoute({
    ...config,
    path: `${FAMILY_PREFIX[family]}${config.path}` as string,
    description: [config.description, needs].filter(Boolean).join("\n\n"),
    security: [{ ApiKey: [] }],
    middleware: [requirePermission(canonical, config.operationId, options.validationErrorCode)] as const,
    responses: { ...commonErrorResponses, ...config.responses },
    "x-permission": canonical ?? "any-valid-key",
  });
}

/** A staff-only platform administration route (CONTRACT section 1). */
export function staffRoute<const R extends Omit<RouteConfig, "middleware" | "operationId"> & { operationId: string }>(
  config: R,
) {
  return createRoute({
    ...config,
    security: [{ StaffToken: [] }],
    middleware: [setActionName(config.operationId)] as const,
    responses: {
      401: errorResponse("Missing or invalid staff token; API keys are refused (`AuthenticationError`)."),
      500: commonErrorResponses[500],
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
  return {
    companyId: options.companyId ?? companyIdOf(c),
    actor: actorOf(c),
    requestId: c.get("requestId"),
    method: c.req.method,
    path: c.req.path,
    batchId: options.batchId ?? null,
    db: database(c.env.DB),
    env: c.env,
    now: new Date(),
  };
}

/** The context of a staff route that acts on no company yet. */
export function platformContextOf(c: RequestContext): PlatformContext {
  const { companyId: _none, ...rest } = contextOf(c, { companyId: "" });
  return rest;
}
