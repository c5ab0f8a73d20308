import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chunkRange, newTabTitle } from "../../worker/domain/bordereau/export-plan";
import { columnLetters } from "../../worker/domain/spreadsheets/a1-notation";
import { FAKE_DRIVE_ORIGIN, FAKE_SHEETS_ORIGIN } from "../support/fake-sheets";
import { call, eventually, expectError } from "../support/harness";
import { must } from "../support/must";
import { deliver } from "../support/queue";
import { type Book, book, seedVersions } from "./bordereau-fixture";

const EXPORT_TIMEOUT_MS = 45_000;

const uniqueId = (label: string) => `${label}-${crypto.randomUUID()}`;

async function putSpreadsheet(id: string, spreadsheet: Record<string, unknown>) {
  const res = await fetch(`${FAKE_SHEETS_ORIGIN}/__control/spreadsheets/${id}`, {
    method: "PUT",
    body: JSON.stringify(spreadsheet),
  });
  expect(res.status).toBe(204);
}

async function putFolder(id: string, folder: Record<string, unknown>) {
  const res = await fetch(`${FAKE_DRIVE_ORIGIN}/__control/folders/${id}`, {
    method: "PUT",
    body: JSON.stringify(folder),
  });
  expect(res.status).toBe(204);
}

const spreadsheetState = async (id: string): Promise<any> =>
  (await fetch(`${FAKE_SHEETS_ORIGIN}/__control/spreadsheets/${id}`)).json();
const spreadsheetRequests = async (
  id: string,
): Promise<Array<{ method: string; url: string; authorization: string }>> =>
  (await fetch(`${FAKE_SHEETS_ORIGIN}/__control/spreadsheets/${id}/requests`)).json();

const exportPath = (companyId: string) => `/api/v1/external/companies/${companyId}/policies/bordereau/export`;
const startExport = (b: Book, body: Record<string, unknown>, key = b.reader) =>
  call("POST", exportPath(b.company.id), { auth: key, body });
const readExport = (b: Book, exportId: string, key = b.reader) =>
  call("GET", `/api/v1/external/companies/${b.company.id}/policies/bordereau/exports/${exportId}`, { auth: key });

async function finished(b: Book, exportId: string) {
  const res = await eventually(
    () => readExport(b, exportId),
    (r) => ["succeeded", "failed"].includes(r.json?.status),
    EXPORT_TIMEOUT_MS,
  );
  return res.json;
}

/** The sheet an export should produce: the header, then the rows the rows route answers for the same selection. */
async function expectedSheet(b: Book, selection: Record<string, unknown> = {}) {
  const rows = await b.rows(selection);
  expect(rows.status).toBe(200);
  return [rows.json.columns.map((c: { header: string }) => c.header), ...rows.json.rows];
}

/** A chunk's queue message; the caller's token travels only in it (issue 11). */
const chunkMessage = (companyId: string, exportId: string, chunkIndex: number, accessToken = "writer-token") => ({
  type: "bordereau.export-chunk",
  messageId: `${exportId}:${chunkIndex}`,
  companyId,
  payload: { exportId, chunkIndex, accessToken },
});

/** The stored export row, whole: it must never hold the caller's token. */
const storedExport = async (exportId: string) => {
  const row = must<Record<string, unknown>>(
    await env.DB.prepare("SELECT * FROM bordereau_exports WHERE id = ?").bind(exportId).first(),
  );
  expect(JSON.stringify(row)).not.toMatch(/writer-token|folder-token/);
  return { status: row.status };
};
const exportCount = async (companyId: string) =>
  must(
    await env.DB.prepare("SELECT count(*) AS n FROM bordereau_exports WHERE company_id = ?")
      .bind(companyId)
      .first<{ n: number }>(),
  ).n;

async function threePolicies(b: Book) {
  await b.newBusiness("E-1", "2026-01-01T00:00:00Z", { limit: 100 });
  await b.newBusiness("E-2", "2026-01-02T00:00:00Z", { limit: 200, exposures: [] });
  await b.newBusiness("E-3", "2026-01-03T00:00:00Z", {
    limit: 300,
    retroDate: { date: "2019-01-01", timezone: "UTC" },
  });
}

