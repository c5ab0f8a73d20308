import { ApiError } from "../errors/api-error";

/** Where the Sheets API v4 lives unless `SHEETS_API_BASE_URL` says otherwise. */
export const DEFAULT_SHEETS_API_BASE_URL = "https://sheets.googleapis.com";
/** Where the Drive API v3 lives unless `DRIVE_API_BASE_URL` says otherwise. */
export const DEFAULT_DRIVE_API_BASE_URL = "https://www.googleapis.com";

/** How long one call to Google Sheets may take before the caller gets 502 `SheetsUnavailable`. */
const REQUEST_TIMEOUT_MS = 20_000;

/** One cell as `valueRenderOption=UNFORMATTED_VALUE` gives it: text, number or boolean. */
export type SheetCell = string | number | boolean | null;
/** A tab's values, row-major; Google omits trailing empty cells and rows. */
export type SheetRows = SheetCell[][];

export type SheetsFetch = (input: string, init?: RequestInit) => Promise<Response>;

interface GoogleErrorBody {
  error?: { code?: number; message?: string; status?: string; errors?: Array<{ reason?: string }> };
}

interface BatchGetResponse {
  valueRanges?: Array<{ range?: string; values?: SheetRows }>;
}

interface SpreadsheetMetadata {
  sheets?: Array<{ properties?: { title?: string } }>;
}

type Attempt = { ok: true; body: unknown } | { ok: false; status: number; message: string; reason?: string };

/** A tab of a spreadsheet with its numeric id (the id batchUpdate requests address it by). */
export interface SheetTab {
  sheetId: number;
  title: string;
}

/** A tab's title and grid size. */
export interface TabShape {
  title: string;
  rowCount: number;
  columnCount: number;
}

/** What a failed call was trying to do; it words the error the caller sees. */
type Access = "read" | "write" | "folder";

/**
 * A client for the Google Sheets API v4 (reads, and the writes a bordereau export makes), acting with
 * the caller's own OAuth access token (interface, Authentication 9). Provider failures become the
 * service's error envelope: 401 → 400 `SheetsTokenRejected`, 403 → 400 `SheetsAccessDenied`, 404 → 404
 * `SpreadsheetNotFound` (`FolderNotFound` for a Drive folder), 400 on a write → 400 `SheetsRequestRejected`,
 * anything else (5xx, 429, rate-limit 403s, unexpected 4xx, network failure, timeout, unreadable body)
 * → 502 `SheetsUnavailable`.
 */
