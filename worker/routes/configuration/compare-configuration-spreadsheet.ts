import { z } from "@hono/zod-openapi";
import { CONFIGURATION_MANAGER_ROLE, withConfigurationManager } from "../../http/configuration-manager";
import { ErrorEnvelopeSchema } from "../../http/errors";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonBody, jsonContent } from "../../http/route";
import { batchIdMember, boundedString, TEXT } from "../../lib/bounded";
import { compareSpreadsheet } from "../../operations/configuration/compare-spreadsheet";
import { ConfigurationDiffSchema } from "./schemas";

const TOKEN_DESCRIPTION =
  "The caller's own OAuth 2.0 access token with read access to the spreadsheet (scope " +
  "`spreadsheets.readonly`, `spreadsheets`, `drive.readonly` or `drive`). Used for this call only; never " +
  "stored or logged.";

const CompareSheetsBody = z
  .object({
    spreadsheetId: boundedString(TEXT.key)
      .regex(/^[A-Za-z0-9_-]+$/, "must be a Google Sheets spreadsheet id (letters, digits, - and _)")
      .openapi({
        description: "Id of the Google Sheets spreadsheet (the part of its URL after `/d/`).",
        example: "1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms",
      }),
    sheetsOAuthToken: boundedString(TEXT.token, 1).openapi({ description: TOKEN_DESCRIPTION }),
    batchId: batchIdMember(),
  })
  .strict()
  .openapi("CompareConfigurationSpreadsheetRequest");

const errorContent = (description: string) => jsonContent(ErrorEnvelopeSchema, description);

const LAYOUT = [
  "**Spreadsheet layout.** One tab per category, named exactly `fieldDefinitions`, `optionSets`, `customObjects`, " +
    "`cardDefinitions`, `cardSections`, `fieldLocations` (other tabs are ignored). Row 1 of each tab is a header " +
    "row naming its columns, in any order; every later non-empty row is one item. Columns:",
  "",
  "- `fieldDefinitions`: `entityType`, `referenceId`, `label`, `kind`, `typeArgs` (JSON object text of the kind's " +
    'arguments, e.g. `{"optionSet": "vehicleTypes"}`, or empty), `required`, `readOnly`, `writePermission`, ' +
    "`computedDefault`, `generatedAt`, `description`. A row becomes a field with `typeInfo: {kind, ...typeArgs}`.",
  "- `optionSets`: one row per option with `key`, `value`, `label`; rows sharing a `key` form one option set, " +
    "options in row order. A number cell gives a number value, a text cell a text value.",
  "- `customObjects`: `key`, `name`, `pluralizedName`, `displayNameExpression`, `subFields` (JSON array text of " +
    "field definitions without `entityType`; empty means none).",
  "- `cardDefinitions`: `key`, `pageKey`, `entityType`, `title`, `parentCardKey`, `order`, `renderingArguments` " +
    "(JSON object text), `displayCondition`.",
  "- `cardSections`: `key`, `cardKey`, `title`, `order`, `displayCondition`.",
  "- `fieldLocations`: `referenceId`, `cardKey`, `sectionKey`, `order`, `renderingArguments` (JSON object text), " +
    "`displayCondition`, `requiredCondition`.",
  "",
  "An empty cell means the member is omitted (null, or its default). Booleans are boolean cells or the text " +
    "`TRUE`/`FALSE` (any case); numbers are number cells or numeric text. An unknown or repeated column name, or a " +
    "value in a column without a name, is refused.",
  "",
  "**Absent tabs.** A tab the spreadsheet does not have leaves its category out, exactly like a member omitted " +
    "from a document: it keeps the stored configuration and counts as unchanged. A tab that is present replaces its " +
    "category whole, so stored items missing from it count as deletes (a tab with only its header row deletes every " +
    "item of its category).",
  "",
  "**Errors.** Content that does not make a valid configuration is 400 `InvalidConfiguration`; each " +
    "`details[].field` is `<tab>.<row>.<column>[...]` with the 1-based sheet row number (the header is row 1), e.g. " +
    "`fieldDefinitions.3.kind`; deeper segments are paths inside a JSON cell (`customObjects.4.subFields.0.label`) " +
    "and a field's type arguments appear under `typeArgs` (`fieldDefinitions.3.typeArgs.optionSet`). Google's " +
    "answers map to: 401 → 400 `SheetsTokenRejected` (token rejected, perhaps expired); 403 → 400 " +
    "`SheetsAccessDenied` (the token cannot read the spreadsheet); 404 → 404 `SpreadsheetNotFound`; 5xx, rate " +
    "limiting, network failure or timeout → 502 `SheetsUnavailable`.",
].join("\n");

const DESCRIPTION = [
  "Reads the configuration held in a Google Sheets spreadsheet (Sheets API v4, with the caller's own OAuth " +
    "access token `sheetsOAuthToken`, read access needed) and answers what importing it would change, per " +
    "category: items added, updated, deleted and unchanged. The spreadsheet is read into a configuration " +
    "document and compared exactly as `POST /api/v1/companies/{companyId}/configuration/compare` compares a " +
    "document body.",
  `**Role.** Besides the permission below, the API key must hold the role \`${CONFIGURATION_MANAGER_ROLE}\`; a key ` +
    "without that role is refused 403 `AuthorizationError`, whatever its other roles and permissions (the role " +
    "itself grants the permission). Legacy `SUPER_ADMIN` keys hold everything and pass.",
  LAYOUT,
].join("\n\n");

const route = companyRoute(
  "X",
  "company.configuration:export",
  {
    method: "post",
    path: "/configuration/compare",
    operationId: "compareConfigurationSpreadsheet",
    tags: ["Configuration"],
    summary: "Compare a configuration spreadsheet with the stored configuration",
    description: DESCRIPTION,
    request: { params: companyParams(), body: jsonBody(CompareSheetsBody) },
    responses: {
      200: jsonContent(ConfigurationDiffSchema, "The diff."),
      400: errorContent(
        "Invalid body (`VALIDATION_ERROR`), invalid spreadsheet content (`InvalidConfiguration`), token rejected by " +
          "Google (`SheetsTokenRejected`) or without read access to the spreadsheet (`SheetsAccessDenied`).",
      ),
      403: errorContent(
        "Key scoped to another company, missing the route's permission, or without the " +
          `\`${CONFIGURATION_MANAGER_ROLE}\` role (\`AuthorizationError\`).`,
      ),
      404: errorContent("Google Sheets knows no spreadsheet with this id (`SpreadsheetNotFound`)."),
      502: errorContent("Google Sheets failed, timed out or could not be reached (`SheetsUnavailable`)."),
    },
    "x-required-role": CONFIGURATION_MANAGER_ROLE,
  },
  { readOnly: true, duringSetup: true },
);

export const compareConfigurationSpreadsheet = defineRoute(withConfigurationManager(route), async (c) => {
  const { spreadsheetId, sheetsOAuthToken } = c.req.valid("json");
  return c.json(await compareSpreadsheet(contextOf(c), { spreadsheetId, sheetsOAuthToken }), 200);
});
