import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http/context";
import { type RouteEntry, registerInOrder } from "../http/registry";
import { adminRoutes } from "./admin";
import { companyRoutes } from "./company";
import { registerConfigurationCompareDocumentRoutes } from "./configuration/compare-document";
import { registerConfigurationCompareSheetsRoutes } from "./configuration/compare-sheets";
import { registerEntityConfigurationRoutes } from "./configuration/entity-configuration";
import { registerConfigurationExportRoutes } from "./configuration/export";
import { registerConfigurationImportRoutes } from "./configuration/import";
import { registerPageLayoutRoutes } from "./configuration/page-layout";
import { registerQuoteConfigurationLegacyRoutes } from "./configuration/quote-configuration-legacy";
import { registerConfigurationValidateRoutes } from "./configuration/validate";
import { customObjectRoutes } from "./custom-objects";
import { registerDataValidationRoutes } from "./data-validation";
import { entityRoutes } from "./entities";
import { eventRoutes } from "./events";
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

/** Every route of the service; each area registers its own operations. */
/** Areas already in the one-operation-per-file shape; their order is decided by `registerInOrder`. */
const ROUTES: RouteEntry[] = [
  health,
  ...adminRoutes,
  ...companyRoutes,
  ...entityRoutes,
  ...customObjectRoutes,
  ...relationshipRoutes,
  ...eventRoutes,
];

export function registerRoutes(app: OpenAPIHono<AppEnv>) {
  // TRANSITIONAL: areas still registering themselves, in the order their path conflicts need; before ROUTES,
  // so `GET P/entities/{entityType}/configuration` is tried before the entity id routes.
  registerConfigurationImportRoutes(app);
  registerConfigurationExportRoutes(app);
  registerConfigurationValidateRoutes(app);
  registerConfigurationCompareDocumentRoutes(app);
  // Static paths before any parametric sibling (`O/quotes/configuration` before `O/quotes/{quoteId}`).
  registerEntityConfigurationRoutes(app);
  registerQuoteConfigurationLegacyRoutes(app);
  registerPageLayoutRoutes(app);
  registerConfigurationCompareSheetsRoutes(app);
  registerDataValidationRoutes(app);
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
  registerInOrder(app, ROUTES);
}
