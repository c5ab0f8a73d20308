import { type FormTemplateRow, findTemplate } from "../../db/queries/forms";
import { notFound } from "../../errors/api-error";
import type { OperationContext } from "../context";

export async function readTemplate(ctx: OperationContext, number: string): Promise<FormTemplateRow> {
  const template = await findTemplate(ctx.db, ctx.companyId, number);
  if (!template) throw notFound();
  return template;
}
