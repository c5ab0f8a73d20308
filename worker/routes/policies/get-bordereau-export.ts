import { z } from "@hono/zod-openapi";
import { EXPORT_STATUSES } from "../../domain/bordereau/export-progress";
import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { uuidString } from "../../lib/bounded";
import { readBordereauExport } from "../../operations/bordereau/read-export";

const ExportIdParam = uuidString().openapi({ param: { name: "exportId", in: "path" } });

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

const DESCRIPTION =
  "Status (`queued`, `running`, `succeeded`, `failed`), chunks written of the total, data rows written, and the " +
  "error when it failed.";

export const getBordereauExport = defineRoute(
  companyRoute("X", "policy.view", {
    method: "get",
    path: "/policies/bordereau/exports/{exportId}",
    operationId: "getBordereauExport",
    tags: ["Policies"],
    summary: "Read a bordereau export's progress",
    description: DESCRIPTION,
    request: { params: companyParams({ exportId: ExportIdParam }) },
    responses: {
      200: jsonContent(ExportStatusSchema, "The export's progress."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => c.json(await readBordereauExport(contextOf(c), c.req.valid("param").exportId), 200),
);
