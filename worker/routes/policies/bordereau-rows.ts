import { BordereauRowsBodySchema } from "../../domain/bordereau/request";
import { BORDEREAU_DESCRIPTION, BordereauRowsSchema } from "../../domain/bordereau/schemas";
import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonBody,
  jsonContent,
  validationErrorResponse,
} from "../../http/route";
import { bordereauRows } from "../../operations/bordereau/bordereau-rows";

const DESCRIPTION =
  "The rows a bordereau export would write, returned directly. The body is the export body without " +
  "`sheetsOAuthToken`, `spreadsheetId`, `folderId` and `spreadsheetName`.\n\n" +
  BORDEREAU_DESCRIPTION;

export const listBordereauRows = defineRoute(
  companyRoute(
    "P",
    "policy.view",
    {
      method: "post",
      path: "/policies/bordereau/rows",
      operationId: "listBordereauRows",
      tags: ["Policies"],
      summary: "List bordereau rows",
      description: DESCRIPTION,
      request: { params: companyParams(), body: jsonBody(BordereauRowsBodySchema) },
      responses: { 200: jsonContent(BordereauRowsSchema, "The columns and rows."), ...validationErrorResponse },
    },
    { readOnly: true },
  ),
  async (c) => {
    const table = await bordereauRows(contextOf(c), c.req.valid("json"));
    return c.json({ columns: table.columns, rows: table.rows, rowCount: table.rows.length }, 200);
  },
);
