import { humanLabel } from "../issue-messages";
import { columnLetters } from "../spreadsheets/a1-notation";
import type { ConfigurationDocument } from "./document";
import type { ValidationIssue } from "./issues";
import { type ReadDocument, readDocument } from "./read-document";
import type { FinancialUsage } from "./semantics";

/**
 * A configuration held in a spreadsheet, turned into a configuration document (no I/O here).
 *
 * Layout: one tab per category, named exactly as the category. Row 1 of a tab is a header row naming
 * columns (any order; every column is optional; an unknown or repeated column name is refused). Every
 * later non-empty row is one item. Empty cells mean "omitted" (null or the member's default). Booleans
 * are boolean cells or the text TRUE/FALSE (any case); numbers are number cells or numeric text; JSON
 * columns hold JSON text. `optionSets` has one row per option (`key`, `value`, `label`): rows sharing a
 * `key` form one option set, options in row order. `fieldDefinitions` gives the type as `kind` plus
 * `typeArgs` (a JSON object of the kind's arguments, e.g. `{"optionSet": "vehicleTypes"}`).
 *
 * A tab that is absent leaves its category out of the document (it keeps the stored configuration and
 * diffs as unchanged); a tab that is present replaces the category whole, so a tab with only a header
 * row (or nothing at all) has no items.
 *
 * Issues on spreadsheet content are located as `[tab, row, column, ...]`: `row` is the 1-based sheet row
 * number (the header is row 1), `column` is the header name; deeper segments are paths inside a JSON
 * cell (`["customObjects", "4", "subFields", "0", "label"]`), and a field's type arguments appear under
 * `typeArgs` (`["fieldDefinitions", "3", "typeArgs", "optionSet"]`). Issues about categories the
 * spreadsheet did not give keep their document path.
 */

export const SPREADSHEET_TABS = [
  "fieldDefinitions",
  "optionSets",
  "customObjects",
  "cardDefinitions",
  "cardSections",
  "fieldLocations",
] as const;
export type SpreadsheetTab = (typeof SPREADSHEET_TABS)[number];

export type SpreadsheetCell = string | number | boolean | null | undefined;
export type SpreadsheetRows = ReadonlyArray<ReadonlyArray<SpreadsheetCell>>;
export type SpreadsheetTabs = Partial<Record<SpreadsheetTab, SpreadsheetRows>>;

/** How a column's cells are read. */
type ColumnKind = "text" | "boolean" | "number" | "jsonObject" | "jsonArray" | "value";

export const SPREADSHEET_COLUMNS = {
  fieldDefinitions: {
    entityType: "text",
    referenceId: "text",
    label: "text",
    kind: "text",
    typeArgs: "jsonObject",
    required: "boolean",
    readOnly: "boolean",
    writePermission: "text",
    computedDefault: "text",
    generatedAt: "text",
    description: "text",
  },
  optionSets: { key: "text", value: "value", label: "text" },
  customObjects: {
    key: "text",
    name: "text",
    pluralizedName: "text",
    displayNameExpression: "text",
    subFields: "jsonArray",
  },
  cardDefinitions: {
    key: "text",
    pageKey: "text",
    entityType: "text",
    title: "text",
    parentCardKey: "text",
    order: "number",
    renderingArguments: "jsonObject",
    displayCondition: "text",
  },
  cardSections: { key: "text", cardKey: "text", title: "text", order: "number", displayCondition: "text" },
  fieldLocations: {
    referenceId: "text",
    cardKey: "text",
    sectionKey: "text",
    order: "number",
    renderingArguments: "jsonObject",
    displayCondition: "text",
    requiredCondition: "text",
  },
} as const satisfies Record<SpreadsheetTab, Record<string, ColumnKind>>;

type Row = Record<string, unknown>;

/** The input document the spreadsheet describes, and where each of its items came from. */
export interface SpreadsheetInput {
  /** Input document (the format import takes); a cell that could not be read is left out of it. */
  input: Record<string, unknown>;
  /** Issues found while reading cells, already located in the spreadsheet; any makes the document invalid. */
  issues: ValidationIssue[];
  /** Sheet row numbers of each item, per category; for optionSets, of each option of each set. */
  rows: Partial<Record<SpreadsheetTab, number[][]>>;
}

const isEmpty = (cell: SpreadsheetCell) =>
  cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === "");

/** `Sheet "fieldDefinitions", row 3, column "kind"`: where a person finds the cell. */
function place(tab: string, row: number, column: string | undefined): string {
  return `Sheet "${tab}", row ${row}${column === undefined ? "" : `, column "${column}"`}`;
}

