import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
import { registerEventTransitionRoutes } from "./close-reopen";
import { registerEventHistoryRoutes } from "./open-close-history";

/** Event lifecycle operations (interface, States: Event rows; CONTRACT section 3). */
export function registerEventRoutes(app: OpenAPIHono<AppEnv>) {
  registerEventTransitionRoutes(app);
  registerEventHistoryRoutes(app);
}
