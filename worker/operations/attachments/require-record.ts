import { recordExists } from "../../db/queries/attached-records";
import type { RecordRef } from "../../domain/attachments/attached-record";
import { ENTITY_TYPE_NAMES } from "../../domain/entities/entity-types";
import { namedIdNotFound } from "../../errors/attachment-refusals";
import type { OperationContext } from "../context";

/** 404 naming `entityId` unless the company has the record (another company's id never counts). */
export async function requireRecord(ctx: OperationContext, record: RecordRef): Promise<void> {
  if (!(await recordExists(ctx.db, ctx.companyId, record)))
    throw namedIdNotFound("entityId", ENTITY_TYPE_NAMES[record.entityType].name.toLowerCase());
}
