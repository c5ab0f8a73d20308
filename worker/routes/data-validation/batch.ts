import type { OpenAPIHono } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { loadConfiguration } from "../../db/queries/configuration";
import { readRecordsPage, validateRecords } from "../../db/queries/data-validation-records";
import type { AppEnv } from "../../http/context";
import { offsetOf } from "../../http/pagination";
import {
  companyParams,
  companyRoute,
  jsonBody,
  jsonContent,
  keyCaller,
  validationErrorResponse,
} from "../../http/route";
import { requireTargets } from "../../operations/data-validation/require-targets";
import { BatchRequestSchema, FindingsPageSchema, TYPE_LIST } from "./schemas";

const validateBatch = companyRoute("P", "configuration.view", {
  method: "post",
  path: "/data-validation/batch",
  operationId: "validateDataBatch",
  tags: ["Data validation"],
  summary: "Validate one page of stored records against the current configuration",
  description: [
    "Validates one page of the stored records of one type, oldest first, synchronously, and answers one finding per record: `adheres` is true when the record has no `issues` (values that do not fit their field's kind, option set or shape; required fields that are absent or null) and no `extraKeys` (stored keys that are neither configured fields nor platform fields). Values are checked as the entity reads present them. Nothing is written.",
    "`page` is one-based; `pageSize` defaults to 100 and values above 100 are clamped to 100 (the response reports the size used). Continue while `page * pageSize < totalCount`. `offset` is not accepted (400 naming `page`). For a whole company, start a background run instead.",
    `\`entityType\` outside ${TYPE_LIST} is 400 \`VALIDATION_ERROR\`.`,
  ].join("\n\n"),
  request: { params: companyParams(), body: jsonBody(BatchRequestSchema) },
  responses: {
    200: jsonContent(FindingsPageSchema, "One finding per record of the page."),
    ...validationErrorResponse,
  },
});

export function registerDataValidationBatchRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(validateBatch, async (c) => {
    const { entityType, page, pageSize } = c.req.valid("json");
    const { companyId } = keyCaller(c);
    const db = database(c.env.DB);
    const configuration = (await loadConfiguration(db, companyId)).document;
    const [target] = requireTargets(configuration, [{ field: "entityType", entityType }]);
    const { records, totalCount } = await readRecordsPage(
      db,
      companyId,
      target!.entityType,
      pageSize,
      offsetOf(page, pageSize),
    );
    return c.json({ items: validateRecords(configuration, target!, records), totalCount, page, pageSize }, 200);
  });
}
