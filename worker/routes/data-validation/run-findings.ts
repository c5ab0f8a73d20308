import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { findRun, listFindings } from "../../db/queries/data-validation-runs";
import { FINDINGS_PAGE_SIZE } from "../../domain/data-validation/limits";
import { notFound } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import { pageQuery } from "../../http/pagination";
import {
  companyParams,
  companyRoute,
  jsonContent,
  keyCaller,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { FindingsPageSchema, RunIdParam, refusedOffset } from "./schemas";

const FindingsQuery = z.object({
  ...pageQuery(FINDINGS_PAGE_SIZE.default, FINDINGS_PAGE_SIZE.max),
  adheres: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true"))
    .openapi({
      description: "`false`: only records with issues or extra keys; `true`: only adhering records; omitted: all.",
    }),
  offset: refusedOffset,
});

const listDataValidationFindings = companyRoute("P", "configuration.view", {
  method: "get",
  path: "/data-validation/runs/{runId}/findings",
  operationId: "listDataValidationFindings",
  tags: ["Data validation"],
  summary: "Read the saved findings of a data-validation run",
  description: [
    "One finding per validated record, in the order the run validated them. `page` is one-based; `pageSize` defaults to 50 and values above 500 are clamped to 500 (the response reports the size used); `offset` is not accepted. Continue while `page * pageSize < totalCount`.",
    "Findings can be read while the run is under way (the total grows until it completes) and after it has completed. Another company's run id is 404.",
  ].join("\n\n"),
  request: { params: companyParams({ runId: RunIdParam }), query: FindingsQuery },
  responses: {
    200: jsonContent(FindingsPageSchema, "A page of findings."),
    ...validationErrorResponse,
    ...notFoundResponse,
  },
});

export function registerDataValidationFindingsRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listDataValidationFindings, async (c) => {
    const { companyId } = keyCaller(c);
    const { page, pageSize, adheres } = c.req.valid("query");
    const db = database(c.env.DB);
    const run = await findRun(db, companyId, c.req.valid("param").runId);
    if (!run) throw notFound();
    const { items, totalCount } = await listFindings(db, run, { page, pageSize, adheres });
    return c.json({ items, totalCount, page, pageSize }, 200);
  });
}
