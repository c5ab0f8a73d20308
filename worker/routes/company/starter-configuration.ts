import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
import { ApiError, ErrorEnvelopeSchema } from "../../http/errors";
import { companyParams, companyRoute, type Family } from "../../http/route";

/** The starter configuration seed was removed (interface, Versioning); its paths answer 501. */
function starterRoute(family: Family) {
  return companyRoute(family, null, {
    method: "post",
    path: "/configuration/starter",
    operationId: `seedStarterConfiguration${family}`,
    tags: ["Configuration"],
    summary: "Retired: starter configuration seed",
    deprecated: true,
    request: { params: companyParams() },
    responses: {
      501: {
        description: "Always `starter_configuration_unavailable`.",
        content: { "application/json": { schema: ErrorEnvelopeSchema } },
      },
    },
  });
}

export function registerStarterConfigurationRoutes(app: OpenAPIHono<AppEnv>) {
  for (const family of ["P", "X"] as const) {
    app.openapi(starterRoute(family), () => {
      throw new ApiError({
        code: "starter_configuration_unavailable",
        message: "The starter configuration seed has been removed; import a configuration document instead",
        userMessages: ["Starter configurations are no longer available. Import a configuration document instead."],
      });
    });
  }
}
