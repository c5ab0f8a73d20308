import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
import { registerDataValidationBatchRoutes } from "./batch";
import { registerDataValidationFindingsRoutes } from "./run-findings";
import { registerDataValidationRunRoutes } from "./runs";

/** Data validation of stored records against the current configuration (interface, issue 4 item 11). */
export function registerDataValidationRoutes(app: OpenAPIHono<AppEnv>) {
  registerDataValidationBatchRoutes(app);
  registerDataValidationRunRoutes(app);
  registerDataValidationFindingsRoutes(app);
}
