import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
// Registers the enricher that starts a new event's open/close history on the generic create.
import "../../services/event-lifecycle-enricher";
import { registerEventTransitionRoutes } from "./close-reopen";
import { registerEventNameRefresh } from "./name-refresh";
import { registerEventHistoryRoutes } from "./open-close-history";

/** Event lifecycle operations (interface, States: Event rows; CONTRACT section 3) and event name upkeep. */
export function registerEventRoutes(app: OpenAPIHono<AppEnv>) {
  registerEventNameRefresh(app);
  registerEventTransitionRoutes(app);
  registerEventHistoryRoutes(app);
}