export class GoogleSheetsClient {
  private readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly accessToken: string,
    private readonly fetcher: SheetsFetch,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
  }

  /** Titles of the spreadsheet's tabs: `GET /v4/spreadsheets/{id}?fields=sheets.properties.title`. */
  async tabTitles(spreadsheetId: string): Promise<string[]> {
    const url = `${this.spreadsheetUrl(spreadsheetId)}?fields=${encodeURIComponent("sheets.properties.title")}`;
    const attempt = await this.get(url);
    if (!attempt.ok) throw providerError(attempt.status, attempt.message);
    const sheets = (attempt.body as SpreadsheetMetadata).sheets;
    if (!Array.isArray(sheets)) return [];
    return sheets.map((s) => s?.properties?.title).filter((t): t is string => typeof t === "string");
  }

  /**
   * The values of each named tab, whole, via one `values:batchGet` (rows, unformatted values). A tab
   * the spreadsheet does not have is left out of the result; tabs are first checked against the
   * spreadsheet's tab list, and a tab that disappears in between ("Unable to parse range") is dropped
   * and the rest fetched again.
   */
  async readTabs(spreadsheetId: string, wanted: readonly string[]): Promise<Map<string, SheetRows>> {
    const existing = new Set(await this.tabTitles(spreadsheetId));
    let tabs = wanted.filter((tab) => existing.has(tab));
    while (tabs.length > 0) {
      const attempt = await this.get(this.batchGetUrl(spreadsheetId, tabs));
      if (attempt.ok) return readValueRanges(tabs, attempt.body as BatchGetResponse);
      const missing = attempt.status === 400 ? missingRange(attempt.message, tabs) : undefined;
      if (missing === undefined) throw providerError(attempt.status, attempt.message);
      tabs = tabs.filter((tab) => tab !== missing);
    }
    return new Map();
  }

  /** Tabs with their ids: `GET /v4/spreadsheets/{id}?fields=sheets.properties(sheetId,title)`. */
  async tabs(spreadsheetId: string): Promise<SheetTab[]> {
    const fields = encodeURIComponent("sheets.properties(sheetId,title)");
    const url = `${this.spreadsheetUrl(spreadsheetId)}?fields=${fields}`;
    const attempt = await this.get(url);
    if (!attempt.ok) throw providerError(attempt.status, attempt.message, "read", attempt.reason);
    const sheets = (attempt.body as { sheets?: Array<{ properties?: Partial<SheetTab> }> }).sheets;
    if (!Array.isArray(sheets)) return [];
    return sheets.flatMap((s) =>
      typeof s?.properties?.sheetId === "number" && typeof s.properties.title === "string"
        ? [{ sheetId: s.properties.sheetId, title: s.properties.title }]
        : [],
    );
  }

  /** Adds a tab of the given size (`:batchUpdate` with `addSheet`) and answers its id; needs write access. */
  async addTab(spreadsheetId: string, shape: TabShape): Promise<number> {
    const properties = {
      title: shape.title,
      gridProperties: { rowCount: shape.rowCount, columnCount: shape.columnCount },
    };
    const body = await this.batchUpdate(spreadsheetId, [{ addSheet: { properties } }]);
    const sheetId = (body as { replies?: Array<{ addSheet?: { properties?: { sheetId?: unknown } } }> }).replies?.[0]
      ?.addSheet?.properties?.sheetId;
    if (typeof sheetId !== "number") throw unavailable("Google Sheets answered addSheet without the new tab's id");
    return sheetId;
  }

  /** Renames and resizes a tab (`:batchUpdate` with `updateSheetProperties`); needs write access. */
  async reshapeTab(spreadsheetId: string, sheetId: number, shape: TabShape): Promise<void> {
    const properties = {
      sheetId,
      title: shape.title,
      gridProperties: { rowCount: shape.rowCount, columnCount: shape.columnCount },
    };
    await this.batchUpdate(spreadsheetId, [
      { updateSheetProperties: { properties, fields: "title,gridProperties.rowCount,gridProperties.columnCount" } },
    ]);
  }

  /**
   * Writes rows to a fixed A1 range (`PUT values/{range}?valueInputOption=RAW`): writing the same
   * rows again gives the same cells. RAW keeps text such as `=SUM(...)` from becoming a formula.
   */
  async writeRange(spreadsheetId: string, range: string, rows: SheetRows): Promise<void> {
    const url = `${this.spreadsheetUrl(spreadsheetId)}/values/${encodeURIComponent(range)}?valueInputOption=RAW`;
    const attempt = await this.send("PUT", url, { range, majorDimension: "ROWS", values: rows });
    if (!attempt.ok) throw providerError(attempt.status, attempt.message, "write", attempt.reason);
  }

  private async batchUpdate(spreadsheetId: string, requests: unknown[]): Promise<unknown> {
    const attempt = await this.send("POST", `${this.spreadsheetUrl(spreadsheetId)}:batchUpdate`, { requests });
    if (!attempt.ok) throw providerError(attempt.status, attempt.message, "write", attempt.reason);
    return attempt.body;
  }

  private spreadsheetUrl(spreadsheetId: string) {
    return `${this.baseUrl}/v4/spreadsheets/${encodeURIComponent(spreadsheetId)}`;
  }

  private batchGetUrl(spreadsheetId: string, tabs: readonly string[]) {
    const query = new URLSearchParams();
    for (const tab of tabs) query.append("ranges", tab);
    query.set("majorDimension", "ROWS");
    query.set("valueRenderOption", "UNFORMATTED_VALUE");
    return `${this.spreadsheetUrl(spreadsheetId)}/values:batchGet?${query}`;
  }

  private get(url: string): Promise<Attempt> {
    return this.send("GET", url);
  }

  private send(method: string, url: string, body?: unknown): Promise<Attempt> {
    return sendToGoogle(this.fetcher, this.accessToken, method, url, body);
  }
}

/**
 * The Drive API v3, for the one call a bordereau export needs: creating a spreadsheet inside a folder
 * (shared drives included), with the caller's own OAuth access token.
 */
export class GoogleDriveClient {
  private readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly accessToken: string,
    private readonly fetcher: SheetsFetch,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
  }

  /** `POST /drive/v3/files?supportsAllDrives=true` with the spreadsheet MIME type; answers the new file's id. */
  async createSpreadsheet(name: string, folderId: string): Promise<string> {
    const body = { name, mimeType: "application/vnd.google-apps.spreadsheet", parents: [folderId] };
    const attempt = await sendToGoogle(
      this.fetcher,
      this.accessToken,
      "POST",
      `${this.baseUrl}/drive/v3/files?supportsAllDrives=true`,
      body,
    );
    if (!attempt.ok) throw providerError(attempt.status, attempt.message, "folder", attempt.reason);
    const id = (attempt.body as { id?: unknown }).id;
    if (typeof id !== "string" || !id) throw unavailable("Google Drive answered without the new spreadsheet's id");
    return id;
  }
}

