import { type GeneratedFormRow, insertGeneratedForm } from "../../db/queries/forms";
import { namedIdNotFound } from "../../errors/attachment-refusals";
import { requireRecord } from "../attachments/require-record";
import type { OperationContext } from "../context";

export interface RecordGeneratedFormInput {
  formNumber: string;
  entityType: "quote" | "policy";
  entityId: string;
}

/** Records a form as generated for a quote or policy; the template (404) and the record (404) must exist. */
export async function recordGeneratedForm(
  ctx: OperationContext,
  input: RecordGeneratedFormInput,
): Promise<GeneratedFormRow> {
  await requireRecord(ctx, { entityType: input.entityType, entityId: input.entityId });
  const row = await insertGeneratedForm(ctx.db, {
    id: crypto.randomUUID(),
    companyId: ctx.companyId,
    formNumber: input.formNumber,
    entityType: input.entityType,
    entityId: input.entityId,
    createdAt: ctx.now.toISOString(),
    createdBy: ctx.actor.keyId,
  });
  if (!row) throw namedIdNotFound("formNumber", "form template");
  return row;
}
