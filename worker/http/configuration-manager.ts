import type { MiddlewareHandler } from "hono";
import { ApiError } from "../errors/api-error";
import type { AppEnv } from "./context";
import { actorOf } from "./route";

/** The role the interface requires for configuration compare (Authentication 6), beside the permission. */
export const CONFIGURATION_MANAGER_ROLE = "FMV1_CONFIGURATION_MANAGER";

/**
 * Refuses a key without the configuration manager role on every configuration compare (the document's and
 * the spreadsheet's). Runs after the permission check and before body validation, like the permission.
 */
export const requireConfigurationManager: MiddlewareHandler<AppEnv> = async (c, next) => {
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
