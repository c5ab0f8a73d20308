import { z } from "@hono/zod-openapi";
import { CHUNK_ROWS, spreadsheetUrl } from "../../domain/bordereau/export-plan";
import { CHUNK_MAX_ATTEMPTS, EXPORT_STATUSES } from "../../domain/bordereau/export-progress";
import { BordereauExportBodySchema } from "../../domain/bordereau/request";
import { BORDEREAU_DESCRIPTION } from "../../domain/bordereau/schemas";
import { ErrorEnvelopeSchema } from "../../http/errors";
import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, FAMILY_PREFIX, jsonBody, jsonContent } from "../../http/route";
import { startBordereauExport } from "../../operations/bordereau/start-export";

const errorContent = (description: string) => jsonContent(ErrorEnvelopeSchema, description);

const ExportStartedSchema = z
  .object({
    exportId: z.uuid(),
    spreadsheetId: z.string(),
    spreadsheetUrl: z
      .string()
      .openapi({ example: "https://docs.google.com/spreadsheets/d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms" }),
    rowCount: z.number().int().openapi({ description: "Data rows the export writes (the header row not counted)." }),
    status: z.enum(EXPORT_STATUSES),
  })
  .openapi("BordereauExportStarted");

const WRITING =
  "**Writing.** The target is prepared before answering: with `folderId`, a new spreadsheet is created in that " +
  "Google Drive folder (Drive API v3, shared drives included) and its first tab renamed `Bordereau`; with " +
  "`spreadsheetId`, a new tab `Bordereau YYYY-MM-DD HH-MM-SS UTC` is added (a number is appended should the name " +
  "be taken), so nothing already in the spreadsheet is overwritten. Either way the tab is sized for every row. " +
  "The rows are computed at that moment (later transactions do not change the export). The answer is 202 with the " +
  `export's id; the rows are then written through a queue in chunks of ${CHUNK_ROWS.toLocaleString("en-US")} ` +
  "rows, each to a fixed range (header in row 1, data from row 2; values written RAW, never as formulas), so a " +
  "chunk written twice writes the same cells. A chunk that meets a Google outage or rate limit is retried with " +
  `exponential backoff, up to ${CHUNK_MAX_ATTEMPTS} attempts; a refusal while writing (token expired, access ` +
  "removed) fails the export. Follow progress at " +
  `\`GET ${FAMILY_PREFIX.X}/policies/bordereau/exports/{exportId}\`. The token is kept only until the export ends.`;

const GOOGLE_ERRORS =
  "Google's answers map to: 401 → 400 `SheetsTokenRejected` (token rejected, perhaps expired); 403 → 400 " +
  "`SheetsAccessDenied` (no write access to the spreadsheet or folder); spreadsheet unknown → 404 " +
  "`SpreadsheetNotFound`; folder unknown → 404 `FolderNotFound`; another refusal → 400 `SheetsRequestRejected`; " +
  "5xx, rate limiting, network failure or timeout → 502 `SheetsUnavailable`.";

const TARGET =
  "Writes the bordereau rows (the same rows `POST /api/v1/companies/{companyId}/policies/bordereau/rows` answers " +
  "for the same selection) to Google Sheets with the caller's own OAuth access token `sheetsOAuthToken`. Give " +
  "exactly one of `spreadsheetId` (an existing spreadsheet) and `folderId` (create a new one there, named " +
  "`spreadsheetName` or by default `{companyShortName}-bordereau-export {UTC timestamp}`); both or neither is 400 " +
  "`VALIDATION_ERROR`, as is `spreadsheetName` without `folderId`.";

const BAD_REQUEST =
  "Invalid body (`VALIDATION_ERROR`), token rejected by Google (`SheetsTokenRejected`), no write access " +
  "(`SheetsAccessDenied`) or another refusal (`SheetsRequestRejected`).";

export const exportBordereau = defineRoute(
  companyRoute("X", "policy.view", {
    method: "post",
    path: "/policies/bordereau/export",
    operationId: "exportBordereau",
    tags: ["Policies"],
    summary: "Export the bordereau to Google Sheets",
    description: [TARGET, WRITING, BORDEREAU_DESCRIPTION, GOOGLE_ERRORS].join("\n\n"),
    request: { params: companyParams(), body: jsonBody(BordereauExportBodySchema) },
    responses: {
      202: {
        ...jsonContent(ExportStartedSchema, "The export is queued; `Location` names its status route."),
        headers: z.object({ Location: z.string().openapi({ description: "Path of the export's status." }) }),
      },
      400: errorContent(BAD_REQUEST),
      404: errorContent("No spreadsheet (`SpreadsheetNotFound`) or Drive folder (`FolderNotFound`) with this id."),
      502: errorContent("Google Sheets or Drive failed, timed out or could not be reached (`SheetsUnavailable`)."),
    },
  }),
  async (c) => {
    const ctx = contextOf(c);
    const row = await startBordereauExport(ctx, c.req.valid("json"));
    c.header("Location", `/api/v1/external/companies/${ctx.companyId}/policies/bordereau/exports/${row.id}`);
    return c.json(
      {
        exportId: row.id,
        spreadsheetId: row.spreadsheetId,
        spreadsheetUrl: spreadsheetUrl(row.spreadsheetId),
        rowCount: row.rowCount,
        status: row.status,
      },
      202,
    );
  },
);