async function sendToGoogle(
  fetcher: SheetsFetch,
  accessToken: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<Attempt> {
  let response: Response;
  try {
    response = await fetcher(url, {
      method,
      headers: {
        Authorization: `Bearer ${accessToken}`,
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw unavailable(`Google Sheets could not be reached (${error instanceof Error ? error.name : "network error"})`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw unavailable("Google Sheets closed the connection before answering");
  }
  if (response.ok) {
    try {
      return { ok: true, body: JSON.parse(text) as unknown };
    } catch {
      throw unavailable("Google Sheets answered with a body that is not JSON");
    }
  }
  let error: GoogleErrorBody["error"];
  try {
    error = (JSON.parse(text) as GoogleErrorBody).error;
  } catch {
    error = undefined;
  }
  return { ok: false, status: response.status, message: error?.message ?? "", reason: error?.errors?.[0]?.reason };
}

/** A Sheets or Drive failure worth retrying later: the provider was down, slow or rate limiting. */
export function isTransientGoogleError(error: unknown): boolean {
  return error instanceof ApiError && error.code === "SheetsUnavailable";
}

/** The requested tab a 400 "Unable to parse range: <tab>" names, if any. */
function missingRange(message: string, tabs: readonly string[]): string | undefined {
  const match = /Unable to parse range:\s*(.+)$/.exec(message.trim());
  if (!match) return undefined;
  const range = (match[1] ?? "").trim();
  const name = range
    .replace(/!.*$/, "")
    .replace(/^'(.*)'$/, "$1")
    .replaceAll("''", "'");
  return tabs.find((tab) => tab === name || tab === range);
}

/** batchGet answers value ranges in the order the ranges were asked for. */
function readValueRanges(tabs: readonly string[], body: BatchGetResponse): Map<string, SheetRows> {
  const ranges = Array.isArray(body?.valueRanges) ? body.valueRanges : null;
  if (!ranges || ranges.length !== tabs.length)
    throw unavailable("Google Sheets answered with an unexpected set of ranges");
  const out = new Map<string, SheetRows>();
  tabs.forEach((tab, index) => {
    const values = ranges[index]?.values;
    out.set(tab, Array.isArray(values) ? values.map((row) => (Array.isArray(row) ? row : [])) : []);
  });
  return out;
}

function unavailable(message: string) {
  return new ApiError({
    code: "SheetsUnavailable",
    message,
    userMessages: ["Google Sheets is not available right now. Please try again in a moment."],
  });
}

/** Drive reports rate limiting as 403 with one of these reasons. */
const RATE_LIMIT_REASONS = new Set(["rateLimitExceeded", "userRateLimitExceeded"]);

function providerError(status: number, providerMessage: string, access: Access = "read", reason?: string): ApiError {
  if (status === 403 && reason && RATE_LIMIT_REASONS.has(reason)) return unavailable(`Google answered 403 ${reason}`);
  if (access !== "read") {
    const refused = writeRefusal(status, providerMessage, access);
    if (refused) return refused;
  }
  switch (status) {
    case 401:
      return new ApiError({
        code: "SheetsTokenRejected",
        message: "The Google Sheets access token was rejected; it may have expired",
        userMessages: [
          "The Google Sheets access token was rejected; it may have expired. " +
            "Sign in to Google again and retry with a fresh token.",
        ],
        details: [{ field: "sheetsOAuthToken", message: "was rejected by Google Sheets" }],
      });
    case 403:
      return new ApiError({
        code: "SheetsAccessDenied",
        message: "The Google Sheets access token does not grant read access to the spreadsheet",
        userMessages: [
          "The Google account behind the access token cannot read this spreadsheet. " +
            "Share the spreadsheet with that account, or use a token with spreadsheet read access.",
        ],
        details: [{ field: "spreadsheetId", message: "is not readable with the given access token" }],
      });
    case 404:
      return new ApiError({
        code: "SpreadsheetNotFound",
        message: "Spreadsheet not found",
        userMessages: ["No Google Sheets spreadsheet has this id. Check the spreadsheet id."],
        details: [{ field: "spreadsheetId", message: "names no spreadsheet" }],
      });
    default:
      return unavailable(`Google Sheets answered ${status}${providerMessage ? `: ${providerMessage}` : ""}`);
  }
}

/** How a write (to a spreadsheet, or into a Drive folder) refusal differs from a read refusal. */
function writeRefusal(status: number, providerMessage: string, access: Exclude<Access, "read">): ApiError | null {
  const target = access === "folder" ? "folderId" : "spreadsheetId";
  if (status === 403) {
    const what = access === "folder" ? "create a spreadsheet in this Google Drive folder" : "write to this spreadsheet";
    return new ApiError({
      code: "SheetsAccessDenied",
      message:
        access === "folder"
          ? "The Google access token does not grant write access to the folder"
          : "The Google Sheets access token does not grant write access to the spreadsheet",
      userMessages: [
        `The Google account behind the access token cannot ${what}. ` +
          "Share it with that account as an editor, or use a token with the drive or spreadsheets scope.",
      ],
      details: [{ field: target, message: "is not writable with the given access token" }],
    });
  }
  if (status === 404 && access === "folder") {
    return new ApiError({
      code: "FolderNotFound",
      message: "Google Drive folder not found",
      userMessages: [
        "No Google Drive folder with this id is visible to the access token. " +
          "Check the folder id and that it is shared with the account.",
      ],
      details: [{ field: "folderId", message: "names no folder visible to the access token" }],
    });
  }
  if (status === 400) {
    return new ApiError({
      code: "SheetsRequestRejected",
      message: `Google refused the request${providerMessage ? `: ${providerMessage}` : ""}`,
      userMessages: [`Google refused to write the export${providerMessage ? `: ${providerMessage}` : "."}`],
      details: [{ field: target, message: providerMessage || "Google refused the request" }],
    });
  }
  return null;
}
