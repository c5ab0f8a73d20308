import { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { notFound } from "./errors/api-error";
import { auditAndHeaders } from "./http/audit";
import { authenticateApiKey, authenticateStaff } from "./http/auth";
import type { AppEnv } from "./http/context";
import { errorBody, handleError } from "./http/errors";
import { financialsSwitch } from "./http/financials-switch";
import { methodGate } from "./http/method-gate";
import { referencePage } from "./http/reference-page";
import { FAMILY_PREFIX } from "./http/route";
import { handleZodError } from "./http/validation";
import { openApiDocument, registerSecuritySchemes } from "./openapi";
import { registerRoutes } from "./routes";

/** Hono's `:param` spelling of an OpenAPI `{param}` path. */
const honoPath = (openApiPath: string) => openApiPath.replaceAll(/\{(\w+)\}/g, ":$1");

export function buildApp() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: handleZodError });

  app.use("*", auditAndHeaders);
  // Which methods a path answers is public; known once the routes are registered below.
  let gate: MiddlewareHandler<AppEnv> | undefined;
  app.use("*", (c, next) => (gate ? gate(c, next) : next()));
  for (const prefix of Object.values(FAMILY_PREFIX)) {
    app.use(honoPath(prefix), authenticateApiKey);
    app.use(`${honoPath(prefix)}/*`, authenticateApiKey);
  }
  app.use(`${honoPath(FAMILY_PREFIX.P)}/financials/*`, financialsSwitch);
  app.use("/admin/*", authenticateStaff);

  registerSecuritySchemes(app);
  const routes = registerRoutes(app);

  // Built on first read, after every route has registered; the routes never change afterwards.
  let document: ReturnType<typeof openApiDocument> | undefined;
  app.get("/openapi.json", (c) => {
    document ??= openApiDocument(app);
    return c.json(document);
  });
  app.get("/docs", referencePage);
  gate = methodGate([...routes, { method: "get", path: "/openapi.json" }, { method: "get", path: "/docs" }]);

  app.notFound((c) => c.json(errorBody(notFound()), 404));
  app.onError(handleError);
  return app;
}
