import type { RouteEntry } from "../../http/registry";
import { compareConfigurationDocument } from "./compare-configuration-document";
import { compareConfigurationSpreadsheet } from "./compare-configuration-spreadsheet";
import { exportConfiguration } from "./export-configuration";
import { getEntityConfiguration } from "./get-entity-configuration";
import { getPageLayout } from "./get-page-layout";
import { getQuoteConfigurationLegacy } from "./get-quote-configuration-legacy";
import { importConfiguration } from "./import-configuration";
import { validateConfiguration } from "./validate-configuration";

/** The configuration document (import, export, validate, compare) and the reads built from it. */
export const configurationRoutes: RouteEntry[] = [
  importConfiguration,
  exportConfiguration,
  validateConfiguration,
  compareConfigurationDocument,
  compareConfigurationSpreadsheet,
  getEntityConfiguration,
  getQuoteConfigurationLegacy,
  getPageLayout,
];
