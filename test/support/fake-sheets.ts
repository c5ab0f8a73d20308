import { must } from "./must";

/**
 * A fake Google Sheets API v4, answering the worker's outbound fetches in tests (wired as the `workers`
 * project's miniflare `outboundService` in vitest.config.ts; it runs in the Node process, not in workerd).
 *
 * Tests set spreadsheets up through a control endpoint on the same origin, with plain `fetch` from
 * inside the test (which goes through the outbound service too):
 *
 *   PUT  https://fake-sheets.test/__control/spreadsheets/{id}
 *        {token, tabs: {name: rows[][]}, failWith?: status, failOn?: "metadata" | "values" | "write", listedTabs?: string[]}
 *   GET  https://fake-sheets.test/__control/spreadsheets/{id}/requests  → [{method, url, authorization}]
 *
 * API behaviour, as Google's: a bearer token no spreadsheet knows is 401 UNAUTHENTICATED; an unknown
 * spreadsheet 404 NOT_FOUND; a known token that is not the spreadsheet's 403 PERMISSION_DENIED; a range
 * naming a missing tab 400 INVALID_ARGUMENT "Unable to parse range: <range>". `failWith` answers that
 * status (Google-shaped) to every API call, or only to the metadata or values call (or the writes) with `failOn`;
 * `listedTabs` overrides the tab titles metadata reports (to model a tab deleted between two calls).
 * Value ranges drop trailing empty cells and rows, as Google does. State lives for the test run; use
 * a unique spreadsheet id per test.
 *
 * Writes (bordereau exports): `:batchUpdate` with `addSheet` and `updateSheetProperties`, and
 * `PUT values/{range}?valueInputOption=RAW`, need the spreadsheet's own `token` (a token listed in
 * `readOnlyTokens` can read but gets 403 on writes). Every tab has a grid (`grids`, default 1000 × 26
 * rows × columns, as a new Google sheet): a range beyond it is 400 "exceeds grid limits", as Google
 * answers. `failWrites: {status, times}` answers `status` to the next `times` value writes. A fake
 * Google Drive on its own origin creates spreadsheets in folders set up with
 *
 *   PUT  https://fake-drive.test/__control/folders/{id}   {token, readOnlyTokens?: string[]}
 *
 * (`POST /drive/v3/files`: unknown token 401; a folder the token cannot see 404 "File not found";
 * a read-only token 403). A created spreadsheet has one tab `Sheet1` (sheetId 0) and belongs to the
 * creating token. `GET /__control/spreadsheets/{id}` answers a spreadsheet's whole state, written
 * cells included.
 */

export const FAKE_SHEETS_ORIGIN = "https://fake-sheets.test";
export const FAKE_DRIVE_ORIGIN = "https://fake-drive.test";

type Cell = string | number | boolean | null;

export interface FakeSpreadsheet {
  token: string;
  tabs: Record<string, Cell[][]>;
  failWith?: number;
  failOn?: "metadata" | "values" | "write";
  listedTabs?: string[];
  readOnlyTokens?: string[];
  grids?: Record<string, Grid>;
  sheetIds?: Record<string, number>;
  failWrites?: { status: number; times: number };
  name?: string;
  parents?: string[];
}

interface Grid {
  rowCount: number;
  columnCount: number;
}

interface FakeFolder {
  token: string;
  readOnlyTokens?: string[];
}

const DEFAULT_GRID: Grid = { rowCount: 1000, columnCount: 26 };

interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | null;
}

const spreadsheets = new Map<string, FakeSpreadsheet>();
const requests = new Map<string, RecordedRequest[]>();
const folders = new Map<string, FakeFolder>();

const STATUS_NAMES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  502: "UNAVAILABLE",
  503: "UNAVAILABLE",
  504: "DEADLINE_EXCEEDED",
};

