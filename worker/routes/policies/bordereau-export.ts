import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { CHUNK_ROWS } from "../../domain/bordereau/export-plan";
import { CHUNK_MAX_ATTEMPTS, EXPORT_STATUSES } from "../../domain/bordereau/export-progress";
import { BordereauExportBodySchema } from "../../domain/bordereau/request";
import { BORDEREAU_DESCRIPTION } from "../../domain/bordereau/schemas";
import { notFound } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import { ErrorEnvelopeSchema } from "../../http/errors";
import {
  companyParams,
  companyRoute,
  FAMILY_PREFIX,
  jsonBody,
  jsonContent,
  keyCaller,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { exportView, findExport, startExport } from "../../operations/bordereau/start-export";

const errorContent = (description: string) => jsonContent(ErrorEnvelopeSchema, description);

const ExportIdParam = z.uuid({ message: "must be a UUID" }).openapi({ param: { name: "exportId", in: "path" } });

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

const ExportStatusSchema = z
  .object({
    exportId: z.uuid(),
    status: z
      .enum(EXPORT_STATUSES)
      .openapi({ description: "`queued` until a chunk is being written, `running`, then `succeeded` or `failed`." }),
    spreadsheetId: z.string(),
    spreadsheetUrl: z.string(),
    sheetTitle: z.string().openapi({ description: "The tab the rows are written to." }),
    rowCount: z.number().int(),
    chunksTotal: z.number().int(),
    chunksDone: z.number().int(),
    rowsWritten: z.number().int().openapi({ description: "Data rows written so far." }),
    error: z.string().nullable().openapi({ description: "Why the export failed; null otherwise." }),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
  })
  .openapi("BordereauExportStatus");

const WRITING = `**Writing.** The target is prepared before answering: with \`folderId\`, a new spreadsheet is created in that Google Drive folder (Drive API v3, shared drives included) and its first tab renamed \`Bordereau\`; with \`spreadsheetId\`, a new tab \`Bordereau YYYY-MM-DD HH-MM-SS UTC\` is added (a number is appended should the name be taken), so nothing already in the spreadsheet is overwritten. Either way the tab is sized for every row. The rows are computed at that moment (later transactions do not change the export). The answer is 202 with the export's id; the rows are then written through a queue in chunks of ${CHUNK_ROWS.toLocaleString("en-US")} rows, each to a fixed range (header in row 1, data from row 2; values written RAW, never as formulas), so a chunk written twice writes the same cells. A chunk that meets a Google outage or rate limit is retried with exponential backoff, up to ${CHUNK_MAX_ATTEMPTS} attempts; a refusal while writing (token expired, access removed) fails the export. Follow progress at \`GET ${FAMILY_PREFIX.X}/policies/bordereau/exports/{exportId}\`. The token is kept only until the export ends.`;

const GOOGLE_ERRORS =
  "Google's answers map to: 401 → 400 `SheetsTokenRejected` (token rejected, perhaps expired); 403 → 400 `SheetsAccessDenied` (no write access to the spreadsheet or folder); spreadsheet unknown → 404 `SpreadsheetNotFound`; folder unknown → 404 `FolderNotFound`; another refusal → 400 `SheetsRequestRejected`; 5xx, rate limiting, network failure or timeout → 502 `SheetsUnavailable`.";

const exportRoute = companyRoute("X", "policy.view", {
  method: "post",
  path: "/policies/bordereau/export",
  operationId: "exportBordereau",
  tags: ["Policies"],
  summary: "Export the bordereau to Google Sheets",
  description: [
    "Writes the bordereau rows (the same rows `POST /api/v1/companies/{companyId}/policies/bordereau/rows` answers for the same selection) to Google Sheets with the caller's own OAuth access token `sheetsOAuthToken`. Give exactly one of `spreadsheetId` (an existing spreadsheet) and `folderId` (create a new one there, named `spreadsheetName` or by default `{companyShortName}-bordereau-export {UTC timestamp}`); both or neither is 400 `VALIDATION_ERROR`, as is `spreadsheetName` without `folderId`.",
    WRITING,
    BORDEREAU_DESCRIPTION,
    GOOGLE_ERRORS,
  ].join("\n\n"),
  request: { params: companyParams(), body: jsonBody(BordereauExportBodySchema) },
  responses: {
    202: {
      ...jsonContent(ExportStartedSchema, "The export is queued; `Location` names its status route."),
      headers: z.object({ Location: z.string().openapi({ description: "Path of the export's status." }) }),
    },
    400: errorContent(
      "Invalid body (`VALIDATION_ERROR`), token rejected by Google (`SheetsTokenRejected`), no write access (`SheetsAccessDenied`) or another refusal (`SheetsRequestRejected`).",
    ),
    404: errorContent("No spreadsheet (`SpreadsheetNotFound`) or Drive folder (`FolderNotFound`) with this id."),
    502: errorContent("Google Sheets or Drive failed, timed out or could not be reached (`SheetsUnavailable`)."),
  },
});

const statusRoute = companyRoute("X", "policy.view", {
  method: "get",
  path: "/policies/bordereau/exports/{exportId}",
  operationId: "getBordereauExport",
  tags: ["Policies"],
  summary: "Read a bordereau export's progress",
  description:
    "Status (`queued`, `running`, `succeeded`, `failed`), chunks written of the total, data rows written, and the error when it failed.",
  request: { params: companyParams({ exportId: ExportIdParam }) },
  responses: {
    200: jsonContent(ExportStatusSchema, "The export's progress."),
    ...validationErrorResponse,
    ...notFoundResponse,
  },
});

export function registerBordereauExportRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(exportRoute, async (c) => {
    const caller = keyCaller(c);
    const row = await startExport(c.env, database(c.env.DB), caller.companyId, caller.keyId, c.req.valid("json"));
    const view = exportView(row);
    c.header("Location", `/api/v1/external/companies/${caller.companyId}/policies/bordereau/exports/${row.id}`);
    return c.json(
      {
        exportId: view.exportId,
        spreadsheetId: view.spreadsheetId,
        spreadsheetUrl: view.spreadsheetUrl,
        rowCount: view.rowCount,
        status: view.status,
      },
      202,
    );
  });

  app.openapi(statusRoute, async (c) => {
    const { companyId } = keyCaller(c);
    const row = await findExport(database(c.env.DB), companyId, c.req.valid("param").exportId);
    if (!row) throw notFound();
    return c.json(exportView(row), 200);
  });
}
