import type { RouteEntry } from "../../http/registry";
import { getLifecycle } from "./get-lifecycle";
import { getMe } from "./get-me";
import { listAuditLog } from "./list-audit-log";
import { listEntityTypes } from "./list-entity-types";
import { resetCompany } from "./reset-company";
import { seedStarterConfiguration } from "./starter-configuration";

/** The calling key, the company's lifecycle and reset, its audit log, and the retired starter seed. */
export const companyRoutes: RouteEntry[] = [
  getMe,
  listEntityTypes,
  getLifecycle,
  resetCompany,
  listAuditLog,
  ...seedStarterConfiguration,
];
