import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http/context";
import { type RouteEntry, registerInOrder } from "../http/registry";
import { adminRoutes } from "./admin";
import { companyRoutes } from "./company";
import { configurationRoutes } from "./configuration";
import { customObjectRoutes } from "./custom-objects";
import { dataValidationRoutes } from "./data-validation";
import { entityRoutes } from "./entities";
import { eventRoutes } from "./events";
import { fileRoutes } from "./files";
import { financialRoutes } from "./financials";
import { folderRoutes } from "./folders";
import { formRoutes } from "./forms";
import { noteRoutes } from "./notes";
import { policyRoutes } from "./policies";
import { quoteRoutes } from "./quotes";
import { relationshipRoutes } from "./relationships";
import { submissionRoutes } from "./submissions";
import { health } from "./system/health";
import { referenceScript } from "./system/reference-script";
import { taskRoutes } from "./tasks";

/** Every operation of the service, by area; each area's `index.ts` lists its routes. */
const ROUTES: RouteEntry[] = [
  health,
  referenceScript,
  ...adminRoutes,
  ...companyRoutes,
  ...configurationRoutes,
  ...dataValidationRoutes,
  ...entityRoutes,
  ...customObjectRoutes,
  ...relationshipRoutes,
  ...eventRoutes,
  ...policyRoutes,
  ...noteRoutes,
  ...taskRoutes,
  ...folderRoutes,
  ...fileRoutes,
  ...formRoutes,
  ...quoteRoutes,
  ...submissionRoutes,
  ...financialRoutes,
];

/**
 * Registration order comes from the paths alone (`registerInOrder`), never from this list's order.
 * Returns each route's method and path, for the answers that depend on what exists (405 with `Allow`).
 */
export function registerRoutes(app: OpenAPIHono<AppEnv>): Array<{ method: string; path: string }> {
  registerInOrder(app, ROUTES);
  return ROUTES.map(({ route }) => ({ method: route.method, path: route.path }));
}
