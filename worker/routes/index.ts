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
import { registerCustomObjectRoutes } from "./custom-objects/crud";
import { registerDataValidationRoutes } from "./data-validation";
import { registerEntityCrudRoutes } from "./entities/crud";
import { registerEntityDeleteAllRoutes } from "./entities/delete-all";
import { registerEventRoutes } from "./events";
import { policyRoutes } from "./policies";
import { registerRelationshipLinkRoutes } from "./relationships/links";
import { health } from "./system/health";

/** Every route of the service; each area registers its own operations. */
/** Areas already in the one-operation-per-file shape; their order is decided by `registerInOrder`. */
const ROUTES: RouteEntry[] = [health, ...adminRoutes, ...companyRoutes, ...policyRoutes];

export function registerRoutes(app: OpenAPIHono<AppEnv>) {
  registerInOrder(app, ROUTES);
  // TRANSITIONAL: areas still registering themselves, in the order their path conflicts need.
  registerConfigurationImportRoutes(app);
  registerConfigurationExportRoutes(app);
  registerConfigurationValidateRoutes(app);
  registerConfigurationCompareDocumentRoutes(app);
  // Static paths before any parametric sibling (`O/quotes/configuration` before `O/quotes/{quoteId}`).
  registerEntityConfigurationRoutes(app);
  registerQuoteConfigurationLegacyRoutes(app);
  registerPageLayoutRoutes(app);
  registerConfigurationCompareSheetsRoutes(app);
  registerCustomObjectRoutes(app);
  registerRelationshipLinkRoutes(app);
  // Before the entity CRUD routes, so `/entities/{entityType}/deleteAll` is never read as an entity id.
  registerEntityDeleteAllRoutes(app);
  // Before the entity CRUD routes: its event-name refresh wraps their event create and update.
  registerEventRoutes(app);
  registerDataValidationRoutes(app);
  // After `/entities/{entityType}/configuration`, which the entity id routes would otherwise shadow.
  registerEntityCrudRoutes(app);
}
