import { createRoute, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/registry";
import { jsonContent } from "../../http/route";

export const health = defineRoute(
  createRoute({
    method: "get",
    path: "/health",
    operationId: "getHealth",
    tags: ["System"],
    summary: "Liveness",
    description: "Answers without touching storage. Needs no key.",
    security: [],
    responses: {
      200: jsonContent(z.object({ status: z.literal("ok"), version: z.string() }), "The service is up."),
    },
  }),
  (c) => c.json({ status: "ok" as const, version: "1.0.0" }, 200),
);
