import { z } from "@hono/zod-openapi";
import { FINDINGS_PAGE_SIZE } from "../../domain/data-validation/limits";
import { offsetOf, pageQuery } from "../../http/pagination";
import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { listRunFindings } from "../../operations/data-validation/list-run-findings";
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

const DESCRIPTION = [
  "One finding per validated record, in the order the run validated them. `page` is one-based; `pageSize` " +
    "defaults to 50 and values above 500 are clamped to 500 (the response reports the size used); `offset` is not " +
    "accepted. Continue while `page * pageSize < totalCount`.",
  "Findings can be read while the run is under way (the total grows until it completes) and after it has " +
    "completed. Another company's run id is 404.",
].join("\n\n");

export const listDataValidationFindings = defineRoute(
  companyRoute("P", "configuration.view", {
    method: "get",
    path: "/data-validation/runs/{runId}/findings",
    operationId: "listDataValidationFindings",
    tags: ["Data validation"],
    summary: "Read the saved findings of a data-validation run",
    description: DESCRIPTION,
    request: { params: companyParams({ runId: RunIdParam }), query: FindingsQuery },
    responses: {
      200: jsonContent(FindingsPageSchema, "A page of findings."),
      ...validationErrorResponse,
      ...notFoundResponse,
    },
  }),
  async (c) => {
    const { page, pageSize, adheres } = c.req.valid("query");
    const window = { limit: pageSize, offset: offsetOf(page, pageSize), adheres };
    const { items, totalCount } = await listRunFindings(contextOf(c), c.req.valid("param").runId, window);
    return c.json({ items, totalCount, page, pageSize }, 200);
  },
);
