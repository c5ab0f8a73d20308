import type { OpenAPIHono } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import { findRun, runView, startRun } from "../../db/queries/data-validation-runs";
import { validatableTypes } from "../../domain/data-validation/validation-target";
import { notFound } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import {
  companyParams,
  companyRoute,
  jsonContent,
  keyCaller,
  notFoundResponse,
  validationErrorResponse,
} from "../../http/route";
import { requireTargets } from "../../operations/data-validation/require-targets";
import { RunIdParam, RunSchema, StartRunRequestSchema, TYPE_LIST } from "./schemas";

const startDataValidationRun = companyRoute("P", "configuration.view", {
  method: "post",
  path: "/data-validation/runs",
  operationId: "startDataValidationRun",
  tags: ["Data validation"],
  summary: "Start a background validation of stored records",
  description: [
    "Queues a run that validates every stored record of the given types (default: the six entity types and every configured custom object type) against the configuration current when each chunk is validated, and saves one finding per record. Answers 202 with the run (`status: queued`); follow it with the run read and read its findings page by page.",
    "The work goes through the background queue in chunks and is safe under repeated delivery: no record gets two findings. A run moves `queued` → `running` → `succeeded` (or `failed`, with `error`, after repeated failures). Runs belong to the company and are cleared by a Sandbox reset. The body may be omitted.",
    `A type outside ${TYPE_LIST} is 400 \`VALIDATION_ERROR\` and nothing is queued.`,
  ].join("\n\n"),
  request: {
    params: companyParams(),
    body: { required: false, content: { "application/json": { schema: StartRunRequestSchema } } },
  },
  responses: { 202: jsonContent(RunSchema, "Run queued."), ...validationErrorResponse },
});

const getDataValidationRun = companyRoute("P", "configuration.view", {
  method: "get",
  path: "/data-validation/runs/{runId}",
  operationId: "getDataValidationRun",
  tags: ["Data validation"],
  summary: "Read a data-validation run",
  description:
    "Status and progress of a run. `totalCount` is stable only once the run has completed; `processedCount` counts the findings saved so far. Another company's run id is 404.",
  request: { params: companyParams({ runId: RunIdParam }) },
  responses: { 200: jsonContent(RunSchema, "The run."), ...validationErrorResponse, ...notFoundResponse },
});

export function registerDataValidationRunRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(startDataValidationRun, async (c) => {
    const caller = keyCaller(c);
    const db = database(c.env.DB);
    const configuration = (await loadConfiguration(db, caller.companyId)).document;
    const requested = c.req.valid("json").entityTypes ?? validatableTypes(configuration);
    const targets = requireTargets(
      configuration,
      requested.map((entityType, i) => ({ field: `entityTypes[${i}]`, entityType })),
    );
    const entityTypes = [...new Set(targets.map((t) => t.entityType))];
    const run = await startRun(c.env, db, caller.companyId, caller.keyId, entityTypes);
    c.header("Location", `${c.req.path}/${run.id}`);
    return c.json(runView(run), 202);
  });

  app.openapi(getDataValidationRun, async (c) => {
    const { companyId } = keyCaller(c);
    const run = await findRun(database(c.env.DB), companyId, c.req.valid("param").runId);
    if (!run) throw notFound();
    return c.json(runView(run), 200);
  });
}
