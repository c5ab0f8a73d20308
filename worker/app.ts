import { OpenAPIHono } from "@hono/zod-openapi";
import { Scalar } from "@scalar/hono-api-reference";
import { notFound } from "./errors/api-error";
import { auditAndHeaders } from "./http/audit";
import { authenticateApiKey, authenticateStaff } from "./http/auth";
import type { AppEnv } from "./http/context";
import { errorBody, handleError } from "./http/errors";
import { financialsSwitch } from "./http/financials-switch";
import { FAMILY_PREFIX } from "./http/route";
import { handleZodError } from "./http/validation";
import { openApiDocument, registerSecuritySchemes } from "./openapi";
import { registerRoutes } from "./routes";

/** Hono's `:param` spelling of an OpenAPI `{param}` path. */
const honoPath = (openApiPath: string) => openApiPath.replaceAll(/\{(\w+)\}/g, ":$1");

export function buildApp() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: handleZodError });

  app.use("*", auditAndHeaders);
  for (const prefix of Object.values(FAMILY_PREFIX)) {
    app.use(honoPath(prefix), authenticateApiKey);
    app.use(`${honoPath(prefix)}/*`, authenticateApiKey);
  }
  app.use(`${honoPath(FAMILY_PREFIX.P)}/financials/*`, financialsSwitch);
  app.use("/admin/*", authenticateStaff);

  registerSecuritySchemes(app);
  registerRoutes(app);

  // Built on first read, after every route has registered; the routes never change afterwards.
  let document: ReturnType<typeof openApiDocument> | undefined;
  app.get("/openapi.json", (c) => {
    document ??= openApiDocument(app);
    return c.json(document);
  });
  app.get("/docs", Scalar({ url: "/openapi.json", pageTitle: "Insurance Operations API" }));

  app.notFound((c) => c.json(errorBody(notFound()), 404));
  app.onError(handleError);
  return app;
}
