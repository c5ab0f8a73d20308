import { countFinancialReferences } from "../../db/queries/financial-wipe";
import { liveReferenceCounts, type StoredType, wipeRecordsOfType } from "../../db/queries/relationships";
import { countLinkedQuotes } from "../../db/queries/submissions";
import { ENTITY_TYPES } from "../../domain/entities/entity-types";
import { ApiError } from "../../errors/api-error";
import { auditReceipt } from "../audit-receipt";
import { requireSandboxCompany } from "../company/require-company";
import { configurationOf } from "../configuration/configuration-of";
import type { OperationContext } from "../context";
import { requestObjectPurge } from "../files/purge-stored-objects";

export const DELETE_ALL_TYPE_LIST = `${ENTITY_TYPES.join(", ")}, or a custom object key`;

export interface DeleteAllOutcome {
  entityType: string;
  rowsRemoved: number;
}

/** The six entity types in any letter case resolve first; otherwise a configured custom object key. */
async function storedTypeFor(ctx: OperationContext, raw: string): Promise<StoredType> {
  const lower = raw.toLowerCase();
  if ((ENTITY_TYPES as readonly string[]).includes(lower)) return { kind: "entity", entityType: lower };
  const { document } = await configurationOf(ctx);
  if (document.customObjects.some((o) => o.key === raw)) return { kind: "customObject", entityType: raw };
  throw new ApiError({
    code: "VALIDATION_ERROR",
    message: `entityType must be one of ${DELETE_ALL_TYPE_LIST}`,
    userMessages: [`"${raw}" is not an entity type or custom object type of this company.`],
    details: [{ field: "entityType", message: `must be one of ${DELETE_ALL_TYPE_LIST}` }],
  });
}

const linksOf = (n: number) => `${n} link${n === 1 ? "" : "s"}`;

/** Every quote links a submission (CONTRACT 5.3, Wipes): submissions are wiped only once no quote is left. */
async function refuseLinkedQuotes(ctx: OperationContext, type: StoredType) {
  if (type.kind !== "entity" || type.entityType !== "submission") return;
  const quotes = await countLinkedQuotes(ctx.db, ctx.companyId);
  if (!quotes) return;
  const message = `${quotes} quote${quotes === 1 ? " links" : "s link"} a submission`;
  throw new ApiError({
    code: "LiveReferencesExist",
    message: `Cannot delete all submission records while quotes link them: ${message}`,
    userMessages: ["Some submissions still have quotes. Delete all quotes first."],
    details: [{ field: "quote.submissionId", message }],
  });
}

async function refuseLiveReferences(ctx: OperationContext, type: StoredType) {
  await refuseLinkedQuotes(ctx, type);
  const live = await liveReferenceCounts(ctx.db, ctx.companyId, type);
  if (!live.length) return;
  const summary = live.map((r) => `${r.relationshipKey} (${linksOf(r.links)})`).join(", ");
  throw new ApiError({
    code: "LiveReferencesExist",
    message:
      `Cannot delete all ${type.entityType} records while relationship links tie them to records of other ` +
      `types: ${summary}`,
    userMessages: [
      `Some ${type.entityType} records are still linked to records of other types. Remove those links first.`,
    ],
    details: live.map((r) => ({
      field: r.relationshipKey === "policyContacts" ? "policyContacts" : `relationships.${r.relationshipKey}`,
      message: `${linksOf(r.links)} to records of other types`,
    })),
  });
}

/** Events, and persons and organizations as payees, stay while financial records name them (section 7.9). */
async function refuseFinancialReferences(ctx: OperationContext, type: StoredType) {
  if (type.kind !== "entity") return;
  const entries = await countFinancialReferences(ctx.db, ctx.companyId, type.entityType);
  if (!entries) return;
  const entriesName = `${entries} journal ${entries === 1 ? "entry names" : "entries name"}`;
  throw new ApiError({
    code: "LiveReferencesExist",
    message: `Cannot delete all ${type.entityType} records while financial records name them: ${entriesName} them`,
    userMessages: [
      `Invoices, payments or reserves still name some ${type.entityType} records. Delete the financials data first.`,
    ],
    details: [{ field: "financials", message: `${entriesName} ${type.entityType} records` }],
  });
}

const WHAT = "Deleting all records";

/**
 * Removes every record of one entity type (any letter case) or custom object type, the links among them
 * and the notes, tasks, folders, files and generated forms attached to them, with an audit receipt
 * (action `deleteAllEntities`, detail `{entityType, rowsRemoved}`), in one atomic batch (Sandbox only;
 * 409 while links or policy contacts tie them to other records, or financial records name them).
 * Safe to retry: a repeat removes nothing. The batch repeats the guards, so when it removed nothing the
 * checks run again to say which guard stopped it.
 */
export async function deleteAllRecords(
  ctx: OperationContext,
  input: { entityType: string },
): Promise<DeleteAllOutcome> {
  // The lifecycle refusal is for every caller, whatever type the path names (CONTRACT 3), as a forced import's is.
  await requireSandboxCompany(ctx, WHAT);
  const type = await storedTypeFor(ctx, input.entityType);
  await refuseLiveReferences(ctx, type);
  await refuseFinancialReferences(ctx, type);
  const rowsRemoved = await wipeRecordsOfType(ctx.db, ctx.companyId, type, auditReceipt(ctx, "deleteAllEntities"));
  // The removed files' stored objects were queued in the wipe's batch; R2 deletes them after it.
  if (rowsRemoved > 0) await requestObjectPurge(ctx);
  if (rowsRemoved === 0) {
    await requireSandboxCompany(ctx, WHAT);
    await refuseLiveReferences(ctx, type);
    await refuseFinancialReferences(ctx, type);
  }
  return { entityType: type.entityType, rowsRemoved };
}
