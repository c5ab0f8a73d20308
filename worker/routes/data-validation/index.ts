import type { RouteEntry } from "../../http/registry";
import { getDataValidationRun } from "./get-data-validation-run";
import { listDataValidationFindings } from "./list-data-validation-findings";
import { startDataValidationRun } from "./start-data-validation-run";
import { validateDataBatch } from "./validate-data-batch";

/** Data validation of stored records against the current configuration (interface, issue 4 item 11). */
export const dataValidationRoutes: RouteEntry[] = [
  validateDataBatch,
  startDataValidationRun,
  getDataValidationRun,
  listDataValidationFindings,
];
