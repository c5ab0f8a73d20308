import type { OpenAPIHono } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { BordereauRowsBodySchema } from "../../domain/bordereau/request";
import { BORDEREAU_DESCRIPTION, BordereauRowsSchema } from "../../domain/bordereau/schemas";
import type { AppEnv } from "../../http/context";
import {
  companyParams,
  companyRoute,
  jsonBody,
  jsonContent,
  keyCaller,
  validationErrorResponse,
} from "../../http/route";
import { bordereauRows } from "../../operations/bordereau/bordereau-rows";

const listRows = companyRoute("P", "policy.view", {
  method: "post",
  path: "/policies/bordereau/rows",
  operationId: "listBordereauRows",
  tags: ["Policies"],
  summary: "List bordereau rows",
  description: `The rows a bordereau export would write, returned directly. The body is the export body without \`sheetsOAuthToken\`, \`spreadsheetId\`, \`folderId\` and \`spreadsheetName\`.\n\n${BORDEREAU_DESCRIPTION}`,
  request: { params: companyParams(), body: jsonBody(BordereauRowsBodySchema) },
  responses: { 200: jsonContent(BordereauRowsSchema, "The columns and rows."), ...validationErrorResponse },
});

export function registerBordereauRowsRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRows, async (c) => {
    const { companyId } = keyCaller(c);
    const table = await bordereauRows(database(c.env.DB), companyId, c.req.valid("json"));
    return c.json({ columns: table.columns, rows: table.rows, rowCount: table.rows.length }, 200);
  });
}
