import { type FormTemplateRow, updateTemplate as updateStoredTemplate } from "../../db/queries/forms";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";

export interface UpdateTemplateInput {
  number: string;
  name?: string;
  edition?: string | null;
  description?: string | null;
}

/** Partial update of a template's name, edition and description; its number never changes. */
export async function updateTemplate(ctx: OperationContext, input: UpdateTemplateInput): Promise<FormTemplateRow> {
  const updated = await updateStoredTemplate(ctx.db, ctx.companyId, input.number, {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.edition !== undefined && { edition: input.edition }),
    ...(input.description !== undefined && { description: input.description }),
    updatedAt: ctx.now.toISOString(),
  });
  if (!updated) throw notFound();
  return updated;
}