const MESSAGES: Record<number, string> = {
  401: "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
  403: "The caller does not have permission",
  404: "Requested entity was not found.",
  429: "Quota exceeded for quota metric 'Read requests'.",
  500: "Internal error encountered.",
  503: "The service is currently unavailable.",
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=UTF-8" } });

function googleError(code: number, message = MESSAGES[code] ?? "Error") {
  return json({ error: { code, message, status: STATUS_NAMES[code] ?? "UNKNOWN" } }, code);
}

const isBlank = (cell: Cell | undefined) => cell === null || cell === undefined || cell === "";

/** Google drops trailing empty cells of each row and trailing empty rows. */
function trimmed(rows: Cell[][]): Cell[][] {
  const out = rows.map((row) => {
    const copy = [...row];
    while (copy.length > 0 && isBlank(copy[copy.length - 1])) copy.pop();
    return copy.map((cell) => (cell === null ? "" : cell));
  });
  while (out.length > 0 && out.at(-1)?.length === 0) out.pop();
  return out;
}

/** FORMATTED_VALUE (Google's default) renders every cell as text. */
function formatted(rows: Cell[][]): Cell[][] {
  return rows.map((row) =>
    row.map((cell) => (typeof cell === "boolean" ? (cell ? "TRUE" : "FALSE") : cell === null ? "" : String(cell))),
  );
}

function columnLetter(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

const quoted = (tab: string) => (/^[A-Za-z0-9_]+$/.test(tab) ? tab : `'${tab.replaceAll("'", "''")}'`);

/** A range is a tab name, optionally quoted, optionally followed by `!A1:B2`. */
function tabOfRange(range: string): string {
  const sheet = range.includes("!") ? range.slice(0, range.indexOf("!")) : range;
  return /^'.*'$/.test(sheet) ? sheet.slice(1, -1).replaceAll("''", "'") : sheet;
}

async function control(request: Request, id: string, rest: string): Promise<Response> {
  if (rest === "" && request.method === "PUT") {
    const body = (await request.json()) as FakeSpreadsheet;
    if (typeof body?.token !== "string" || !body.tabs || typeof body.tabs !== "object")
      return json({ error: "token and tabs are required" }, 400);
    spreadsheets.set(id, body);
    requests.set(id, []);
    return new Response(null, { status: 204 });
  }
  if (rest === "" && request.method === "DELETE") {
    spreadsheets.delete(id);
    return new Response(null, { status: 204 });
  }
  if (rest === "/requests" && request.method === "GET") return json(requests.get(id) ?? []);
  if (rest === "" && request.method === "GET")
    return spreadsheets.has(id) ? json(spreadsheets.get(id)) : json({ error: "no such spreadsheet" }, 404);
  return json({ error: "unknown control call" }, 404);
}

async function api(request: Request, url: URL, id: string, action: "metadata" | "values"): Promise<Response> {
  requests.get(id)?.push({
    method: request.method,
    url: url.pathname + url.search,
    authorization: request.headers.get("Authorization"),
  });
  if (request.method !== "GET") return googleError(405, "Method not allowed.");
  const token = bearer(request);
  if (!knownToken(token)) return googleError(401);
  const sheet = spreadsheets.get(id);
  if (!sheet) return googleError(404);
  if (sheet.token !== token && !sheet.readOnlyTokens?.includes(token)) return googleError(403);
  if (sheet.failWith !== undefined && (sheet.failOn === undefined || sheet.failOn === action))
    return googleError(sheet.failWith);

  if (action === "metadata") {
    const titles = sheet.listedTabs ?? Object.keys(sheet.tabs);
    // `fields=sheets.properties.title` narrows the answer to exactly this shape; `(sheetId,title)` adds the id.
    const fields = url.searchParams.get("fields");
    const sheetIdOf = (title: string, index: number) => sheet.sheetIds?.[title] ?? index;
    return json({
      sheets: titles.map((title, index) => ({
        properties: {
          title,
          ...(fields === null
            ? { sheetId: sheetIdOf(title, index), index }
            : fields.includes("sheetId")
              ? { sheetId: sheetIdOf(title, index) }
              : {}),
        },
      })),
    });
  }

  const ranges = url.searchParams.getAll("ranges");
  if (ranges.length === 0) return googleError(400, "Must specify at least one range.");
  const unformatted = url.searchParams.get("valueRenderOption") === "UNFORMATTED_VALUE";
  const byColumns = url.searchParams.get("majorDimension") === "COLUMNS";
  const valueRanges = [];
  for (const range of ranges) {
    const tab = tabOfRange(range);
    const rows = sheet.tabs[tab];
    if (!rows) return googleError(400, `Unable to parse range: ${range}`);
    let values = trimmed(unformatted ? rows : formatted(rows));
    const width = Math.max(1, ...values.map((r) => r.length));
    if (byColumns) values = Array.from({ length: width }, (_, c) => values.map((r) => r[c] ?? ""));
    valueRanges.push({
      range: `${quoted(tab)}!A1:${columnLetter(Math.max(width, 26) - 1)}${Math.max(values.length, 1000)}`,
      majorDimension: byColumns ? "COLUMNS" : "ROWS",
      ...(values.length > 0 ? { values } : {}),
    });
  }
  return json({ spreadsheetId: id, valueRanges });
}

const bearer = (request: Request) => /^Bearer (.+)$/.exec(request.headers.get("Authorization") ?? "")?.[1];

function knownToken(token: string | undefined): token is string {
  if (!token) return false;
  for (const s of spreadsheets.values()) if (s.token === token || s.readOnlyTokens?.includes(token)) return true;
  for (const f of folders.values()) if (f.token === token || f.readOnlyTokens?.includes(token)) return true;
  return false;
}

/** The spreadsheet a write may change, or Google's refusal. */
function writable(request: Request, url: URL, id: string): { sheet: FakeSpreadsheet } | { refusal: Response } {
  requests.get(id)?.push({
    method: request.method,
    url: url.pathname + url.search,
    authorization: request.headers.get("Authorization"),
  });
  const token = bearer(request);
  if (!knownToken(token)) return { refusal: googleError(401) };
  const sheet = spreadsheets.get(id);
  if (!sheet) return { refusal: googleError(404) };
  if (sheet.token !== token) return { refusal: googleError(403) };
  if (sheet.failWith !== undefined && (sheet.failOn === undefined || sheet.failOn === "write"))
    return { refusal: googleError(sheet.failWith) };
  return { sheet };
}

const gridOf = (sheet: FakeSpreadsheet, tab: string): Grid => sheet.grids?.[tab] ?? DEFAULT_GRID;

function setTab(sheet: FakeSpreadsheet, title: string, grid: Grid, sheetId: number) {
  sheet.tabs[title] ??= [];
  sheet.grids = { ...sheet.grids, [title]: grid };
  sheet.sheetIds = { ...sheet.sheetIds, [title]: sheetId };
}

async function batchUpdate(request: Request, url: URL, id: string): Promise<Response> {
  const access = writable(request, url, id);
  if ("refusal" in access) return access.refusal;
  const { sheet } = access;
  const body = (await request.json()) as { requests?: Array<Record<string, any>> };
  const replies: unknown[] = [];
  for (const [index, item] of (body.requests ?? []).entries()) {
    if (item.addSheet) {
      const { title, gridProperties } = item.addSheet.properties ?? {};
      if (typeof title !== "string") return googleError(400, `Invalid requests[${index}].addSheet: title is required`);
      if (sheet.tabs[title])
        return googleError(
          400,
          `Invalid requests[${index}].addSheet: A sheet with the name "${title}" already exists. Please enter another name.`,
        );
      const sheetId = 1 + Math.max(0, ...Object.values(sheet.sheetIds ?? {}), Object.keys(sheet.tabs).length);
      setTab(sheet, title, { ...DEFAULT_GRID, ...gridProperties }, sheetId);
      replies.push({
        addSheet: {
          properties: {
            sheetId,
            title,
            index: Object.keys(sheet.tabs).length - 1,
            sheetType: "GRID",
            gridProperties: gridOf(sheet, title),
          },
        },
      });
    } else if (item.updateSheetProperties) {
      const { sheetId, title, gridProperties } = item.updateSheetProperties.properties ?? {};
      const current = Object.keys(sheet.tabs).find((tab, i) => (sheet.sheetIds?.[tab] ?? i) === sheetId);
      if (current === undefined)
        return googleError(400, `Invalid requests[${index}].updateSheetProperties: No grid with id: ${sheetId}`);
      const grid = { ...gridOf(sheet, current), ...gridProperties };
      const rows = must(sheet.tabs[current]);
      delete sheet.tabs[current];
      delete sheet.grids?.[current];
      delete sheet.sheetIds?.[current];
      sheet.tabs[title ?? current] = rows;
      setTab(sheet, title ?? current, grid, sheetId);
      replies.push({});
    } else {
      return googleError(400, `Invalid requests[${index}]: the fake supports addSheet and updateSheetProperties`);
    }
  }
  return json({ spreadsheetId: id, replies });
}

const columnIndex = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;

async function updateValues(request: Request, url: URL, id: string, range: string): Promise<Response> {
  const access = writable(request, url, id);
  if ("refusal" in access) return access.refusal;
  const { sheet } = access;
  if (sheet.failWrites && sheet.failWrites.times > 0) {
    sheet.failWrites.times--;
    return googleError(sheet.failWrites.status);
  }
  if (!["RAW", "USER_ENTERED"].includes(url.searchParams.get("valueInputOption") ?? ""))
    return googleError(400, "Invalid valueInputOption");
  const tab = tabOfRange(range);
  const cells = /^([A-Z]+)(\d+):([A-Z]+)(\d+)$/.exec(range.slice(range.lastIndexOf("!") + 1));
  const rows = sheet.tabs[tab];
  if (!rows || !cells) return googleError(400, `Unable to parse range: ${range}`);
  const [first, last] = [
    { row: Number(cells[2]) - 1, column: columnIndex(must(cells[1])) },
    { row: Number(cells[4]) - 1, column: columnIndex(must(cells[3])) },
  ];
  const grid = gridOf(sheet, tab);
  if (last.row >= grid.rowCount || last.column >= grid.columnCount)
    return googleError(
      400,
      `Range (${range}) exceeds grid limits. Max rows: ${grid.rowCount}, max columns: ${grid.columnCount}`,
    );
  const values = ((await request.json()) as { values?: Cell[][] }).values ?? [];
  if (values.length > last.row - first.row + 1)
    return googleError(
      400,
      `Requested writing within range [${range}], but tried writing to row [${first.row + values.length}]`,
    );
  values.forEach((row, r) => {
    if (row.length > last.column - first.column + 1) throw new Error(`fake-sheets: row ${r} is wider than ${range}`);
    const target = rows[first.row + r] ?? [];
    rows[first.row + r] = target;
    for (const [c, cell] of row.entries()) target[first.column + c] = cell;
  });
  for (let r = 0; r < rows.length; r++) rows[r] ??= [];
  const width = Math.max(0, ...values.map((row) => row.length));
  return json({
    spreadsheetId: id,
    updatedRange: range,
    updatedRows: values.length,
    updatedColumns: width,
    updatedCells: values.reduce((n, row) => n + row.length, 0),
  });
}

/** The fake Drive: control calls for folders, and `files.create` of a spreadsheet in a folder. */
async function drive(request: Request, url: URL): Promise<Response> {
  const path = decodeURIComponent(url.pathname);
  const control = /^\/__control\/folders\/([^/]+)$/.exec(path);
  if (control && request.method === "PUT") {
    const body = (await request.json()) as FakeFolder;
    if (typeof body?.token !== "string") return json({ error: "token is required" }, 400);
    folders.set(must(control[1]), body);
    return new Response(null, { status: 204 });
  }
  if (path !== "/drive/v3/files" || request.method !== "POST") return googleError(404);
  const token = bearer(request);
  if (!knownToken(token)) return googleError(401);
  const body = (await request.json()) as { name?: string; mimeType?: string; parents?: string[] };
  if (body.mimeType !== "application/vnd.google-apps.spreadsheet")
    return googleError(400, "The fake creates spreadsheets only.");
  const folderId = body.parents?.[0] ?? "";
  const folder = folders.get(folderId);
  if (!folder || (folder.token !== token && !folder.readOnlyTokens?.includes(token)))
    return googleError(404, `File not found: ${folderId}.`);
  if (folder.token !== token)
    return json(
      {
        error: {
          code: 403,
          message: "The user does not have sufficient permissions for this file.",
          errors: [{ reason: "insufficientFilePermissions" }],
        },
      },
      403,
    );
  const id = `fake-drive-${crypto.randomUUID()}`;
  spreadsheets.set(id, {
    token,
    tabs: { Sheet1: [] },
    grids: { Sheet1: { ...DEFAULT_GRID } },
    sheetIds: { Sheet1: 0 },
    name: body.name ?? "Untitled spreadsheet",
    parents: [folderId],
  });
  requests.set(id, []);
  return json({ kind: "drive#file", id, name: body.name, mimeType: body.mimeType });
}

/** The outbound handler: the fake answers its own origins; anything else goes out as it would have. */
export async function fakeSheetsOutbound(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.origin === FAKE_DRIVE_ORIGIN) return drive(request, url);
  if (url.origin !== FAKE_SHEETS_ORIGIN) {
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    return fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: hasBody ? await request.arrayBuffer() : undefined,
      redirect: "manual",
    });
  }
  const path = decodeURIComponent(url.pathname);
  let match = /^\/__control\/spreadsheets\/([^/]+)(\/requests)?$/.exec(path);
  if (match) return control(request, must(match[1]), match[2] ?? "");
  match = /^\/v4\/spreadsheets\/([^/]+):batchUpdate$/.exec(path);
  if (match && request.method === "POST") return batchUpdate(request, url, must(match[1]));
  match = /^\/v4\/spreadsheets\/([^/]+)\/values\/(.+)$/.exec(path);
  if (match && request.method === "PUT") return updateValues(request, url, must(match[1]), must(match[2]));
  match = /^\/v4\/spreadsheets\/([^/]+)$/.exec(path);
  if (match) return api(request, url, must(match[1]), "metadata");
  match = /^\/v4\/spreadsheets\/([^/]+)\/values:batchGet$/.exec(path);
  if (match) return api(request, url, must(match[1]), "values");
  return googleError(404);
}
