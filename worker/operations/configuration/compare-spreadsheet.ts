import { DEFAULT_SHEETS_API_BASE_URL, GoogleSheetsClient } from "../../clients/google-sheets";
import { COMPARE_CATEGORIES, diffDocuments } from "../../domain/configuration/diff";
import {
  readSpreadsheetDocument,
  SPREADSHEET_TABS,
  type SpreadsheetTabs,
} from "../../domain/configuration/spreadsheet-document";
import { invalidConfiguration } from "../../errors/configuration-refusals";
import type { OperationContext } from "../context";
import { readingBase } from "./reading-base";

export interface SpreadsheetSource {
  spreadsheetId: string;
  /** The caller's own OAuth access token: used for this call only, never stored or logged. */
  sheetsOAuthToken: string;
}

/**
 * What importing the configuration held in a Google Sheets spreadsheet would change: the spreadsheet is
 * read into a document and compared exactly as a document body is.
 */
export async function compareSpreadsheet(ctx: OperationContext, source: SpreadsheetSource) {
  const sheets = new GoogleSheetsClient(
    ctx.env.SHEETS_API_BASE_URL || DEFAULT_SHEETS_API_BASE_URL,
    source.sheetsOAuthToken,
    (input, init) => fetch(input, init),
  );
  const [tabs, { stored, usage }] = await Promise.all([
    sheets.readTabs(source.spreadsheetId, SPREADSHEET_TABS),
    readingBase(ctx),
  ]);
  const { document, issues } = readSpreadsheetDocument(
    Object.fromEntries(tabs) as SpreadsheetTabs,
    stored.document,
    usage,
  );
  if (!document) throw invalidConfiguration(issues);
  return diffDocuments(COMPARE_CATEGORIES, stored.document, document);
}
