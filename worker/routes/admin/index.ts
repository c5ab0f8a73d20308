import type { RouteEntry } from "../../http/registry";
import { createApiKey } from "./create-api-key";
import { createCompany } from "./create-company";
import { getCompany } from "./get-company";
import { listApiKeys } from "./list-api-keys";
import { revokeApiKey } from "./revoke-api-key";
import { updateCompany } from "./update-company";

/** Platform administration, staff token only (CONTRACT section 1). */
export const adminRoutes: RouteEntry[] = [
  createCompany,
  getCompany,
  updateCompany,
  createApiKey,
  listApiKeys,
  revokeApiKey,
];
