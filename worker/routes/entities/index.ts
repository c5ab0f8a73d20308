import type { RouteEntry } from "../../http/registry";
import { createRecordRoutes } from "./create-record";
import { deleteAllRecordsRoute } from "./delete-all";
import { listRecordRoutes } from "./list-records";
import { readRecordRoutes } from "./read-record";
import { updateRecordRoutes } from "./update-record";

/** Entity records of the six parametric types: create, list, read, partial update, and the Sandbox wipe. */
export const entityRoutes: RouteEntry[] = [
  ...createRecordRoutes,
  ...listRecordRoutes,
  ...readRecordRoutes,
  ...updateRecordRoutes,
  deleteAllRecordsRoute,
];