function located(
  tab: string,
  row: number,
  column: string | null,
  message: string,
  code: string,
  expected?: string,
): ValidationIssue {
  return {
    message: `${place(tab, row, column ?? undefined)}: ${message}`,
    fieldPath: column ? [tab, String(row), column] : [tab, String(row)],
    severity: "error",
    code,
    ...(expected ? { expected } : {}),
  };
}

/** One cell read as its column says; `undefined` means omitted. */
function readCell(
  kind: ColumnKind,
  cell: SpreadsheetCell,
  at: (message: string, code: string, expected?: string) => ValidationIssue,
  issues: ValidationIssue[],
): unknown {
  if (isEmpty(cell)) return undefined;
  switch (kind) {
    case "text":
      if (typeof cell === "boolean") return cell ? "TRUE" : "FALSE";
      return String(cell);
    case "value":
      if (typeof cell === "boolean") return cell ? "TRUE" : "FALSE";
      return cell;
    case "boolean": {
      if (typeof cell === "boolean") return cell;
      const text = String(cell).trim().toLowerCase();
      if (text === "true") return true;
      if (text === "false") return false;
      issues.push(at("must be TRUE or FALSE", "invalid_type", "boolean"));
      return undefined;
    }
    case "number": {
      if (typeof cell === "number") return cell;
      const text = String(cell).trim();
      if (typeof cell === "string" && /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text)) return Number(text);
      issues.push(at("must be a number", "invalid_type", "number"));
      return undefined;
    }
    case "jsonObject":
    case "jsonArray": {
      const wantArray = kind === "jsonArray";
      const what = wantArray
        ? 'a JSON list, e.g. [{"referenceId": "vin", "label": "VIN", "typeInfo": {"kind": "String"}}]'
        : 'a JSON object, e.g. {"optionSet": "vehicleTypes"}';
      let parsed: unknown;
      try {
        if (typeof cell !== "string") throw new Error("not text");
        parsed = JSON.parse(cell);
      } catch {
        issues.push(at(`must be ${what}`, "invalid-json", wantArray ? "array" : "object"));
        return undefined;
      }
      const isArray = Array.isArray(parsed);
      const isObject = parsed !== null && typeof parsed === "object" && !isArray;
      if (wantArray ? !isArray : !isObject) {
        issues.push(at(`must be ${what}`, "invalid-json", wantArray ? "array" : "object"));
        return undefined;
      }
      return parsed;
    }
  }
}

interface ReadTab {
  items: Array<{ row: number; values: Row }>;
  ok: boolean;
}

/** Header plus data rows of one tab, each data row as `{column: value}` with omitted cells left out. */
function readTab(tab: SpreadsheetTab, rows: SpreadsheetRows, issues: ValidationIssue[]): ReadTab {
  const columns: Record<string, ColumnKind> = SPREADSHEET_COLUMNS[tab];
  const before = issues.length;
  const header = (rows[0] ?? []).map((cell) => (isEmpty(cell) ? null : String(cell).trim()));
  const seen = new Set<string>();
  header.forEach((name, index) => {
    if (name === null) return;
    if (!Object.hasOwn(columns, name)) {
      issues.push(
        located(
          tab,
          1,
          name,
          `Unknown column "${name}" (in ${columnLetters(index)}1); ` +
            `the columns of ${tab} are ${Object.keys(columns).join(", ")}`,
          "unknown-column",
        ),
      );
    } else if (seen.has(name)) {
      issues.push(located(tab, 1, name, `Column "${name}" appears more than once`, "duplicate-column"));
    }
    seen.add(name);
  });
  const items: ReadTab["items"] = [];
  rows.slice(1).forEach((cells, offset) => {
    const row = offset + 2;
    if (cells.every(isEmpty)) return;
    const values: Row = {};
    cells.forEach((cell, index) => {
      if (isEmpty(cell)) return;
      const name = header[index];
      if (name === null || name === undefined) {
        issues.push(
          located(
            tab,
            row,
            columnLetters(index),
            `Column ${columnLetters(index)} holds a value but has no name in the header row`,
            "unnamed-column",
          ),
        );
        return;
      }
      const kind = columns[name];
      if (!kind) return; // unknown column, reported on the header
      const value = readCell(
        kind,
        cell,
        (message, code, expected) => located(tab, row, name, `${humanLabel([name])} ${message}`, code, expected),
        issues,
      );
      if (value !== undefined) values[name] = value;
    });
    items.push({ row, values });
  });
  return { items, ok: issues.length === before };
}

