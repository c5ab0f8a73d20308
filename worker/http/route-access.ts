import type { Context, MiddlewareHandler } from "hono";
import { requirePermissionName } from "../domain/access/permissions";
import { LIFECYCLES, type Lifecycle } from "../domain/company/lifecycle";
import { ApiError, type ErrorCode, notAuthorized } from "../errors/api-error";
import { holds } from "../operations/context";
import type { AppEnv } from "./context";

/**
 * Access rules every company route applies before it reads its input or looks anything up (CONTRACT 8.3
 * and section 4, "Lifecycle access"): a feature switch the route answers whoever asks (CONTRACT 7.1), then the
 * permission, then the company's lifecycle.
 */

/**
 * A permission that depends on what the path names (the entity type of an any-case entity route, a
 * relationship's ends, a page's entity type): the key must hold at least one of `anyOf` before anything is
 * looked up (403 otherwise, whether or not the named thing exists), and the operation then checks the
 * exact permission once it knows what the path names. `name` is its `x-permission` (`<entityType>.view`),
 * `meaning` says in words what it stands for.
 */
export interface PathPermission {
  name: string;
  meaning: string;
  anyOf: readonly string[];
  /**
   * The exact permission, when the path alone names it (the any-case entity routes): then it is checked
   * here, before the lifecycle and the input, as a typed route's is; null leaves it to the operation.
   */
  exactFor?: (params: Record<string, string>) => string | null;
}

/**
 * What a company route requires of the calling key: nothing beyond a valid key (`null`), one permission,
 * every permission of a list, or a permission that depends on the path.
 */
export type RoutePermission = string | null | readonly [string, ...string[]] | PathPermission;

export const pathPermission = (
  name: string,
  meaning: string,
  anyOf: readonly string[],
  exactFor?: PathPermission["exactFor"],
): PathPermission => ({ name, meaning, anyOf: anyOf.map(requirePermissionName), exactFor });

const isPathPermission = (permission: RoutePermission): permission is PathPermission =>
  permission !== null && typeof permission === "object" && "anyOf" in permission;

/** The canonical permissions a key must hold, each of them; empty for a valid-key-only route. */
function allOf(permission: RoutePermission): string[] {
  if (permission === null || isPathPermission(permission)) return [];
  return (typeof permission === "string" ? [permission] : [...permission]).map(requirePermissionName);
}

/** `x-permission` and the sentence of the description that states it. */
export function describePermission(permission: RoutePermission): {
  extensions: Record<string, unknown>;
  sentence: string;
} {
  if (permission === null) {
    return { extensions: { "x-permission": null }, sentence: "Requires any valid API key of the company." };
  }
  if (isPathPermission(permission)) {
    return {
      extensions: { "x-permission": permission.name, "x-permission-any-of": permission.anyOf },
      sentence:
        `Requires \`${permission.name}\`: ${permission.meaning}. A key holding none of ` +
        `${permission.anyOf.map((p) => `\`${p}\``).join(", ")} is refused 403 before anything is looked up.`,
    };
  }
  const [first, ...more] = allOf(permission);
  const named = [first, ...more].map((p) => `\`${p}\``);
  return {
    extensions: more.length ? { "x-permission": first, "x-permissions": [first, ...more] } : { "x-permission": first },
    sentence: more.length
      ? `Requires permissions ${named.slice(0, -1).join(", ")} and ${named.at(-1)}.`
      : `Requires permission ${named[0]}.`,
  };
}

/** How a route stands towards the company's lifecycle. */
export interface LifecycleRule {
  /** Changes nothing (every GET, and the read-only POSTs of CONTRACT 8.1): a retired company still answers. */
  readOnly: boolean;
  /** A configuration read or import: an uninitialized company accepts it. */
  duringSetup: boolean;
  /** Sandbox only: the operation refuses every other lifecycle itself, with its own message. */
  sandboxOnly: boolean;
}

const LIFECYCLE_REFUSAL: Partial<Record<Lifecycle, string>> = {
  retired: "The company is retired: its data can be read but not changed",
  uninitialized:
    "The company is not initialized: until it moves to sandbox or live it accepts only configuration reads and " +
    "imports",
};

/** The lifecycles in which a route runs (`x-lifecycles`); any other answers 409 `CompanyLifecycleRefused`. */
export function acceptingLifecycles(rule: LifecycleRule): Lifecycle[] {
  if (rule.sandboxOnly) return ["sandbox"];
  return LIFECYCLES.filter(
    (lifecycle) => (lifecycle !== "retired" || rule.readOnly) && (lifecycle !== "uninitialized" || rule.duringSetup),
  );
}

function lifecycleRefusal(lifecycle: Lifecycle | undefined, rule: LifecycleRule): ApiError | null {
  if (!lifecycle || rule.sandboxOnly) return null;
  const refused = (lifecycle === "retired" && !rule.readOnly) || (lifecycle === "uninitialized" && !rule.duringSetup);
  const message = LIFECYCLE_REFUSAL[lifecycle];
  return refused && message ? new ApiError({ code: "CompanyLifecycleRefused", message }) : null;
}

/**
 * A further permission a query parameter asks for (`?force=true` on the configuration import needs
 * `company.reset`): checked with the route's own, before the lifecycle (permission checks come first).
 */
export interface QueryPermission {
  name: string;
  equals: string;
  permission: string;
  userMessage: string;
}

/** A company feature switch a route answers before its permission: throws its refusal while the switch is off. */
export type FeatureGate = (c: Context<AppEnv>) => Promise<void>;

/**
 * The route's name for messages and audit rows, its validation error code, its feature gate, its permission,
 * its lifecycle rule.
 */
export function requireAccess(route: {
  actionName: string;
  permission: RoutePermission;
  lifecycle: LifecycleRule;
  validationErrorCode?: ErrorCode;
  queryPermission?: QueryPermission;
  featureGate?: FeatureGate;
}): MiddlewareHandler<AppEnv> {
  const asked = route.queryPermission;
  const required = allOf(route.permission);
  const byPath = isPathPermission(route.permission) ? route.permission : null;
  return async (c, next) => {
    c.set("actionName", route.actionName);
    if (route.validationErrorCode) c.set("validationErrorCode", route.validationErrorCode);
    const actor = c.get("actor");
    if (actor?.kind !== "api-key") throw notAuthorized();
    if (route.featureGate) await route.featureGate(c);
    if (!required.every((permission) => holds(actor, permission))) throw notAuthorized();
    if (byPath && !byPath.anyOf.some((permission) => holds(actor, permission))) throw notAuthorized();
    const exact = byPath?.exactFor?.(c.req.param());
    if (exact && !holds(actor, exact)) throw notAuthorized();
    if (asked && c.req.query(asked.name) === asked.equals && !holds(actor, asked.permission))
      throw new ApiError({
        code: "AuthorizationError",
        message: "User is not authorized to perform the requested action",
        userMessages: [asked.userMessage],
      });
    const refusal = lifecycleRefusal(c.get("lifecycle"), route.lifecycle);
    if (refusal) throw refusal;
    await next();
  };
}
