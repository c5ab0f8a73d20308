import type { RouteEntry } from "../../http/registry";
import { createCustomObjectRoutes } from "./create-custom-object";
import { listCustomObjectRoutes } from "./list-custom-objects";
import { readCustomObjectRoutes } from "./read-custom-object";
import { updateCustomObjectRoutes } from "./update-custom-object";

/** Records of the company's configured custom object types, under the P and X families. */
export const customObjectRoutes: RouteEntry[] = [
  ...createCustomObjectRoutes,
  ...listCustomObjectRoutes,
  ...readCustomObjectRoutes,
  ...updateCustomObjectRoutes,
];
