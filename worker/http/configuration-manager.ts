import type { MiddlewareHandler } from "hono";
import { ApiError } from "../errors/api-error";
import type { AppEnv } from "./context";
import { actorOf } from "./route";

/** The role the interface requires for configuration compare (Authentication 6), beside the permission. */
export const CONFIGURATION_MANAGER_ROLE = "FMV1_CONFIGURATION_MANAGER";

/**
 * Refuses a key without the configuration manager role on every configuration compare (the document's and
 * the spreadsheet's). Runs right after the permission check, before the body is read, like the permission.
 */
const requireConfigurationManager: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Legacy SUPER_ADMIN keys hold everything (CONTRACT section 4, Roles), this role included.
  const { roles } = actorOf(c);
  if (!roles.includes(CONFIGURATION_MANAGER_ROLE) && !roles.includes("SUPER_ADMIN")) {
    throw new ApiError({
      code: "AuthorizationError",
      message: "User is not authorized to perform the requested action",
      userMessages: [`Comparing configuration needs an API key with the ${CONFIGURATION_MANAGER_ROLE} role.`],
    });
  }
  await next();
};

/** A company route whose access check (its first middleware) is followed by the role check. */
export function withConfigurationManager<R extends { middleware: readonly [MiddlewareHandler<AppEnv>, ...unknown[]] }>(
  route: R,
) {
  const [access, ...rest] = route.middleware;
  return { ...route, middleware: [access, requireConfigurationManager, ...rest] as unknown as R["middleware"] };
}