/** A `fieldDefinitions` row as an input field: `kind` and `typeArgs` become `typeInfo`. */
function fieldFromRow(values: Row, row: number, issues: ValidationIssue[]): Row {
  const { kind, typeArgs, ...rest } = values;
  const args = (typeArgs ?? {}) as Record<string, unknown>;
  if ("kind" in args) {
    issues.push(
      located(
        "fieldDefinitions",
        row,
        "typeArgs",
        "Type args must not repeat kind; give the kind in the kind column",
        "invalid-type-args",
      ),
    );
  }
  return kind === undefined ? rest : { ...rest, typeInfo: { ...args, kind } };
}

/** The spreadsheet's tabs as an input document, without validating it. */
export function spreadsheetInput(tabs: SpreadsheetTabs): SpreadsheetInput {
  const issues: ValidationIssue[] = [];
  const input: Record<string, unknown> = {};
  const rows: SpreadsheetInput["rows"] = {};
  for (const tab of SPREADSHEET_TABS) {
    const values = tabs[tab];
    if (values === undefined) continue;
    const read = readTab(tab, values, issues);
    if (tab === "optionSets") {
      const sets = new Map<string, { options: Row[]; rows: number[] }>();
      for (const { row, values: item } of read.items) {
        const { key, ...option } = item;
        if (typeof key !== "string") {
          issues.push(
            located(
              tab,
              row,
              "key",
              "Key is required; rows sharing a key form one option set",
              "invalid_type",
              "string",
            ),
          );
          continue;
        }
        if (option.value === undefined) {
          issues.push(
            located(tab, row, "value", "Value is required (text or a number)", "invalid_type", "string | number"),
          );
        }
        const set = sets.get(key) ?? { options: [], rows: [] };
        set.options.push(option);
        set.rows.push(row);
        sets.set(key, set);
      }
      input.optionSets = [...sets].map(([key, set]) => ({ key, options: set.options }));
      rows.optionSets = [...sets.values()].map((set) => set.rows);
      continue;
    }
    input[tab] = read.items.map(({ row, values: item }) =>
      tab === "fieldDefinitions" ? fieldFromRow(item, row, issues) : item,
    );
    rows[tab] = read.items.map(({ row }) => [row]);
  }
  return { input, issues, rows };
}

/** A document issue (path into the input document) moved to where it sits in the spreadsheet. */
export function locateIssue(issue: ValidationIssue, rows: SpreadsheetInput["rows"]): ValidationIssue {
  const [category, index, ...rest] = issue.fieldPath;
  const tab = SPREADSHEET_TABS.find((t) => t === category);
  const itemRows = tab ? rows[tab]?.[Number(index)] : undefined;
  const firstRow = itemRows?.[0];
  if (!tab || !itemRows || firstRow === undefined || index === undefined || !/^\d+$/.test(index)) return issue;

  let row = firstRow;
  let columns = rest;
  if (tab === "optionSets" && rest[0] === "options" && rest[1] !== undefined) {
    row = itemRows[Number(rest[1])] ?? row;
    columns = rest.slice(2);
  } else if (tab === "fieldDefinitions" && rest[0] === "typeInfo") {
    // typeInfo is written as the kind column plus the typeArgs JSON.
    if (rest[1] === "kind" || (rest.length === 1 && issue.code === "missing-type"))
      columns = ["kind", ...rest.slice(2)];
    else columns = ["typeArgs", ...rest.slice(1)];
  }
  return {
    ...issue,
    message: `${place(tab, row, columns[0])}: ${issue.message}`,
    fieldPath: [tab, String(row), ...columns],
  };
}

const within = (path: readonly string[], prefix: readonly string[]) =>
  prefix.length <= path.length && prefix.every((segment, i) => path[i] === segment);

/**
 * Reads the spreadsheet into the document import would store on top of `stored`, exactly as
 * `readDocument` reads a document body; every issue is located in the spreadsheet. Cells that could not
 * be read are reported once (not again by the document reader) and make the document invalid, while
 * every other row is still checked, so one answer lists every problem.
 */
export function readSpreadsheetDocument(
  tabs: SpreadsheetTabs,
  stored: ConfigurationDocument,
  usage?: FinancialUsage,
): ReadDocument {
  const { input, issues: cellIssues, rows } = spreadsheetInput(tabs);
  const read = readDocument(input, stored, usage);
  const located = read.issues
    .map((issue) => locateIssue(issue, rows))
    .filter((issue) => !cellIssues.some((cell) => within(issue.fieldPath, cell.fieldPath)));
  return { document: cellIssues.length > 0 ? null : read.document, issues: [...cellIssues, ...located] };
}
