import { describe, expect, it } from "vitest";
import { GoogleSheetsClient } from "../../worker/clients/google-sheets";
import { EMPTY_DOCUMENT } from "../../worker/domain/configuration/document";
import { readSpreadsheetDocument, spreadsheetInput } from "../../worker/domain/configuration/spreadsheet-document";
import { columnLetters } from "../../worker/domain/spreadsheets/a1-notation";
import { ApiError } from "../../worker/errors/api-error";
import { FAKE_SHEETS_ORIGIN, type FakeSpreadsheet } from "../support/fake-sheets";
import { call, createCompany, expectError, type TestCompany } from "../support/harness";
import { must } from "../support/must";

const ROLE = "FMV1_CONFIGURATION_MANAGER";
const NOT_AUTHORIZED = "User is not authorized to perform the requested action";

let sequence = 0;
/** Spreadsheet ids and tokens unique across the run (the fake's state is shared by every test file). */
const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${(sequence++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

type Tabs = FakeSpreadsheet["tabs"];

/** Puts a spreadsheet into the fake Google Sheets and returns its id and token. */
async function spreadsheet(tabs: Tabs, options: Partial<FakeSpreadsheet> = {}) {
  const id = unique("sheet");
  const token = options.token ?? unique("ya29");
  const res = await fetch(`${FAKE_SHEETS_ORIGIN}/__control/spreadsheets/${id}`, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...options, token, tabs }),
  });
  expect(res.status).toBe(204);
  return { id, token };
}

async function sheetRequests(
  id: string,
): Promise<Array<{ method: string; url: string; authorization: string | null }>> {
  return (await fetch(`${FAKE_SHEETS_ORIGIN}/__control/spreadsheets/${id}/requests`)).json();
}

const compare = (company: TestCompany, key: string, body: unknown) =>
  call("POST", `/api/v1/external/companies/${company.id}/configuration/compare`, { auth: key, body });

const BASELINE = {
  fieldDefinitions: [
    {
      entityType: "exposure",
      referenceId: "exposureName",
      label: "Exposure name",
      typeInfo: { kind: "String" },
      required: true,
    },
    {
      entityType: "exposure",
      referenceId: "vehicleType",
      label: "Vehicle type",
      typeInfo: { kind: "Select", optionSet: "vehicleTypes" },
    },
    { entityType: "policy", referenceId: "limit", label: "Limit", typeInfo: { kind: "Currency" } },
  ],
  optionSets: [
    {
      key: "vehicleTypes",
      options: [
        { value: "car", label: "Car" },
        { value: "truck", label: "Truck" },
      ],
    },
  ],
  customObjects: [
    {
      key: "vehicle",
      name: "Vehicle",
      pluralizedName: "Vehicles",
      subFields: [{ referenceId: "vin", label: "VIN", typeInfo: { kind: "String" } }],
    },
  ],
  cardDefinitions: [{ key: "main", pageKey: "exposurePage", entityType: "exposure", title: "Main", order: 1 }],
  cardSections: [{ key: "basics", cardKey: "main", title: "Basics", order: 1 }],
  fieldLocations: [{ referenceId: "exposureName", cardKey: "main", sectionKey: "basics", order: 1 }],
};

const FIELD_HEADER = [
  "entityType",
  "referenceId",
  "label",
  "kind",
  "typeArgs",
  "required",
  "readOnly",
  "writePermission",
  "computedDefault",
  "generatedAt",
  "description",
];
/** The baseline's fields as spreadsheet rows (row 2, 3, 4). */
const BASELINE_FIELD_ROWS = [
  ["exposure", "exposureName", "Exposure name", "String", "", true, false],
  ["exposure", "vehicleType", "Vehicle type", "Select", '{"optionSet": "vehicleTypes"}'],
  ["policy", "limit", "Limit", "Currency"],
];
const OPTION_ROWS = [
  ["key", "value", "label"],
  ["vehicleTypes", "car", "Car"],
  ["vehicleTypes", "truck", "Truck"],
];

const EMPTY_DIFF = { additions: 0, updates: 0, deletes: 0, unchanged: 0 };

/** A company holding the baseline configuration, with a key that may compare. */
async function configuredCompany() {
  const company = await createCompany();
  const admin = await company.key(["SUPER_ADMIN"]);
  const imported = await company.call("POST", "/configuration/import", admin, { body: BASELINE });
  expect(imported.status, imported.text).toBe(200);
  return { company, manager: await company.key([ROLE]) };
}

