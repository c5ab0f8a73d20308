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
import { folderRoutes } from "./folders";
import { formRoutes } from "./forms";
import { noteRoutes } from "./notes";
import { registerBordereauExportRoutes } from "./policies/bordereau-export";
import { registerBordereauRowsRoutes } from "./policies/bordereau-rows";
import { registerPolicyContactRoutes } from "./policies/contacts";
import { registerPolicyDeleteAllRoutes } from "./policies/delete-all";
import { registerEarnedPremiumRoutes } from "./policies/earned-premium";
import { registerExportPresetRoutes } from "./policies/export-presets";
import { registerPolicyReadRoutes } from "./policies/reads";
import { registerPolicyRepairRoutes } from "./policies/repair";
import { registerPolicyTransactionRoutes } from "./policies/transactions";
import { relationshipRoutes } from "./relationships";
import { health } from "./system/health";
import { taskRoutes } from "./tasks";

/** Areas already in the one-operation-per-file shape; their order is decided by `registerInOrder`. */
const ROUTES: RouteEntry[] = [
  health,
  ...adminRoutes,
  ...companyRoutes,
  ...configurationRoutes,
  ...dataValidationRoutes,
  ...entityRoutes,
  ...customObjectRoutes,
  ...relationshipRoutes,
  ...eventRoutes,
  ...noteRoutes,
  ...taskRoutes,
  ...folderRoutes,
  ...fileRoutes,
  ...formRoutes,
];

export function registerRoutes(app: OpenAPIHono<AppEnv>) {
  registerInOrder(app, ROUTES);
  // TRANSITIONAL: areas still registering themselves, in the order their path conflicts need.
  registerPolicyTransactionRoutes(app);
  // Before the policy reads, whose `/policies/{policyId}` would answer 400 for `earned-premium`.
  registerEarnedPremiumRoutes(app);
  registerBordereauRowsRoutes(app);
  registerBordereauExportRoutes(app);
  registerExportPresetRoutes(app);
  // Static policy paths before the reads, so `/policies/deleteAll` and `/policies/repair` are never read as policy ids.
  registerPolicyDeleteAllRoutes(app);
  registerPolicyRepairRoutes(app);
  registerPolicyReadRoutes(app);
  registerPolicyContactRoutes(app);
}
