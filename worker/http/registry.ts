import type { OpenAPIHono, RouteConfig, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "./context";

/** One operation of the API: its OpenAPI route (path, permission, schemas) and the handler that runs it. */
export interface RouteEntry {
  route: RouteConfig & { path: string };
  register(app: OpenAPIHono<AppEnv>): void;
}

/** Pairs a route with its handler; the handler's input and answer types follow from the route. */
export function defineRoute<R extends RouteConfig & { path: string }>(
  route: R,
  handler: RouteHandler<R, AppEnv>,
): RouteEntry {
  return { route, register: (app) => app.openapi(route, handler) };
}

const segmentsOf = (path: string) => path.split("/").filter(Boolean);
const isParameter = (segment: string) => segment.startsWith("{");

/**
 * Hono runs every route that matches a request in registration order, and a parametric route's input
 * validation can answer 400 before a literal sibling is reached (`/policies/{policyId}` would refuse
 * `/policies/earned-premium`). So the order is decided here, once, from the paths alone: of two paths of
 * the same length, the one whose last differing segment is a literal is tried first
 * (`/entities/{entityType}/deleteAll` before `/entities/exposure/{entityId}` before
 * `/entities/{entityType}/{entityId}`). Paths of different lengths never match the same request.
 */
export function compareRouteSpecificity(a: string, b: string): number {
  const left = segmentsOf(a);
  const right = segmentsOf(b);
  if (left.length !== right.length) return left.length - right.length;
  for (let i = left.length - 1; i >= 0; i--) {
    const literalLeft = !isParameter(left[i] ?? "");
    const literalRight = !isParameter(right[i] ?? "");
    if (literalLeft !== literalRight) return literalLeft ? -1 : 1;
  }
  return 0;
}

/** Registers every route, most specific path first (see `compareRouteSpecificity`); the sort is stable. */
export function registerInOrder(app: OpenAPIHono<AppEnv>, entries: readonly RouteEntry[]) {
  const ordered = [...entries].sort((x, y) => compareRouteSpecificity(x.route.path, y.route.path));
  for (const entry of ordered) entry.register(app);
}