describe("POST X/configuration/compare (Google Sheets)", () => {
  it("counts additions, updates, deletes and unchanged items per category, exactly as a document compare does", async () => {
    const { company, manager } = await configuredCompany();
    const sheet = await spreadsheet({
      fieldDefinitions: [
        FIELD_HEADER,
        ["exposure", "exposureName", "Exposure name", "String", "", "TRUE", "false"], // unchanged (text booleans)
        ["exposure", "vehicleType", "Vehicle kind", "Select", '{"optionSet": "vehicleTypes"}'], // label changed
        [],
        ["policy", "deductible", "Deductible", "Number", "", "", "", "", "500"], // added; "limit" is gone
      ],
      optionSets: [...OPTION_ROWS, ["vehicleTypes", "van", "Van"]],
      cardDefinitions: [
        ["key", "pageKey", "entityType", "title", "parentCardKey", "order", "renderingArguments", "displayCondition"],
        ["main", "exposurePage", "exposure", "Main", "", "1", "{}"],
      ],
      fieldLocations: [
        [
          "referenceId",
          "cardKey",
          "sectionKey",
          "order",
          "renderingArguments",
          "displayCondition",
          "requiredCondition",
        ],
      ],
      Notes: [["anything"], ["goes here"]],
    });
    const res = await compare(company, manager, { spreadsheetId: sheet.id, sheetsOAuthToken: sheet.token });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      fieldDefinitions: { additions: 1, updates: 1, deletes: 1, unchanged: 1 },
      optionSets: { ...EMPTY_DIFF, updates: 1 },
      customObjects: { ...EMPTY_DIFF, unchanged: 1 }, // tab absent
      cardDefinitions: { ...EMPTY_DIFF, unchanged: 1 },
      cardSections: { ...EMPTY_DIFF, unchanged: 1 }, // tab absent
      fieldLocations: { ...EMPTY_DIFF, deletes: 1 }, // header only
    });

    const document = {
      fieldDefinitions: [
        BASELINE.fieldDefinitions[0],
        { ...BASELINE.fieldDefinitions[1], label: "Vehicle kind" },
        {
          entityType: "policy",
          referenceId: "deductible",
          label: "Deductible",
          typeInfo: { kind: "Number" },
          computedDefault: "500",
        },
      ],
      optionSets: [
        { key: "vehicleTypes", options: [...must(BASELINE.optionSets[0]).options, { value: "van", label: "Van" }] },
      ],
      cardDefinitions: BASELINE.cardDefinitions,
      fieldLocations: [],
    };
    const byDocument = await company.call("POST", "/configuration/compare", manager, { body: document });
    expect(byDocument.status).toBe(200);
    expect(byDocument.json).toEqual(res.json);
  });

  it("reads the tabs with one batchGet of unformatted rows, using the caller's token", async () => {
    const { company, manager } = await configuredCompany();
    const sheet = await spreadsheet({
      optionSets: OPTION_ROWS,
      fieldDefinitions: [FIELD_HEADER, ...BASELINE_FIELD_ROWS],
    });
    const res = await compare(company, manager, { spreadsheetId: sheet.id, sheetsOAuthToken: sheet.token });
    expect(res.status, res.text).toBe(200);
    expect(res.json.fieldDefinitions).toEqual({ ...EMPTY_DIFF, unchanged: 3 });
    expect(res.json.optionSets).toEqual({ ...EMPTY_DIFF, unchanged: 1 });

    const seen = await sheetRequests(sheet.id);
    expect(seen.map((r) => r.authorization)).toEqual([`Bearer ${sheet.token}`, `Bearer ${sheet.token}`]);
    expect(must(seen[0]).url).toBe(`/v4/spreadsheets/${sheet.id}?fields=sheets.properties.title`);
    const batch = new URL(must(seen[1]).url, FAKE_SHEETS_ORIGIN);
    expect(batch.pathname).toBe(`/v4/spreadsheets/${sheet.id}/values:batchGet`);
    expect(batch.searchParams.getAll("ranges")).toEqual(["fieldDefinitions", "optionSets"]);
    expect(batch.searchParams.get("majorDimension")).toBe("ROWS");
    expect(batch.searchParams.get("valueRenderOption")).toBe("UNFORMATTED_VALUE");
  });

  it("treats absent tabs as omitted categories: everything unchanged, and no values call without tabs", async () => {
    const { company, manager } = await configuredCompany();
    const sheet = await spreadsheet({ Sheet1: [["hello"]] });
    const res = await compare(company, manager, { spreadsheetId: sheet.id, sheetsOAuthToken: sheet.token });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      fieldDefinitions: { ...EMPTY_DIFF, unchanged: 3 },
      optionSets: { ...EMPTY_DIFF, unchanged: 1 },
      customObjects: { ...EMPTY_DIFF, unchanged: 1 },
      cardDefinitions: { ...EMPTY_DIFF, unchanged: 1 },
      cardSections: { ...EMPTY_DIFF, unchanged: 1 },
      fieldLocations: { ...EMPTY_DIFF, unchanged: 1 },
    });
    expect((await sheetRequests(sheet.id)).length).toBe(1);
  });

  it("drops a tab that is listed but cannot be read (Unable to parse range) and reads the rest", async () => {
    const { company, manager } = await configuredCompany();
    const sheet = await spreadsheet(
      { fieldDefinitions: [FIELD_HEADER, ...BASELINE_FIELD_ROWS.slice(0, 2)] },
      { listedTabs: ["fieldDefinitions", "customObjects"] },
    );
    const res = await compare(company, manager, { spreadsheetId: sheet.id, sheetsOAuthToken: sheet.token });
    expect(res.status, res.text).toBe(200);
    expect(res.json.fieldDefinitions).toEqual({ ...EMPTY_DIFF, deletes: 1, unchanged: 2 });
    expect(res.json.customObjects).toEqual({ ...EMPTY_DIFF, unchanged: 1 });
    const batches = (await sheetRequests(sheet.id)).filter((r) => r.url.includes("values:batchGet"));
    expect(batches.map((r) => new URL(r.url, FAKE_SHEETS_ORIGIN).searchParams.getAll("ranges"))).toEqual([
      ["fieldDefinitions", "customObjects"],
      ["fieldDefinitions"],
    ]);
  });

  it("compares against the empty configuration of a company that never imported one", async () => {
    const company = await createCompany();
    const key = await company.key([ROLE]);
    const sheet = await spreadsheet({ optionSets: OPTION_ROWS });
    const res = await compare(company, key, { spreadsheetId: sheet.id, sheetsOAuthToken: sheet.token });
    expect(res.status, res.text).toBe(200);
    expect(res.json.optionSets).toEqual({ ...EMPTY_DIFF, additions: 1 });
    expect(res.json.fieldDefinitions).toEqual(EMPTY_DIFF);
  });

  describe("Google Sheets failures", () => {
    it("maps a rejected token (401) to 400 SheetsTokenRejected", async () => {
      const { company, manager } = await configuredCompany();
      const sheet = await spreadsheet({ optionSets: OPTION_ROWS });
      const res = await compare(company, manager, { spreadsheetId: sheet.id, sheetsOAuthToken: "ya29.expired-token" });
      const error = expectError(
        res,
        400,
        "SheetsTokenRejected",
        "The Google Sheets access token was rejected; it may have expired",
      );
      expect(error.details).toEqual([{ field: "sheetsOAuthToken", message: expect.any(String) }]);
    });

    it("maps no access to the spreadsheet (403) to 400 SheetsAccessDenied", async () => {
      const { company, manager } = await configuredCompany();
      const theirs = await spreadsheet({ optionSets: OPTION_ROWS });
      const mine = await spreadsheet({ optionSets: OPTION_ROWS });
      const res = await compare(company, manager, { spreadsheetId: theirs.id, sheetsOAuthToken: mine.token });
      const error = expectError(res, 400, "SheetsAccessDenied");
      expect(error.details[0]?.field).toBe("spreadsheetId");
    });

    it("maps an unknown spreadsheet (404) to 404 SpreadsheetNotFound", async () => {
      const { company, manager } = await configuredCompany();
      const mine = await spreadsheet({ optionSets: OPTION_ROWS });
      const res = await compare(company, manager, { spreadsheetId: unique("missing"), sheetsOAuthToken: mine.token });
      expectError(res, 404, "SpreadsheetNotFound", "Spreadsheet not found");
    });

    it.each([
      [500, undefined],
      [503, "values"],
      [429, "metadata"],
    ] as const)("maps a provider %i (on %s) to 502 SheetsUnavailable", async (status, failOn) => {
      const { company, manager } = await configuredCompany();
      const sheet = await spreadsheet({ optionSets: OPTION_ROWS }, { failWith: status, ...(failOn ? { failOn } : {}) });
      const res = await compare(company, manager, { spreadsheetId: sheet.id, sheetsOAuthToken: sheet.token });
      const error = expectError(res, 502, "SheetsUnavailable");
      expect(error.message).toContain(String(status));
    });

    it("maps a network failure or a non-JSON answer to 502 SheetsUnavailable", async () => {
      const failing = new GoogleSheetsClient("https://sheets.example", "token", async () => {
        throw new TypeError("Network connection lost.");
      });
      const refused = await failing.readTabs("abc", ["fieldDefinitions"]).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).code).toBe("SheetsUnavailable");
      expect((refused as ApiError).status).toBe(502);

      const garbled = new GoogleSheetsClient(
        "https://sheets.example",
        "token",
        async () => new Response("<html>oops</html>", { status: 200 }),
      );
      expect(((await garbled.tabTitles("abc").catch((e: unknown) => e)) as ApiError).code).toBe("SheetsUnavailable");
    });
  });

  describe("invalid spreadsheet content", () => {
    it("answers 400 InvalidConfiguration naming the tab, sheet row and column", async () => {
      const { company, manager } = await configuredCompany();
      const sheet = await spreadsheet({
        fieldDefinitions: [
          FIELD_HEADER,
          must(BASELINE_FIELD_ROWS[0]),
          ["exposure", "color", "Color", "Strnig"],
          ["exposure", "make", "Make", "Select", '{"optionSet": "makes"}'],
        ],
        optionSets: [...OPTION_ROWS, ["vehicleTypes", "", "Bus"]],
      });
      const res = await compare(company, manager, { spreadsheetId: sheet.id, sheetsOAuthToken: sheet.token });
      const error = expectError(res, 400, "InvalidConfiguration");
      const fields = error.details.map((d) => d.field);
      expect(fields).toEqual(["optionSets.4.value", "fieldDefinitions.3.kind"]);
      expect(error.userMessages.some((m) => m.startsWith('Sheet "fieldDefinitions", row 3, column "kind"'))).toBe(true);
      expect(error.userMessages.every((m) => !m.includes("fieldDefinitions.3"))).toBe(true);
    });

    it("names a reference to an undeclared option set under typeArgs", async () => {
      const { company, manager } = await configuredCompany();
      const sheet = await spreadsheet({
        fieldDefinitions: [
          FIELD_HEADER,
          ...BASELINE_FIELD_ROWS,
          ["exposure", "make", "Make", "Select", '{"optionSet": "makes"}'],
        ],
      });
      const res = await compare(company, manager, { spreadsheetId: sheet.id, sheetsOAuthToken: sheet.token });
      const error = expectError(res, 400, "InvalidConfiguration");
      expect(error.details.map((d) => d.field)).toEqual(["fieldDefinitions.5.typeArgs.optionSet"]);
    });

    it("keeps the document path of an issue in a category the spreadsheet leaves out", async () => {
      const { company, manager } = await configuredCompany();
      // Dropping exposureName leaves the stored field location (fieldLocations tab absent) pointing at nothing.
      const sheet = await spreadsheet({ fieldDefinitions: [FIELD_HEADER, ...BASELINE_FIELD_ROWS.slice(1)] });
      const res = await compare(company, manager, { spreadsheetId: sheet.id, sheetsOAuthToken: sheet.token });
      const error = expectError(res, 400, "InvalidConfiguration");
      expect(error.details.map((d) => d.field)).toEqual(["fieldLocations.0.referenceId"]);
    });

    it("reports unreadable cells and unknown columns, each once", async () => {
      const { company, manager } = await configuredCompany();
      const sheet = await spreadsheet({
        fieldDefinitions: [
          FIELD_HEADER,
          ...BASELINE_FIELD_ROWS,
          ["exposure", "a", "A", "Select", "{not json"],
          ["exposure", "b", "B", "String", "", "yes"],
        ],
        cardSections: [
          ["key", "cardKey", "title", "order", "colour"],
          ["basics", "main", "Basics", 1],
          ["s", "main", "S", "first"],
        ],
      });
      const res = await compare(company, manager, { spreadsheetId: sheet.id, sheetsOAuthToken: sheet.token });
      const error = expectError(res, 400, "InvalidConfiguration");
      expect(error.details.map((d) => d.field).sort()).toEqual([
        "cardSections.1.colour",
        "cardSections.3.order",
        "fieldDefinitions.5.typeArgs",
        "fieldDefinitions.6.required",
      ]);
      expect(error.userMessages).toContain(
        'Sheet "fieldDefinitions", row 6, column "required": Required must be TRUE or FALSE.',
      );
    });
  });

  describe("authorization", () => {
    it("refuses a key with the permission but without the FMV1_CONFIGURATION_MANAGER role", async () => {
      const { company } = await configuredCompany();
      const key = await company.key([], ["company.configuration:export"]);
      const sheet = await spreadsheet({ optionSets: OPTION_ROWS });
      const error = expectError(
        await compare(company, key, { spreadsheetId: sheet.id, sheetsOAuthToken: sheet.token }),
        403,
        "AuthorizationError",
        NOT_AUTHORIZED,
      );
      expect(error.userMessages.join(" ")).toContain(ROLE);
      expect(await sheetRequests(sheet.id)).toEqual([]);
    });

    it("refuses an Admin key, which holds the permission but not the role", async () => {
      const { company } = await configuredCompany();
      const key = await company.key(["Admin"]);
      const sheet = await spreadsheet({ optionSets: OPTION_ROWS });
      expectError(
        await compare(company, key, { spreadsheetId: sheet.id, sheetsOAuthToken: sheet.token }),
        403,
        "AuthorizationError",
        NOT_AUTHORIZED,
      );
    });

    it("lets a legacy SUPER_ADMIN key through, since it holds everything", async () => {
      const { company } = await configuredCompany();
      const key = await company.key(["SUPER_ADMIN"]);
      const sheet = await spreadsheet({ optionSets: OPTION_ROWS });
      expect((await compare(company, key, { spreadsheetId: sheet.id, sheetsOAuthToken: sheet.token })).status).toBe(
        200,
      );
    });

    it("checks the role before the body", async () => {
      const { company } = await configuredCompany();
      const key = await company.key(["Admin"]);
      expectError(await compare(company, key, {}), 403, "AuthorizationError", NOT_AUTHORIZED);
    });

    it("accepts a key holding only the role, which grants the permission itself", async () => {
      const { company, manager } = await configuredCompany();
      const sheet = await spreadsheet({ optionSets: OPTION_ROWS });
      expect((await compare(company, manager, { spreadsheetId: sheet.id, sheetsOAuthToken: sheet.token })).status).toBe(
        200,
      );
    });

    it("refuses another company's key", async () => {
      const { company } = await configuredCompany();
      const intruder = await createCompany("sandbox", "Intruder");
      const key = await intruder.key([ROLE]);
      const sheet = await spreadsheet({ optionSets: OPTION_ROWS });
      expectError(
        await compare(company, key, { spreadsheetId: sheet.id, sheetsOAuthToken: sheet.token }),
        403,
        "AuthorizationError",
        "API key is not scoped to the requested company",
      );
    });

    it("needs a key", async () => {
      const { company } = await configuredCompany();
      const res = await call("POST", `/api/v1/external/companies/${company.id}/configuration/compare`, {
        body: { spreadsheetId: "x", sheetsOAuthToken: "y" },
      });
      expectError(res, 401, "AuthenticationError", "API key authentication required");
    });
  });

  describe("body", () => {
    it("requires sheetsOAuthToken", async () => {
      const { company, manager } = await configuredCompany();
      const error = expectError(await compare(company, manager, { spreadsheetId: "abc" }), 400, "VALIDATION_ERROR");
      expect(error.details.map((d) => d.field)).toEqual(["sheetsOAuthToken"]);
    });

    it("refuses unknown members and malformed spreadsheet ids", async () => {
      const { company, manager } = await configuredCompany();
      const unknown = expectError(
        await compare(company, manager, { spreadsheetId: "abc", sheetsOAuthToken: "t", folderId: "x" }),
        400,
        "VALIDATION_ERROR",
      );
      expect(unknown.details.map((d) => d.field)).toEqual(["folderId"]);
      const traversal = expectError(
        await compare(company, manager, { spreadsheetId: "../../v4/other", sheetsOAuthToken: "t" }),
        400,
        "VALIDATION_ERROR",
      );
      expect(traversal.details.map((d) => d.field)).toEqual(["spreadsheetId"]);
    });

    it("accepts and ignores a root batchId", async () => {
      const { company, manager } = await configuredCompany();
      const sheet = await spreadsheet({ optionSets: OPTION_ROWS });
      const res = await compare(company, manager, {
        spreadsheetId: sheet.id,
        sheetsOAuthToken: sheet.token,
        batchId: "batch-7",
      });
      expect(res.status, res.text).toBe(200);
    });
  });

  it("documents the role and the spreadsheet layout in the OpenAPI description", async () => {
    const document = (await call("GET", "/openapi.json")).json;
    const operation = document.paths["/api/v1/external/companies/{companyId}/configuration/compare"].post;
    expect(operation["x-permission"]).toBe("configuration.export");
    expect(operation.description).toContain(ROLE);
    expect(operation.description).toContain("fieldDefinitions");
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["200", "400", "403", "404", "502"]));
  });
});

