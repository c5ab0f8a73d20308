import type { RouteEntry } from "../../http/registry";
import { replaceHistory } from "./replace-history";
import { transitionEventRoutes } from "./transition-event";

/**
 * Event lifecycle operations (interface, States: Event rows; CONTRACT section 3). An event's create and
 * update are the entity routes; like these, they run serialized in the company object.
 */
export const eventRoutes: RouteEntry[] = [...transitionEventRoutes, replaceHistory];
