import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
import { jsonContent } from "../../http/route";

const health = createRoute({
  method: "get",
  path: "/health",
  operationId: "getHealth",
  tags: ["System"],
  summary: "Liveness",
  description: "Answers without touching storage. Needs no key.",
  security: [],
  responses: { 200: jsonContent(z.object({ status: z.literal("ok"), version: z.string() }), "The service is up.") },
});

export function registerHealthRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(health, (c) => c.json({ status: "ok" as const, version: "1.0.0" }, 200));
}