describe("spreadsheet → configuration document (pure)", () => {
  it("reads header-named columns in any order, typed cells, and skips empty rows", () => {
    const { input, issues } = spreadsheetInput({
      fieldDefinitions: [
        ["label", "referenceId", "entityType", "kind", "required", "typeArgs"],
        ["Count", "count", "quote", "Sequence", "FALSE", '{"prefix": "Q-", "padding": 4}'],
        [null, "", "  "],
        ["Flag", "flag", "quote", "Boolean", true],
      ],
      optionSets: [
        ["value", "key", "label"],
        [1, "sizes", "Small"],
        ["b", "colours", "Blue"],
        [2, "sizes", "Large"],
      ],
      cardSections: [
        ["key", "cardKey", "title", "order"],
        ["s", "c", "S", " 3 "],
      ],
    });
    expect(issues).toEqual([]);
    expect(input).toEqual({
      fieldDefinitions: [
        {
          label: "Count",
          referenceId: "count",
          entityType: "quote",
          required: false,
          typeInfo: { kind: "Sequence", prefix: "Q-", padding: 4 },
        },
        { label: "Flag", referenceId: "flag", entityType: "quote", required: true, typeInfo: { kind: "Boolean" } },
      ],
      optionSets: [
        {
          key: "sizes",
          options: [
            { value: 1, label: "Small" },
            { value: 2, label: "Large" },
          ],
        },
        { key: "colours", options: [{ value: "b", label: "Blue" }] },
      ],
      cardSections: [{ key: "s", cardKey: "c", title: "S", order: 3 }],
    });
  });

  it("gives a present but empty tab no items, and leaves absent tabs out", () => {
    const { input } = spreadsheetInput({ fieldLocations: [] });
    expect(input).toEqual({ fieldLocations: [] });
  });

  it("locates document issues at the option's own row", () => {
    const { document, issues } = readSpreadsheetDocument(
      {
        optionSets: [
          ["key", "value", "label"],
          ["a", "x", "X"],
          ["b", "y", "Y"],
          ["a", "z"],
        ],
      },
      EMPTY_DOCUMENT,
    );
    expect(document).toBeNull();
    expect(issues.filter((i) => i.severity === "error").map((i) => i.fieldPath)).toEqual([
      ["optionSets", "4", "label"],
    ]);
  });

  it("refuses a value in a column without a header", () => {
    const { document, issues } = readSpreadsheetDocument(
      {
        cardSections: [
          ["key", "", "title"],
          ["s", "oops", "S"],
        ],
      },
      EMPTY_DOCUMENT,
    );
    expect(document).toBeNull();
    expect(issues.filter((i) => i.severity === "error").map((i) => i.fieldPath)).toContainEqual([
      "cardSections",
      "2",
      "B",
    ]);
  });

  it("reports an unreadable cell once, not again as a document issue", () => {
    const { document, issues } = readSpreadsheetDocument(
      {
        fieldDefinitions: [
          ["entityType", "referenceId", "label", "kind", "typeArgs"],
          ["quote", "pick", "Pick", "Select", "{oops"],
        ],
      },
      EMPTY_DOCUMENT,
    );
    expect(document).toBeNull();
    expect(issues.map((i) => i.fieldPath)).toEqual([["fieldDefinitions", "2", "typeArgs"]]);
  });

  it("names columns like the sheet does", () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetters)).toEqual(["A", "Z", "AA", "AZ", "BA", "ZZ", "AAA"]);
  });
});
