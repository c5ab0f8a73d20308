import { z } from "@hono/zod-openapi";
import { batchIdMember, boundedArray, boundedInteger, boundedString, instantString, TEXT } from "../../lib/bounded";
import { POLICY_ACTIONS } from "../policies/actions";
import { FIXED_COLUMN_KEYS, ROW_LIMIT, SORT_FIELDS } from "./columns";

/** The deepest a selection may start into the sorted rows (an integer bound, CONTRACT 8.3). */
const MAX_OFFSET = 10_000_000;

/** Body members that choose the bordereau rows (interface, "Bordereau export body" and "Further body parameters"). */
export const rowsSelectionShape = {
  periodStart: instantString().optional().openapi({
    description:
      "Inclusive lower bound on `transactionTimestamp` (ISO 8601 date-time; offsets are compared as instants).",
    example: "2026-01-01T00:00:00Z",
  }),
  periodEnd: instantString().optional().openapi({
    description: "Exclusive upper bound on `transactionTimestamp`; must be after `periodStart` when both are given.",
    example: "2026-02-01T00:00:00Z",
  }),
  actions: boundedArray(z.enum(POLICY_ACTIONS), POLICY_ACTIONS.length * 2, 1)
    .optional()
    .openapi({ description: "Transactions to include; omit for all." }),
  transpositions: z
    .array(
      z
        .object({
          path: z
            .string()
            .min(1)
            .max(300)
            .openapi({ description: "A FullTerm container path or configured policy field." }),
          header: z
            .string()
            .trim()
            .min(1)
            .max(100)
            .openapi({ description: "Column header; unique among the columns." }),
        })
        .strict(),
    )
    .max(50)
    .optional()
    .openapi({ description: "Extra columns, after the fixed ones, each reading one path of the version's root data." }),
  sortBy: z
    .enum(SORT_FIELDS)
    .default("transactionTimestamp")
    .openapi({ description: "Sort field; default `transactionTimestamp`." }),
  sortDirection: z.enum(["asc", "desc"]).default("desc").openapi({ description: "Default `desc`." }),
  limit: boundedInteger(ROW_LIMIT.min, ROW_LIMIT.max)
    .default(ROW_LIMIT.default)
    .openapi({ description: "Rows to return, 1 to 50,000; default 50,000." }),
  offset: boundedInteger(0, MAX_OFFSET)
    .default(0)
    .openapi({ description: "Rows of the sorted, filtered set to skip; default 0." }),
  batchId: batchIdMember(),
};

type Selection = { periodStart?: string; periodEnd?: string; transpositions?: Array<{ header: string }> };

/** Rules across members: a non-empty period, and headers that do not repeat a column. */
export function checkRowsSelection(body: Selection, ctx: z.RefinementCtx) {
  if (body.periodStart && body.periodEnd && Date.parse(body.periodEnd) <= Date.parse(body.periodStart)) {
    ctx.addIssue({ code: "custom", path: ["periodEnd"], message: "must be after periodStart" });
  }
  const seen = new Set(FIXED_COLUMN_KEYS);
  body.transpositions?.forEach((t, index) => {
    if (seen.has(t.header))
      ctx.addIssue({
        code: "custom",
        path: ["transpositions", index, "header"],
        message: `repeats the column header "${t.header}"`,
      });
    seen.add(t.header);
  });
}

export const BordereauRowsBodySchema = z
  .object(rowsSelectionShape)
  .strict()
  .superRefine(checkRowsSelection)
  .openapi("BordereauRowsRequest");
export type RowsSelection = z.infer<typeof BordereauRowsBodySchema>;

const GoogleFileId = boundedString(TEXT.key).regex(
  /^[A-Za-z0-9_-]+$/,
  "must be a Google file id (letters, digits, - and _)",
);

/** The export body: the rows selection plus where to write (interface, "Bordereau export body"). */
export const BordereauExportBodySchema = z
  .object({
    sheetsOAuthToken: boundedString(TEXT.token, 1).openapi({
      description:
        "The caller's own OAuth 2.0 access token with write access to the spreadsheet or folder (scope `drive`, " +
        "`drive.file` or `spreadsheets`). Kept only until the export's rows are written, never returned or logged.",
    }),
    spreadsheetId: GoogleFileId.optional().openapi({
      description: "An existing spreadsheet to write to (in a new tab); exclusive with `folderId`.",
    }),
    folderId: GoogleFileId.optional().openapi({
      description: "A Google Drive folder to create a new spreadsheet in; exclusive with `spreadsheetId`.",
    }),
    spreadsheetName: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .openapi({
        description:
          "Name of the new spreadsheet; only with `folderId`. " +
          "Default `{companyShortName}-bordereau-export {UTC timestamp}` (timestamp `YYYY-MM-DDTHH:MM:SSZ`).",
      }),
    ...rowsSelectionShape,
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.spreadsheetId && body.folderId)
      ctx.addIssue({
        code: "custom",
        path: ["folderId"],
        message: "cannot be given with spreadsheetId; give one or the other",
      });
    if (!body.spreadsheetId && !body.folderId)
      ctx.addIssue({ code: "custom", path: ["spreadsheetId"], message: "or folderId is required" });
    if (body.spreadsheetName !== undefined && !body.folderId)
      ctx.addIssue({ code: "custom", path: ["spreadsheetName"], message: "is only accepted with folderId" });
    checkRowsSelection(body, ctx);
  })
  .openapi("BordereauExportRequest", {
    // Exactly one destination; a name only for a new spreadsheet (refused 400 otherwise, as described).
    oneOf: [
      { required: ["spreadsheetId"], not: { required: ["folderId"] } },
      { required: ["folderId"], not: { required: ["spreadsheetId"] } },
    ],
    ...({ dependentRequired: { spreadsheetName: ["folderId"] } } as object),
  });
export type ExportRequest = z.infer<typeof BordereauExportBodySchema>;
