import { defineRoute } from "../../http/registry";
import { companyParams, companyRoute, contextOf, jsonContent, validationErrorResponse } from "../../http/route";
import { TYPE_LIST } from "../../operations/data-validation/require-targets";
import { startRun } from "../../operations/data-validation/start-run";
import { RunSchema, StartRunRequestSchema } from "./schemas";

const DESCRIPTION = [
  "Queues a run that validates every stored record of the given types (default: the six entity types, `policy` " +
    "and every configured custom object type) against the configuration current when each chunk is validated, and " +
    "saves one finding per record (per policy for `policy`). Answers 202 with the run (`status: queued`); follow it with the run read and read its " +
    "findings page by page.",
  "The work goes through the background queue in chunks and is safe under repeated delivery: no record gets two " +
    "findings. A run moves `queued` → `running` → `succeeded` (or `failed`, with `error`, after repeated " +
    "failures). Runs belong to the company and are cleared by a Sandbox reset. The body may be omitted.",
  `A type outside ${TYPE_LIST} is 400 \`VALIDATION_ERROR\` and nothing is queued.`,
].join("\n\n");

export const startDataValidationRun = defineRoute(
  companyRoute("P", "configuration.view", {
    method: "post",
    path: "/data-validation/runs",
    operationId: "startDataValidationRun",
    tags: ["Data validation"],
    summary: "Start a background validation of stored records",
    description: DESCRIPTION,
    request: {
      params: companyParams(),
      body: { required: false, content: { "application/json": { schema: StartRunRequestSchema } } },
    },
    responses: { 202: jsonContent(RunSchema, "Run queued."), ...validationErrorResponse },
  }),
  async (c) => {
    const run = await startRun(contextOf(c), { entityTypes: c.req.valid("json").entityTypes });
    c.header("Location", `${c.req.path}/${run.runId}`);
    return c.json(run, 202);
  },
);