describe("export to an existing spreadsheet", () => {
  it("answers 202 at once and writes the rows, in order, to a new tab through the queue", async () => {
    const b = await book("Acme Mutual");
    await threePolicies(b);
    const outsider = await book("Outsider");
    await outsider.newBusiness("OUT-1", "2026-01-02T12:00:00Z");
    const id = uniqueId("existing");
    await putSpreadsheet(id, { token: "writer-token", tabs: { Existing: [["keep me"]] } });
    const selection = {
      sortBy: "policyNumber",
      sortDirection: "asc",
      transpositions: [
        { path: "limit", header: "Limit" },
        { path: "retroDate", header: "Retro date" },
      ],
    };

    const res = await startExport(b, { ...selection, sheetsOAuthToken: "writer-token", spreadsheetId: id });
    expect(res.status, res.text).toBe(202);
    expect(res.json).toEqual({
      exportId: expect.any(String),
      spreadsheetId: id,
      spreadsheetUrl: `https://docs.google.com/spreadsheets/d/${id}`,
      rowCount: 3,
      status: "queued",
    });
    expect(res.headers.get("Location")).toBe(
      `/api/v1/external/companies/${b.company.id}/policies/bordereau/exports/${res.json.exportId}`,
    );

    // While chunks remain, the export row holds no token either (storedExport checks the whole row).
    await storedExport(res.json.exportId);

    const status = await finished(b, res.json.exportId);
    expect(status).toMatchObject({
      exportId: res.json.exportId,
      status: "succeeded",
      spreadsheetId: id,
      rowCount: 3,
      chunksTotal: 1,
      chunksDone: 1,
      rowsWritten: 3,
      error: null,
    });
    expect(status.startedAt).toEqual(expect.any(String));
    expect(status.completedAt).toEqual(expect.any(String));
    expect(status.sheetTitle).toMatch(/^Bordereau \d{4}-\d\d-\d\d \d\d-\d\d-\d\d UTC$/);

    const sheet = await spreadsheetState(id);
    expect(sheet.tabs.Existing).toEqual([["keep me"]]);
    const written = sheet.tabs[status.sheetTitle];
    expect(written).toEqual(await expectedSheet(b, selection));
    expect(written.map((row: unknown[]) => row[1])).toEqual(["policyNumber", "E-1", "E-2", "E-3"]);
    expect(written[0].slice(-2)).toEqual(["Limit", "Retro date"]);
    expect(written[3].slice(-2)).toEqual([300, "2019-01-01"]);
    // The tab was added at its final size, and the caller's token went with every call.
    // 23 fixed columns (the five transaction premium columns since issue 9) and 2 transposed.
    expect(sheet.grids[status.sheetTitle]).toEqual({ rowCount: 4, columnCount: 25 });
    const calls = await spreadsheetRequests(id);
    expect(calls.every((r) => r.authorization === "Bearer writer-token")).toBe(true);
    expect(calls.filter((r) => r.method === "PUT")).toHaveLength(1);
    // The token is never stored with the export (issue 11): it travels only in the queue messages.
    expect(await storedExport(res.json.exportId)).toEqual({ status: "succeeded" });
  }, 60_000);

  it("writes only the header row when no version matches", async () => {
    const b = await book();
    await threePolicies(b);
    const id = uniqueId("empty");
    await putSpreadsheet(id, { token: "writer-token", tabs: { Sheet1: [] } });
    const res = await startExport(b, { sheetsOAuthToken: "writer-token", spreadsheetId: id, actions: ["CANCEL"] });
    expect(res.json.rowCount).toBe(0);
    const status = await finished(b, res.json.exportId);
    expect(status).toMatchObject({ status: "succeeded", chunksTotal: 1, chunksDone: 1, rowsWritten: 0 });
    expect((await spreadsheetState(id)).tabs[status.sheetTitle]).toEqual(
      await expectedSheet(b, { actions: ["CANCEL"] }),
    );
  }, 60_000);
});

