import { offsetOf } from "../../http/pagination";
import { defineRoute } from "../../http/registry";
import {
  companyParams,
  companyRoute,
  contextOf,
  jsonBody,
  jsonContent,
  validationErrorResponse,
} from "../../http/route";
import { TYPE_LIST } from "../../operations/data-validation/require-targets";
import { validateBatch } from "../../operations/data-validation/validate-batch";
import { BatchRequestSchema, FindingsPageSchema } from "./schemas";

const DESCRIPTION = [
  "Validates one page of the stored records of one type, oldest first, synchronously, and answers one finding " +
    "per record: `adheres` is true when the record has no `issues` (values that do not fit their field's kind, " +
    "option set or shape; required fields that are absent or null) and no `extraKeys` (stored keys that are " +
    "neither configured fields nor platform fields). Values are checked as the entity reads present them (a " +
    "legacy Address in an AddressV2 field, at the top level, in Group entries and in embedded exposures, is " +
    "checked in the AddressV2 shape), in every place they are stored: Group entries, a quote's embedded " +
    "exposures (against the exposure fields), and for `policy` the data of every stored version of each policy " +
    "(one finding per policy; data carried forward unchanged across versions is checked once, where it first " +
    "appears). " +
    "Stored values must have their stored shape: a MultiSelect holds a list. Nothing is written.",
  "`page` is one-based; `pageSize` defaults to 100 and values above 100 are clamped to 100 (the response " +
    "reports the size used). Continue while `page * pageSize < totalCount`. `offset` is not accepted (400 naming " +
    "`page`). For a whole company, start a background run instead.",
  `\`entityType\` outside ${TYPE_LIST} is 400 \`VALIDATION_ERROR\`.`,
].join("\n\n");

export const validateDataBatch = defineRoute(
  companyRoute(
    "P",
    "configuration.view",
    {
      method: "post",
      path: "/data-validation/batch",
      operationId: "validateDataBatch",
      tags: ["Data validation"],
      summary: "Validate one page of stored records against the current configuration",
      description: DESCRIPTION,
      request: { params: companyParams(), body: jsonBody(BatchRequestSchema) },
      responses: {
        200: jsonContent(FindingsPageSchema, "One finding per record of the page."),
        ...validationErrorResponse,
      },
    },
    // Writes nothing: a read-only POST (CONTRACT 4: a retired company's keys can read; 8.1: like GET).
    { readOnly: true },
  ),
  async (c) => {
    const { entityType, page, pageSize } = c.req.valid("json");
    const window = { limit: pageSize, offset: offsetOf(page, pageSize) };
    const { items, totalCount } = await validateBatch(contextOf(c), { entityType, ...window });
    return c.json({ items, totalCount, page, pageSize }, 200);
  },
);
