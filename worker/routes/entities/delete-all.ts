import { z } from "@hono/zod-openapi";
import { ENTITY_TYPES } from "../../domain/entities/entity-types";
import { defineRoute } from "../../http/registry";
import { requestBatchId } from "../../http/request-batch-id";
import {
  companyParams,
  companyRoute,
  conflictResponse,
  contextOf,
  jsonContent,
  validationErrorResponse,
} from "../../http/route";
import { boundedString, TEXT } from "../../lib/bounded";
import { DELETE_ALL_TYPE_LIST, deleteAllRecords } from "../../operations/entities/delete-all";

const TYPES = ENTITY_TYPES.join(", ");

const EntityTypeParam = boundedString(TEXT.key).openapi({
  example: "exposure",
  param: { name: "entityType", in: "path" },
  description: `One of ${TYPES} (any letter case), or a custom object key of the company's configuration.`,
});

const DeleteAllResultSchema = z
  .object({
    entityType: z.string(),
    rowsRemoved: z.number().int().openapi({ description: "Records removed; 0 when there was nothing left to remove." }),
  })
  .openapi("DeleteAllResult");

const DESCRIPTION = [
  "Removes every record of the entity type (or custom object type), the relationship links among them and the " +
    "notes, tasks, folders, files and generated forms attached to them, in one atomic write (the files' stored " +
    "bytes are deleted in the background once it commits), with an audit receipt (kind `receipt`, action " +
    "`deleteAllEntities`, detail `{entityType, rowsRemoved}`, carrying the body's root `batchId`). Safe to " +
    "retry: a repeat removes nothing and answers `rowsRemoved: 0`. No body is needed.",
  "Refused with 409 `CompanyLifecycleRefused` for every caller unless the company is Sandbox. Refused with 409 " +
    "`LiveReferencesExist`, deleting nothing, while relationship links tie records of this type to records of " +
    "another type (unlink them, or wipe the other type's side first), or, for persons, while policy contacts name " +
    "them; `details` names each relationship and how many links hold. Events, persons and organizations are also " +
    "refused while financial records name them (an event's reserves, payments and invoices; a payee's), until " +
    "`POST P/financials/deleteAll` (`details` field `financials`).",
  `Any other \`entityType\` than ${DELETE_ALL_TYPE_LIST} is 400 \`VALIDATION_ERROR\`.`,
].join("\n\n");

const CONFLICTS =
  "The company is not Sandbox (`CompanyLifecycleRefused`), or links from records of other types or financial " +
  "records remain (`LiveReferencesExist`).";

export const deleteAllRecordsRoute = defineRoute(
  companyRoute(
    "P",
    "company.reset",
    {
      method: "post",
      path: "/entities/{entityType}/deleteAll",
      operationId: "deleteAllEntities",
      tags: ["Entities"],
      summary: "Delete every record of one type (Sandbox only)",
      description: DESCRIPTION,
      request: { params: companyParams({ entityType: EntityTypeParam }) },
      responses: {
        200: jsonContent(DeleteAllResultSchema, "Records removed."),
        ...validationErrorResponse,
        ...conflictResponse(CONFLICTS),
      },
    },
    { sandboxOnly: true },
  ),
  async (c) => {
    const ctx = contextOf(c, { batchId: requestBatchId(c) });
    return c.json(await deleteAllRecords(ctx, { entityType: c.req.valid("param").entityType }), 200);
  },
);
