import { type FormTemplateRow, insertTemplate } from "../../db/queries/forms";
import { formNumberTaken } from "../../errors/attachment-refusals";
import type { OperationContext } from "../context";

export interface CreateTemplateInput {
  number: string;
  name: string;
  edition?: string | null;
  description?: string | null;
}

/** Registers a form template; a number already used in the company (exact case) is 409 `FormNumberTaken`. */
export async function createTemplate(ctx: OperationContext, input: CreateTemplateInput): Promise<FormTemplateRow> {
  const at = ctx.now.toISOString();
  const created = await insertTemplate(ctx.db, {
    companyId: ctx.companyId,
    number: input.number,
    name: input.name,
    edition: input.edition ?? null,
    description: input.description ?? null,
    createdAt: at,
    updatedAt: at,
  });
  if (!created) throw formNumberTaken(input.number);
  return created;
}
