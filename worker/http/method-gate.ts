import type { MiddlewareHandler } from "hono";
import { ApiError } from "../errors/api-error";
import type { AppEnv } from "./context";
import { compareRouteSpecificity } from "./registry";

/** One path of the service (OpenAPI spelling) and the methods it answers. */
interface PathMethods {
  path: string;
  pattern: RegExp;
  methods: Set<string>;
}

const patternOf = (path: string) =>
  new RegExp(`^${path.replaceAll(/[.*+?^$()|[\]\\]/g, "\\$&").replaceAll(/\{\w+\}/g, "[^/]+")}$`);

/** How many "/" a path has. */
function depthOf(path: string): number {
  let depth = 0;
  for (let i = path.indexOf("/"); i !== -1; i = path.indexOf("/", i + 1)) depth++;
  return depth;
}

/** The `Allow` list of a path: GET implies HEAD (Hono answers HEAD with the GET route). */
const allowOf = (methods: Set<string>) => [...methods, ...(methods.has("GET") ? ["HEAD"] : [])].sort().join(", ");

/**
 * Answers 405 with `Allow` for a method a path does not have, from the routes actually registered (so
 * routes added later are covered). The path a request belongs to is the most specific one it matches,
 * the same order the routes are tried in (`compareRouteSpecificity`): `PATCH /entities/exposure/configuration`
 * belongs to `/entities/{entityType}/configuration` (GET only), not to `/entities/exposure/{entityId}`.
 * `OPTIONS` answers 204 with `Allow`. Runs before authentication: which methods a path has is public.
 */
export function methodGate(routes: ReadonlyArray<{ method: string; path: string }>): MiddlewareHandler<AppEnv> {
  const byPath = new Map<string, PathMethods>();
  for (const route of routes) {
    const entry = byPath.get(route.path) ?? { path: route.path, pattern: patternOf(route.path), methods: new Set() };
    entry.methods.add(route.method.toUpperCase());
    byPath.set(route.path, entry);
  }
  // A pattern's parameters never match a "/", so only paths of the request's depth can match it: each
  // request tests those few patterns, in specificity order, instead of every path of the service.
  const byDepth = new Map<number, PathMethods[]>();
  for (const entry of [...byPath.values()].sort((a, b) => compareRouteSpecificity(a.path, b.path))) {
    const depth = depthOf(entry.path);
    byDepth.set(depth, [...(byDepth.get(depth) ?? []), entry]);
  }
  return async (c, next) => {
    const method = c.req.method === "HEAD" ? "GET" : c.req.method;
    const path = byDepth.get(depthOf(c.req.path))?.find((p) => p.pattern.test(c.req.path));
    if (!path || path.methods.has(method)) return next();
    c.header("Allow", allowOf(path.methods));
    if (method === "OPTIONS") return c.body(null, 204);
    throw new ApiError({
      code: "MethodNotAllowed",
      message: `Method ${c.req.method} is not allowed on this path; allowed: ${allowOf(path.methods)}`,
    });
  };
}
