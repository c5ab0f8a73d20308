import { listGeneratedForms as listStoredGeneratedForms } from "../../db/queries/forms";
import { requireRecord } from "../attachments/require-record";
import type { OperationContext } from "../context";

export interface ListGeneratedFormsInput {
  entityType?: "quote" | "policy";
  entityId?: string;
  formNumber?: string;
  limit: number;
  offset: number;
}

/** Generated forms newest first; a named record must exist (404); `formNumber` matches as text (never 404). */
export async function listGeneratedForms(ctx: OperationContext, input: ListGeneratedFormsInput) {
  const record =
    input.entityType && input.entityId ? { entityType: input.entityType, entityId: input.entityId } : undefined;
  if (record) await requireRecord(ctx, record);
  return listStoredGeneratedForms(ctx.db, ctx.companyId, { record, formNumber: input.formNumber }, input);
}
