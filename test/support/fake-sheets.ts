/**
 * A fake Google Sheets API v4, answering the worker's outbound fetches in tests (wired as the `workers`
 * project's miniflare `outboundService` in vitest.config.ts; it runs in the Node process, not in workerd).
 *
 * Tests set spreadsheets up through a control endpoint on the same origin, with plain `fetch` from
 * inside the test (which goes through the outbound service too):
 *
 *   PUT  https://fake-sheets.test/__control/spreadsheets/{id}
 *        {token, tabs: {name: rows[][]}, failWith?: status, failOn?: "metadata" | "values", listedTabs?: string[]}
 *   GET  https://fake-sheets.test/__control/spreadsheets/{id}/requests  → [{method, url, authorization}]
 *
 * API behaviour, as Google's: a bearer token no spreadsheet knows is 401 UNAUTHENTICATED; an unknown
 * spreadsheet 404 NOT_FOUND; a known token that is not the spreadsheet's 403 PERMISSION_DENIED; a range
 * naming a missing tab 400 INVALID_ARGUMENT "Unable to parse range: <range>". `failWith` answers that
 * status (Google-shaped) to every API call, or only to the metadata or values call with `failOn`;
 * `listedTabs` overrides the tab titles metadata reports (to model a tab deleted between two calls).
 * Value ranges drop trailing empty cells and rows, as Google does. State lives for the test run; use
 * a unique spreadsheet id per test.
 */

export const FAKE_SHEETS_ORIGIN = "https://fake-sheets.test";

type Cell = string | number | boolean | null;

export interface FakeSpreadsheet {
  token: string;
  tabs: Record<string, Cell[][]>;
  failWith?: number;
  failOn?: "metadata" | "values";
  listedTabs?: string[];
}

interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | null;
}

const spreadsheets = new Map<string, FakeSpreadsheet>();
const requests = new Map<string, RecordedRequest[]>();

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

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=UTF-8" } });

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
  while (out.length > 0 && out[out.length - 1]!.length === 0) out.pop();
  return out;
}

/** FORMATTED_VALUE (Google's default) renders every cell as text. */
function formatted(rows: Cell[][]): Cell[][] {
  return rows.map((row) => row.map((cell) => (typeof cell === "boolean" ? (cell ? "TRUE" : "FALSE") : cell === null ? "" : String(cell))));
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
    if (typeof body?.token !== "string" || !body.tabs || typeof body.tabs !== "object") return json({ error: "token and tabs are required" }, 400);
    spreadsheets.set(id, body);
    requests.set(id, []);
    return new Response(null, { status: 204 });
  }
  if (rest === "" && request.method === "DELETE") {
    spreadsheets.delete(id);
    return new Response(null, { status: 204 });
  }
  if (rest === "/requests" && request.method === "GET") return json(requests.get(id) ?? []);
  return json({ error: "unknown control call" }, 404);
}

async function api(request: Request, url: URL, id: string, action: "metadata" | "values"): Promise<Response> {
  requests.get(id)?.push({ method: request.method, url: url.pathname + url.search, authorization: request.headers.get("Authorization") });
  if (request.method !== "GET") return googleError(405, "Method not allowed.");
  const token = /^Bearer (.+)$/.exec(request.headers.get("Authorization") ?? "")?.[1];
  const knownTokens = new Set([...spreadsheets.values()].map((s) => s.token));
  if (!token || !knownTokens.has(token)) return googleError(401);
  const sheet = spreadsheets.get(id);
  if (!sheet) return googleError(404);
  if (sheet.token !== token) return googleError(403);
  if (sheet.failWith !== undefined && (sheet.failOn === undefined || sheet.failOn === action)) return googleError(sheet.failWith);

  if (action === "metadata") {
    const titles = sheet.listedTabs ?? Object.keys(sheet.tabs);
    // `fields=sheets.properties.title` narrows the answer to exactly this shape.
    return json({ sheets: titles.map((title, index) => ({ properties: { title, ...(url.searchParams.has("fields") ? {} : { sheetId: index, index }) } })) });
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

/** The outbound handler: the fake answers its own origin; anything else goes out as it would have. */
export async function fakeSheetsOutbound(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.origin !== FAKE_SHEETS_ORIGIN) {
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    return fetch(request.url, { method: request.method, headers: request.headers, body: hasBody ? await request.arrayBuffer() : undefined, redirect: "manual" });
  }
  const path = decodeURIComponent(url.pathname);
  let match = /^\/__control\/spreadsheets\/([^/]+)(\/requests)?$/.exec(path);
  if (match) return control(request, match[1]!, match[2] ?? "");
  match = /^\/v4\/spreadsheets\/([^/]+)$/.exec(path);
  if (match) return api(request, url, match[1]!, "metadata");
  match = /^\/v4\/spreadsheets\/([^/]+)\/values:batchGet$/.exec(path);
  if (match) return api(request, url, match[1]!, "values");
  return googleError(404);
}
