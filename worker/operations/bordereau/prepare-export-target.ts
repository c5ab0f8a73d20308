import {
  DEFAULT_DRIVE_API_BASE_URL,
  DEFAULT_SHEETS_API_BASE_URL,
  GoogleDriveClient,
  GoogleSheetsClient,
  type SheetsFetch,
} from "../../clients/google-sheets";
import { defaultSpreadsheetName, NEW_SPREADSHEET_TAB, newTabTitle } from "../../domain/bordereau/export-plan";
import type { Env } from "../../env";

/** Where an export writes: the spreadsheet and the tab, already sized for every row. */
export interface ExportTarget {
  spreadsheetId: string;
  sheetTitle: string;
}

export interface TargetRequest {
  token: string;
  spreadsheetId?: string;
  folderId?: string;
  spreadsheetName?: string;
  companyShortName: string;
  /** Size of the tab: the header plus every row, and every column. */
  rowCount: number;
  columnCount: number;
  now: Date;
}

const fetcher: SheetsFetch = (input, init) => fetch(input, init);

/**
 * Prepares the target synchronously, so a token or access problem is answered to the caller before
 * anything is queued: either a new spreadsheet in the folder (Drive), its first tab renamed and sized,
 * or a new tab of the given spreadsheet, added at its final size (which also proves write access).
 * A tab must be sized up front: Google refuses value writes beyond a tab's grid.
 */
export async function prepareExportTarget(env: Env, request: TargetRequest): Promise<ExportTarget> {
  const sheets = new GoogleSheetsClient(env.SHEETS_API_BASE_URL || DEFAULT_SHEETS_API_BASE_URL, request.token, fetcher);
  const shape = { rowCount: request.rowCount, columnCount: request.columnCount };
  if (request.folderId) {
    const drive = new GoogleDriveClient(env.DRIVE_API_BASE_URL || DEFAULT_DRIVE_API_BASE_URL, request.token, fetcher);
    const name = request.spreadsheetName ?? defaultSpreadsheetName(request.companyShortName, request.now);
    const spreadsheetId = await drive.createSpreadsheet(name, request.folderId);
    const [first] = await sheets.tabs(spreadsheetId);
    if (first) await sheets.reshapeTab(spreadsheetId, first.sheetId, { title: NEW_SPREADSHEET_TAB, ...shape });
    else await sheets.addTab(spreadsheetId, { title: NEW_SPREADSHEET_TAB, ...shape });
    return { spreadsheetId, sheetTitle: NEW_SPREADSHEET_TAB };
  }
  const spreadsheetId = request.spreadsheetId;
  // The body schema requires exactly one of `folderId` and `spreadsheetId`.
  if (!spreadsheetId) throw new Error("a bordereau export names neither a spreadsheet nor a folder");
  const existing = await sheets.tabs(spreadsheetId);
  const sheetTitle = newTabTitle(
    request.now,
    existing.map((t) => t.title),
  );
  await sheets.addTab(spreadsheetId, { title: sheetTitle, ...shape });
  return { spreadsheetId, sheetTitle };
}
