import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { type Database, database } from "../../db/client";
import { findCompany } from "../../db/queries/companies";
import { loadConfiguration } from "../../db/queries/configuration";
import { liveReferenceCounts, type StoredType, wipeRecordsOfType } from "../../db/queries/relationships";
import { allowsDestructiveChanges } from "../../domain/company/lifecycle";
import { ENTITY_TYPES } from "../../domain/entities/entity-types";
import { ApiError, notFound } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import {
  companyParams,
  companyRoute,
  conflictResponse,
  jsonContent,
  keyCaller,
  validationErrorResponse,
} from "../../http/route";

const TYPE_LIST = `${ENTITY_TYPES.join(", ")}, or a custom object key`;

const EntityTypeParam = z.string().openapi({
  param: { name: "entityType", in: "path" },
  description: `One of ${ENTITY_TYPES.join(", ")} (any letter case), or a custom object key of the company's configuration.`,
});

const DeleteAllResultSchema = z
  .object({
    entityType: z.string(),
    rowsRemoved: z.number().int().openapi({ description: "Records removed; 0 when there was nothing left to remove." }),
  })
  .openapi("DeleteAllResult");

const deleteAll = companyRoute("P", "company.reset", {
  method: "post",
  path: "/entities/{entityType}/deleteAll",
  operationId: "deleteAllEntities",
  tags: ["Entities"],
  summary: "Delete every record of one type (Sandbox only)",
  description: [
    "Removes every record of the entity type (or custom object type) and the relationship links among them, in one atomic write. Safe to retry: a repeat removes nothing and answers `rowsRemoved: 0`. No body is needed; a root `batchId` is passed to the audit log.",
    "Refused with 409 `CompanyLifecycleRefused` for every caller unless the company is Sandbox. Refused with 409 `LiveReferencesExist`, deleting nothing, while relationship links tie records of this type to records of another type (unlink them, or wipe the other type's side first), or, for persons, while policy contacts name them; `details` names each relationship and how many links hold.",
    `Any other \`entityType\` than ${TYPE_LIST} is 400 \`VALIDATION_ERROR\`.`,
  ].join("\n\n"),
  request: { params: companyParams({ entityType: EntityTypeParam }) },
  responses: {
    200: jsonContent(DeleteAllResultSchema, "Records removed."),
    ...validationErrorResponse,
    ...conflictResponse(
      "The company is not Sandbox (`CompanyLifecycleRefused`), or links from records of other types remain (`LiveReferencesExist`).",
    ),
  },
});

/** The six entity types in any letter case resolve first; otherwise a configured custom object key. */
async function storedTypeFor(db: Database, companyId: string, raw: string): Promise<StoredType> {
  const lower = raw.toLowerCase();
  if ((ENTITY_TYPES as readonly string[]).includes(lower)) return { kind: "entity", entityType: lower };
  const { document } = await loadConfiguration(db, companyId);
  if (document.customObjects.some((o) => o.key === raw)) return { kind: "customObject", entityType: raw };
  throw new ApiError({
    code: "VALIDATION_ERROR",
    message: `entityType must be one of ${TYPE_LIST}`,
    userMessages: [`"${raw}" is not an entity type or custom object type of this company.`],
    details: [{ field: "entityType", message: `must be one of ${TYPE_LIST}` }],
  });
}

async function requireSandbox(db: Database, companyId: string) {
  const company = await findCompany(db, companyId);
  if (!company) throw notFound();
  if (!allowsDestructiveChanges(company.lifecycle)) {
    throw new ApiError({
      code: "CompanyLifecycleRefused",
      message: `Deleting all records is only available to Sandbox companies; this company is ${company.lifecycle}`,
    });
  }
}

async function refuseLiveReferences(db: Database, companyId: string, type: StoredType) {
  const live = await liveReferenceCounts(db, companyId, type);
  if (!live.length) return;
  const summary = live.map((r) => `${r.relationshipKey} (${r.links} link${r.links === 1 ? "" : "s"})`).join(", ");
  throw new ApiError({
    code: "LiveReferencesExist",
    message: `Cannot delete all ${type.entityType} records while relationship links tie them to records of other types: ${summary}`,
    userMessages: [
      `Some ${type.entityType} records are still linked to records of other types. Remove those links first.`,
    ],
    details: live.map((r) => ({
      field: r.relationshipKey === "policyContacts" ? "policyContacts" : `relationships.${r.relationshipKey}`,
      message: `${r.links} link${r.links === 1 ? "" : "s"} to records of other types`,
    })),
  });
}

export function registerEntityDeleteAllRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(deleteAll, async (c) => {
    const db = database(c.env.DB);
    const { companyId } = keyCaller(c);
    const type = await storedTypeFor(db, companyId, c.req.valid("param").entityType);
    await requireSandbox(db, companyId);
    await refuseLiveReferences(db, companyId, type);
    const rowsRemoved = await wipeRecordsOfType(db, companyId, type);
    if (rowsRemoved === 0) {
      // The batch's own guards may have stopped it (lifecycle changed, a link appeared): say which.
      await requireSandbox(db, companyId);
      await refuseLiveReferences(db, companyId, type);
    }
    return c.json({ entityType: type.entityType, rowsRemoved }, 200);
  });
}