describe("export to a new spreadsheet in a folder", () => {
  it("creates it in the folder under the default name and writes the rows to its first tab", async () => {
    const b = await book("Acme Mutual");
    await threePolicies(b);
    const folderId = uniqueId("folder");
    await putFolder(folderId, { token: "folder-token" });
    const before = new Date();
    const res = await startExport(b, { sheetsOAuthToken: "folder-token", folderId });
    expect(res.status, res.text).toBe(202);
    const spreadsheetId = res.json.spreadsheetId as string;
    expect(res.json.spreadsheetUrl).toBe(`https://docs.google.com/spreadsheets/d/${spreadsheetId}`);

    const status = await finished(b, res.json.exportId);
    expect(status).toMatchObject({ status: "succeeded", sheetTitle: "Bordereau", rowsWritten: 3 });
    const sheet = await spreadsheetState(spreadsheetId);
    expect(sheet.parents).toEqual([folderId]);
    expect(sheet.name).toMatch(/^Acme-Mutual-bordereau-export \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const stamped = Date.parse(sheet.name.split(" ")[1]);
    expect(stamped).toBeGreaterThanOrEqual(Math.floor(before.getTime() / 1000) * 1000);
    expect(stamped).toBeLessThanOrEqual(Date.now());
    // The default first tab became the bordereau tab, sized for the rows.
    expect(Object.keys(sheet.tabs)).toEqual(["Bordereau"]);
    expect(sheet.grids.Bordereau).toEqual({ rowCount: 4, columnCount: 23 });
    expect(sheet.tabs.Bordereau).toEqual(await expectedSheet(b));
  }, 60_000);

  it("takes the name given in spreadsheetName", async () => {
    const b = await book();
    await threePolicies(b);
    const folderId = uniqueId("folder");
    await putFolder(folderId, { token: "folder-token" });
    const res = await startExport(b, {
      sheetsOAuthToken: "folder-token",
      folderId,
      spreadsheetName: "  March bordereau ",
    });
    expect(res.status, res.text).toBe(202);
    expect((await spreadsheetState(res.json.spreadsheetId)).name).toBe("March bordereau");
    expect((await finished(b, res.json.exportId)).status).toBe("succeeded");
  }, 60_000);
});

describe("the export target", () => {
  it("needs exactly one of spreadsheetId and folderId, and spreadsheetName only with folderId; nothing is created", async () => {
    const b = await book();
    await threePolicies(b);
    const both = expectError(
      await startExport(b, { sheetsOAuthToken: "t", spreadsheetId: "abc", folderId: "def" }),
      400,
      "VALIDATION_ERROR",
    );
    expect(both.details).toEqual([
      { field: "folderId", message: "cannot be given with spreadsheetId; give one or the other" },
    ]);
    const neither = expectError(await startExport(b, { sheetsOAuthToken: "t" }), 400, "VALIDATION_ERROR");
    expect(neither.details).toEqual([{ field: "spreadsheetId", message: "or folderId is required" }]);
    const named = expectError(
      await startExport(b, { sheetsOAuthToken: "t", spreadsheetId: "abc", spreadsheetName: "X" }),
      400,
      "VALIDATION_ERROR",
    );
    expect(named.details).toEqual([{ field: "spreadsheetName", message: "is only accepted with folderId" }]);
    const noToken = expectError(await startExport(b, { spreadsheetId: "abc" }), 400, "VALIDATION_ERROR");
    expect(must(noToken.details[0]).field).toBe("sheetsOAuthToken");
    expectError(await startExport(b, { sheetsOAuthToken: "t", spreadsheetId: "../etc" }), 400, "VALIDATION_ERROR");
    expectError(
      await startExport(b, { sheetsOAuthToken: "t", spreadsheetId: "abc", limit: 0 }),
      400,
      "VALIDATION_ERROR",
    );
    expect(await exportCount(b.company.id)).toBe(0);
  });

  it("refuses an unknown transposition before calling Google", async () => {
    const b = await book();
    const id = uniqueId("untouched");
    await putSpreadsheet(id, { token: "writer-token", tabs: { Sheet1: [] } });
    const res = await startExport(b, {
      sheetsOAuthToken: "writer-token",
      spreadsheetId: id,
      transpositions: [{ path: "nope", header: "N" }],
    });
    expectError(res, 400, "VALIDATION_ERROR", 'Unknown transposition path "nope"');
    expect(await spreadsheetRequests(id)).toEqual([]);
  });

  it("maps Google's refusals to clear errors and queues nothing", async () => {
    const b = await book();
    await threePolicies(b);
    const id = uniqueId("guarded");
    await putSpreadsheet(id, { token: "writer-token", readOnlyTokens: ["reader-token"], tabs: { Sheet1: [] } });
    const folderId = uniqueId("folder");
    await putFolder(folderId, { token: "folder-token", readOnlyTokens: ["folder-reader"] });

    const expired = expectError(
      await startExport(b, { sheetsOAuthToken: "expired-token", spreadsheetId: id }),
      400,
      "SheetsTokenRejected",
    );
    expect(expired.details).toEqual([{ field: "sheetsOAuthToken", message: "was rejected by Google Sheets" }]);
    const readOnly = expectError(
      await startExport(b, { sheetsOAuthToken: "reader-token", spreadsheetId: id }),
      400,
      "SheetsAccessDenied",
      "The Google Sheets access token does not grant write access to the spreadsheet",
    );
    expect(readOnly.details).toEqual([
      { field: "spreadsheetId", message: "is not writable with the given access token" },
    ]);
    expectError(
      await startExport(b, { sheetsOAuthToken: "writer-token", spreadsheetId: uniqueId("missing") }),
      404,
      "SpreadsheetNotFound",
    );
    expectError(await startExport(b, { sheetsOAuthToken: "expired-token", folderId }), 400, "SheetsTokenRejected");
    const folderReader = expectError(
      await startExport(b, { sheetsOAuthToken: "folder-reader", folderId }),
      400,
      "SheetsAccessDenied",
      "The Google access token does not grant write access to the folder",
    );
    expect(folderReader.details).toEqual([
      { field: "folderId", message: "is not writable with the given access token" },
    ]);
    const noFolder = expectError(
      await startExport(b, { sheetsOAuthToken: "folder-token", folderId: uniqueId("missing") }),
      404,
      "FolderNotFound",
      "Google Drive folder not found",
    );
    expect(noFolder.details).toEqual([{ field: "folderId", message: "names no folder visible to the access token" }]);

    const down = uniqueId("down");
    await putSpreadsheet(down, { token: "writer-token", tabs: { Sheet1: [] }, failWith: 503 });
    expectError(
      await startExport(b, { sheetsOAuthToken: "writer-token", spreadsheetId: down }),
      502,
      "SheetsUnavailable",
    );
    // Nothing of the refused tabs was added, and no export was recorded or queued.
    expect(Object.keys((await spreadsheetState(id)).tabs)).toEqual(["Sheet1"]);
    expect(await exportCount(b.company.id)).toBe(0);
  });
});

describe("chunked writing through the queue", () => {
  it("writes 12,001 rows in three chunks at fixed ranges, retrying a chunk Google failed with 500", async () => {
    const b = await book();
    const template = await b.newBusiness("T-1", "2025-12-31T00:00:00Z");
    await seedVersions(b.company.id, template.policyId, 12_000);
    const id = uniqueId("big");
    // The first value write fails; the queue retries it after its backoff.
    await putSpreadsheet(id, { token: "writer-token", tabs: { Sheet1: [] }, failWrites: { status: 500, times: 1 } });
    const res = await startExport(b, { sheetsOAuthToken: "writer-token", spreadsheetId: id });
    expect(res.status, res.text).toBe(202);
    expect(res.json.rowCount).toBe(12_001);

    const status = await finished(b, res.json.exportId);
    expect(status).toMatchObject({
      status: "succeeded",
      chunksTotal: 3,
      chunksDone: 3,
      rowsWritten: 12_001,
      error: null,
    });
    const writes = (await spreadsheetRequests(id))
      .filter((r) => r.method === "PUT")
      .map((r) =>
        decodeURIComponent(r.url)
          .replace(/^.*\/values\/[^!]*!/, "")
          .replace(/\?.*$/, ""),
      );
    expect(writes).toHaveLength(4);
    // 23 columns: A to W.
    expect(new Set(writes)).toEqual(new Set(["A1:W5001", "A5002:W10001", "A10002:W12002"]));
    const attempts = await env.DB.prepare(
      "SELECT chunk_index, attempts, status FROM bordereau_export_chunks WHERE export_id = ? ORDER BY chunk_index",
    )
      .bind(res.json.exportId)
      .all();
    expect(attempts.results.map((r: any) => r.status)).toEqual(["written", "written", "written"]);
    expect(attempts.results.reduce((n: number, r: any) => n + r.attempts, 0)).toBe(1);

    const sheet = (await spreadsheetState(id)).tabs[status.sheetTitle];
    expect(sheet).toEqual(await expectedSheet(b));
    expect(sheet).toHaveLength(12_002);
    expect([sheet[1][1], sheet[5001][1], sheet[5002][1], sheet[12_001][1]]).toEqual([
      "S-012000",
      "S-007000",
      "S-006999",
      "T-1",
    ]);
  }, 90_000);

  it("a chunk delivered again, during the export or after it, writes the same cells and counts once", async () => {
    const b = await book();
    await threePolicies(b);
    const id = uniqueId("redelivered");
    await putSpreadsheet(id, { token: "writer-token", tabs: { Sheet1: [] } });
    const res = await startExport(b, { sheetsOAuthToken: "writer-token", spreadsheetId: id });
    const message = { body: chunkMessage(b.company.id, res.json.exportId, 0) };
    // Two more deliveries racing each other and the queue's own.
    const raced = await Promise.all([deliver([message]), deliver([message])]);
    for (const result of raced) expect(result.retryMessages).toEqual([]);
    const status = await finished(b, res.json.exportId);
    expect(status).toMatchObject({ status: "succeeded", chunksDone: 1, chunksTotal: 1, rowsWritten: 3 });
    const expected = await expectedSheet(b);
    expect((await spreadsheetState(id)).tabs[status.sheetTitle]).toEqual(expected);

    // After completion: acknowledged without calling Google, nothing changes.
    const writesBefore = (await spreadsheetRequests(id)).length;
    const again = await deliver([message, message]);
    expect(again.explicitAcks).toHaveLength(2);
    expect((await spreadsheetRequests(id)).length).toBe(writesBefore);
    expect((await readExport(b, res.json.exportId)).json).toMatchObject({
      status: "succeeded",
      chunksDone: 1,
      rowsWritten: 3,
    });
    expect((await spreadsheetState(id)).tabs[status.sheetTitle]).toEqual(expected);
  }, 60_000);

  it("fails the export when Google refuses the token while writing", async () => {
    const b = await book();
    await threePolicies(b);
    const id = uniqueId("revoked");
    await putSpreadsheet(id, { token: "writer-token", tabs: { Sheet1: [] }, failWrites: { status: 401, times: 1 } });
    const res = await startExport(b, { sheetsOAuthToken: "writer-token", spreadsheetId: id });
    const status = await finished(b, res.json.exportId);
    expect(status).toMatchObject({ status: "failed", chunksDone: 0, rowsWritten: 0 });
    expect(status.error).toBe(
      "Writing sheet rows 1 to 4 failed: The Google Sheets access token was rejected; it may have expired. Start a new export.",
    );
    expect(await storedExport(res.json.exportId)).toEqual({ status: "failed" });
    expect((await spreadsheetRequests(id)).filter((r) => r.method === "PUT")).toHaveLength(1);
  }, 60_000);

  it("fails the export after five failed attempts at a chunk, and later deliveries are acknowledged", async () => {
    const b = await book();
    await threePolicies(b);
    const id = uniqueId("flaky");
    await putSpreadsheet(id, { token: "writer-token", tabs: { Sheet1: [] }, failWrites: { status: 503, times: 1000 } });
    const res = await startExport(b, { sheetsOAuthToken: "writer-token", spreadsheetId: id });
    const message = chunkMessage(b.company.id, res.json.exportId, 0);
    let status = "queued";
    for (let attempt = 1; attempt <= 5 && status !== "failed"; attempt++) {
      const result = await deliver([{ body: message, attempts: attempt }]);
      status = (await readExport(b, res.json.exportId)).json.status;
      // Retried while attempts remain; acknowledged only once the export has failed (the queue's own
      // delivery of the message counts attempts too).
      if (result.explicitAcks.length) expect(status).toBe("failed");
      else expect(result.retryMessages).toHaveLength(1);
    }
    const failed = (await readExport(b, res.json.exportId)).json;
    expect(failed).toMatchObject({ status: "failed", chunksDone: 0 });
    expect(failed.error).toMatch(
      /^Writing sheet rows 1 to 4 failed 5 times \(last: Google Sheets answered 503: The service is currently unavailable\.\)\. Start a new export\.$/,
    );
    expect((await deliver([{ body: message, attempts: 6 }])).explicitAcks).toHaveLength(1);
  }, 60_000);
});

describe("Sandbox reset", () => {
  it("clears exports with the rest of the company's data; a late chunk is acknowledged", async () => {
    const b = await book();
    await threePolicies(b);
    const id = uniqueId("reset");
    await putSpreadsheet(id, { token: "writer-token", tabs: { Sheet1: [] } });
    const res = await startExport(b, { sheetsOAuthToken: "writer-token", spreadsheetId: id });
    expect((await finished(b, res.json.exportId)).status).toBe("succeeded");
    const resetter = await b.company.key(["SandboxManager"]);
    expect((await b.company.call("POST", "/reset", resetter)).status).toBe(200);
    expectError(await readExport(b, res.json.exportId), 404, "NotFoundError", "Not found");
    expect(await exportCount(b.company.id)).toBe(0);
    const late = await deliver([{ body: chunkMessage(b.company.id, res.json.exportId, 0) }]);
    expect(late.explicitAcks).toHaveLength(1);
  }, 60_000);
});

describe("export status", () => {
  it("is the company's own: another company's export id answers 404, a malformed one 400", async () => {
    const b = await book();
    const other = await book();
    await threePolicies(other);
    const id = uniqueId("theirs");
    await putSpreadsheet(id, { token: "writer-token", tabs: { Sheet1: [] } });
    const theirs = await startExport(other, { sheetsOAuthToken: "writer-token", spreadsheetId: id });
    expect(theirs.status).toBe(202);
    expectError(await readExport(b, theirs.json.exportId), 404, "NotFoundError", "Not found");
    expectError(await readExport(b, crypto.randomUUID()), 404, "NotFoundError", "Not found");
    expect(must(expectError(await readExport(b, "not-a-uuid"), 400, "VALIDATION_ERROR").details[0]).field).toBe(
      "exportId",
    );
    expect((await readExport(other, theirs.json.exportId)).status).toBe(200);
  }, 60_000);

  it("export and status need policy.view (company.policy:read)", async () => {
    const b = await book();
    const id = uniqueId("perm");
    await putSpreadsheet(id, { token: "writer-token", tabs: { Sheet1: [] } });
    const without = await b.company.key([], ["policy.create", "configuration.export"]);
    expectError(
      await startExport(b, { sheetsOAuthToken: "writer-token", spreadsheetId: id }, without),
      403,
      "AuthorizationError",
      "User is not authorized to perform the requested action",
    );
    expectError(
      await readExport(b, crypto.randomUUID(), without),
      403,
      "AuthorizationError",
      "User is not authorized to perform the requested action",
    );
    const legacy = await b.company.key([], ["company.policy:read"]);
    const res = await startExport(b, { sheetsOAuthToken: "writer-token", spreadsheetId: id }, legacy);
    expect(res.status).toBe(202);
    expect((await readExport(b, res.json.exportId, legacy)).status).toBe(200);
  }, 60_000);
});

describe("sheet layout", () => {
  it("gives each chunk a fixed range: header and 5,000 rows first, then 5,000 rows each", () => {
    expect(chunkRange("Bordereau", 0, 5001, 18)).toBe("'Bordereau'!A1:R5001");
    expect(chunkRange("Bordereau", 1, 5000, 18)).toBe("'Bordereau'!A5002:R10001");
    expect(chunkRange("Bordereau", 9, 5000, 30)).toBe("'Bordereau'!A45002:AD50001");
    expect(chunkRange("O'Brien", 0, 1, 1)).toBe("'O''Brien'!A1:A1");
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetters)).toEqual(["A", "Z", "AA", "AZ", "BA", "ZZ", "AAA"]);
  });

  it("names a new tab after the moment, without colons, and never after a tab the spreadsheet has", () => {
    const now = new Date("2026-03-04T05:06:07.890Z");
    expect(newTabTitle(now, ["Sheet1"])).toBe("Bordereau 2026-03-04 05-06-07 UTC");
    expect(newTabTitle(now, ["Bordereau 2026-03-04 05-06-07 UTC", "Bordereau 2026-03-04 05-06-07 UTC (2)"])).toBe(
      "Bordereau 2026-03-04 05-06-07 UTC (3)",
    );
  });
});
