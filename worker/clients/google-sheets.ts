import { ApiError } from "../http/errors";

/** Where the Sheets API v4 lives unless `SHEETS_API_BASE_URL` says otherwise. */
export const DEFAULT_SHEETS_API_BASE_URL = "https://sheets.googleapis.com";

/** How long one call to Google Sheets may take before the caller gets 502 `SheetsUnavailable`. */
const REQUEST_TIMEOUT_MS = 20_000;

/** One cell as `valueRenderOption=UNFORMATTED_VALUE` gives it: text, number or boolean. */
export type SheetCell = string | number | boolean | null;
/** A tab's values, row-major; Google omits trailing empty cells and rows. */
export type SheetRows = SheetCell[][];

export type SheetsFetch = (input: string, init?: RequestInit) => Promise<Response>;

interface GoogleErrorBody {
  error?: { code?: number; message?: string; status?: string };
}

interface BatchGetResponse {
  valueRanges?: Array<{ range?: string; values?: SheetRows }>;
}

interface SpreadsheetMetadata {
  sheets?: Array<{ properties?: { title?: string } }>;
}

type Attempt = { ok: true; body: unknown } | { ok: false; status: number; message: string };

/**
 * A read-only client for the Google Sheets API v4, acting with the caller's own OAuth access token
 * (interface, Authentication 9). Provider failures become the service's error envelope:
 * 401 → 400 `SheetsTokenRejected`, 403 → 400 `SheetsAccessDenied`, 404 → 404 `SpreadsheetNotFound`,
 * anything else (5xx, 429, unexpected 4xx, network failure, timeout, unreadable body) → 502 `SheetsUnavailable`.
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

  private async get(url: string): Promise<Attempt> {
    const fetcher = this.fetcher;
    let response: Response;
    try {
      response = await fetcher(url, {
        method: "GET",
        headers: { Authorization: `Bearer ${this.accessToken}`, Accept: "application/json" },
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
    let message = "";
    try {
      message = (JSON.parse(text) as GoogleErrorBody).error?.message ?? "";
    } catch {
      message = "";
    }
    return { ok: false, status: response.status, message };
  }
}

/** The requested tab a 400 "Unable to parse range: <tab>" names, if any. */
function missingRange(message: string, tabs: readonly string[]): string | undefined {
  const match = /Unable to parse range:\s*(.+)$/.exec(message.trim());
  if (!match) return undefined;
  const range = match[1]!.trim();
  const name = range.replace(/!.*$/, "").replace(/^'(.*)'$/, "$1").replaceAll("''", "'");
  return tabs.find((tab) => tab === name || tab === range);
}

/** batchGet answers value ranges in the order the ranges were asked for. */
function readValueRanges(tabs: readonly string[], body: BatchGetResponse): Map<string, SheetRows> {
  const ranges = Array.isArray(body?.valueRanges) ? body.valueRanges : null;
  if (!ranges || ranges.length !== tabs.length) throw unavailable("Google Sheets answered with an unexpected set of ranges");
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

function providerError(status: number, providerMessage: string): ApiError {
  switch (status) {
    case 401:
      return new ApiError({
        code: "SheetsTokenRejected",
        message: "The Google Sheets access token was rejected; it may have expired",
        userMessages: ["The Google Sheets access token was rejected; it may have expired. Sign in to Google again and retry with a fresh token."],
        details: [{ field: "sheetsOAuthToken", message: "was rejected by Google Sheets" }],
      });
    case 403:
      return new ApiError({
        code: "SheetsAccessDenied",
        message: "The Google Sheets access token does not grant read access to the spreadsheet",
        userMessages: ["The Google account behind the access token cannot read this spreadsheet. Share the spreadsheet with that account, or use a token with spreadsheet read access."],
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
