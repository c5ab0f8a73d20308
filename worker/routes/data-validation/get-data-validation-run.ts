import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonContent,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { readRun } from "../../operations/data-validation/read-run";
import { RunIdParam, RunSchema } from "./schemas";

const DESCRIPTION =
  "Status and progress of a run. `totalCount` is stable only once the run has completed; `processedCount` " +
  "counts the findings saved so far. Another company's run id is 404.";

export const getDataValidationRun = defineRoute(
  companyRoute("P", "configuration.view", {
    method: "get",
    path: "/data-validation/runs/{runId}",
    operationId: "getDataValidationRun",
    tags: ["Data validation"],
    summary: "Read a data-validation run",
    description: DESCRIPTION,
    request: { params: companyParams({ runId: RunIdParam }) },
    responses: { 200: jsonContent(RunSchema, "The run."), ...validationErrorResponse, ...notFoundResponse },
  }),
  async (c) => c.json(await readRun(contextOf(c), c.req.valid("param").runId), 200),
);
