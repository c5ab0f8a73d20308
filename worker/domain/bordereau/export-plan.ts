import { columnLetters, quotedTab } from "../spreadsheets/a1-notation";
import type { Cell } from "./columns";

/**
 * How an export lays its rows out in the sheet: the header in row 1, data from row 2, written in
 * chunks of `CHUNK_ROWS` rows. A chunk's range depends only on its index, so a chunk written twice
 * (a re-delivered queue message) writes the same cells.
 */
export const CHUNK_ROWS = 5_000;

/** Chunks of an export; an export without rows still writes its header (chunk 0). */
export const chunkCount = (rowCount: number) => Math.max(1, Math.ceil(rowCount / CHUNK_ROWS));

/** The sheet rows chunk `index` writes: its data rows, preceded by the header in chunk 0. */
export function chunkSheetRows(index: number, header: string[], rows: readonly Cell[][]): Cell[][] {
  const data = rows.slice(index * CHUNK_ROWS, (index + 1) * CHUNK_ROWS);
  return index === 0 ? [header, ...data] : data;
}

/** Data rows of chunk `index` in an export of `rowCount` rows. */
export const chunkDataRows = (index: number, rowCount: number) =>
  Math.max(0, Math.min(CHUNK_ROWS, rowCount - index * CHUNK_ROWS));

/** 1-based sheet row where chunk `index` starts (chunk 0 starts with the header). */
export const chunkFirstSheetRow = (index: number) => (index === 0 ? 1 : 2 + index * CHUNK_ROWS);

/** The fixed range chunk `index` writes `sheetRows` rows of `columnCount` columns to. */
export function chunkRange(title: string, index: number, sheetRows: number, columnCount: number): string {
  const first = chunkFirstSheetRow(index);
  const last = first + Math.max(sheetRows, 1) - 1;
  return `${quotedTab(title)}!A${first}:${columnLetters(Math.max(columnCount, 1) - 1)}${last}`;
}

/** Sheet rows an export needs: the header plus one per data row. */
export const gridRows = (rowCount: number) => rowCount + 1;

/** `2026-03-04T05:06:07Z`: the UTC timestamp in default names, to the second. */
export const utcTimestamp = (now: Date) => `${now.toISOString().slice(0, 19)}Z`;

/** The interface's default name of a new spreadsheet: `{companyShortName}-bordereau-export {UTC timestamp}`. */
export const defaultSpreadsheetName = (companyShortName: string, now: Date) =>
  `${companyShortName}-bordereau-export ${utcTimestamp(now)}`;

/** The tab of a new spreadsheet. */
export const NEW_SPREADSHEET_TAB = "Bordereau";

/**
 * A new tab in an existing spreadsheet: never one of its tabs, so nothing already there is overwritten.
 * `Bordereau 2026-03-04 05-06-07 UTC`: no colons, which Google's A1 range parsing mistakes for a range.
 */
export function newTabTitle(now: Date, existing: readonly string[]): string {
  const base = `Bordereau ${utcTimestamp(now).replace("T", " ").replaceAll(":", "-").replace("Z", " UTC")}`;
  const taken = new Set(existing);
  let title = base;
  for (let n = 2; taken.has(title); n++) title = `${base} (${n})`;
  return title;
}

export const spreadsheetUrl = (spreadsheetId: string) => `https://docs.google.com/spreadsheets/d/${spreadsheetId}`;

/** Queue message type of one chunk of an export (payload `{exportId, chunkIndex}`). */
export const EXPORT_CHUNK_MESSAGE = "bordereau.export-chunk";

/** R2 holds each chunk's sheet rows between the request that computed them and the message that writes them. */
export const chunkObjectKey = (companyId: string, exportId: string, index: number) =>
  `bordereau-exports/${companyId}/${exportId}/${index}.json`;
export const exportObjectPrefix = (companyId: string, exportId: string) =>
  `bordereau-exports/${companyId}/${exportId}/`;
